package com.communitybot.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LevelRecordTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "12:34    | 12  | 34",
                "12:1:2   | 12  | 2",
                "12:      | 12  | ''",
                "nocolon  | nocolon | nocolon",
                ":5       | ''  | 5"
            })
    void guildPartIsBeforeTheFirstColon_userPartAfterTheLast(String id, String guild, String user) {
        LevelRecord record = new LevelRecord(id, U64.ZERO, U64.ZERO);

        assertThat(record.guildPart()).isEqualTo(guild);
        assertThat(record.userPart()).isEqualTo(user);
    }
}
