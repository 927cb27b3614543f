package com.communitybot.core.usecase;

import com.communitybot.core.error.AlreadyExistsException;
import com.communitybot.core.model.BetaServer;
import com.communitybot.core.port.BetaStore;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** The global list of beta-testing guilds (spec 4.12 to 4.15); no presence check. */
public final class BetaTesting {

    private final BetaStore beta;
    private final Clock clock;

    public BetaTesting(BetaStore beta, Clock clock) {
        this.beta = new BetaStoreErrors(Objects.requireNonNull(beta, "beta"));
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Every entry, in no particular order. */
    public List<BetaServer> all() {
        return beta.all();
    }

    /**
     * Adds {@code guildId} at the current UTC time, to the millisecond; refuses a guild already listed and
     * leaves its entry unchanged (contract 2).
     */
    public void add(String guildId) {
        BetaServer server = new BetaServer(guildId, Instant.now(clock).truncatedTo(ChronoUnit.MILLIS));
        if (!beta.addIfAbsent(server)) {
            throw AlreadyExistsException.betaServer(guildId);
        }
    }

    /** Removes {@code guildId}; removing a guild that is not listed succeeds too. */
    public void remove(String guildId) {
        beta.remove(guildId);
    }

    /** For each id, whether it is listed; same length and order as {@code guildIds}. */
    public List<Boolean> areListed(List<String> guildIds) {
        Set<String> listed = beta.listedAmong(guildIds);
        return guildIds.stream().map(listed::contains).toList();
    }

    public static String addedMessage(String guildId) {
        return "Server " + guildId + " added to beta testing";
    }

    public static String removedMessage(String guildId) {
        return "Server " + guildId + " removed from beta testing";
    }
}
