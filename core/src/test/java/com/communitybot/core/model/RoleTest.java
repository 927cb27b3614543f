package com.communitybot.core.model;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import org.junit.jupiter.api.Test;

class RoleTest {

    @Test
    void refusesValuesOutsideDiscordsRanges() {
        assertThatIllegalArgumentException().isThrownBy(() -> new Role(new RoleId(1), "r", -1, 0));
        assertThatIllegalArgumentException().isThrownBy(() -> new Role(new RoleId(1), "r", 0x1_0000_0000L, 0));
        assertThatIllegalArgumentException().isThrownBy(() -> new Role(new RoleId(1), "r", 0, 65536));
        assertThatIllegalArgumentException().isThrownBy(() -> new Role(new RoleId(1), "r", 0, -1));
        assertThatNullPointerException()
                .isThrownBy(() -> new Role(new RoleId(1), null, 0, 0))
                .withMessage("name");
    }
}
