package com.communitybot.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WindowEntry;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The window leaderboard's body written a chunk at a time is the mapper's array of the same entries, byte for byte,
 * across chunks, with names that Jackson escapes and gains of the whole signed range.
 */
class LeaderboardJsonValuesTest {

    private static final List<String> NAMES = List.of(
            "plain",
            "",
            "quote \" and backslash \\ and slash /",
            "controls \u0000 \u001f \t \n",
            "ü ß é € 中文 \u2028",
            "emoji 😀 and 👍🏽",
            "lone surrogates \uD800 x \uDC00",
            "long ".repeat(200));

    private static List<Responses.WindowMember> members(int count) {
        List<Responses.WindowMember> members = new ArrayList<>();
        BigInteger max = U64.MAX.toBigInteger();
        for (int i = 1; i <= count; i++) {
            LeaderboardEntry entry = new LeaderboardEntry(
                    new UserId(i == count ? -1L : i),
                    NAMES.get(i % NAMES.size()),
                    i % 3 == 0 ? "" : "https://cdn.discordapp.com/avatars/" + i + "/a.png",
                    i == 1 ? U64.MAX : U64.ofNonNegative(i % 40),
                    U64.ofNonNegative(i * 7919L % 100_000),
                    i);
            BigInteger level = i == 1 ? max : BigInteger.valueOf(i % 5);
            BigInteger xp = i == 2 ? max.negate() : BigInteger.valueOf(1_000_000 - i);
            members.add(Responses.WindowMember.from(new WindowEntry(entry, level, xp)));
        }
        return members;
    }

    private static byte[] chunked(LeaderboardJson body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int chunks = 0;
        try (body) {
            for (byte[] chunk = body.nextChunk(); chunk != null; chunk = body.nextChunk()) {
                bytes.write(chunk);
                chunks++;
            }
        }
        return chunks == 0 ? null : bytes.toByteArray();
    }

    @Test
    void aWindowBodyOfManyChunks_isTheMappersArray_byteForByte() throws IOException {
        ObjectMapper mapper = new ObjectMapper().setSerializationInclusion(JsonInclude.Include.ALWAYS);
        for (int count : new int[] {0, 1, 2, 5_000}) {
            List<Responses.WindowMember> members = members(count);

            byte[] streamed =
                    chunked(new LeaderboardJson(members.stream(), mapper.writerFor(Responses.WindowMember.class)));

            assertThat(streamed).as("%d entries", count).isEqualTo(mapper.writeValueAsBytes(members));
        }
    }
}
