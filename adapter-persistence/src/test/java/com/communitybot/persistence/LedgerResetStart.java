package com.communitybot.persistence;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LedgerAnswer;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.port.LevelLedger;
import io.micronaut.context.ApplicationContext;
import java.time.Instant;
import java.util.Map;

/**
 * A process that opens the store {@code args[0]} (user {@code args[1]}, password {@code args[2]}) and resets the
 * leaderboard of guild {@code args[3]} through the {@link LevelLedger}, as the service does: the reset a test kills
 * from outside ({@link KilledResetTest}). It prints {@code resetting} when the reset begins and {@code reset N} when
 * it has committed.
 */
public final class LedgerResetStart {

    private LedgerResetStart() {}

    public static void main(String[] args) {
        try (ApplicationContext context = ApplicationContext.run(Map.of(
                "datasources.default.url", args[0],
                "datasources.default.username", args[1],
                "datasources.default.password", args[2],
                "flyway.datasources.default.enabled", true))) {
            LevelLedger ledger = context.getBean(LevelLedger.class);
            System.out.println("resetting");
            System.out.flush();
            LedgerAnswer answer = ledger.reset(new GuildId(Long.parseUnsignedLong(args[3])), LedgerWrite.at(Instant.now()));
            System.out.println("reset " + ((LedgerAnswer.Reset) answer).removed());
            System.out.flush();
        }
    }
}
