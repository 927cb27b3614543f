package com.communitybot.app;

import com.communitybot.core.port.BetaStore;
import com.communitybot.core.port.GuildView;
import com.communitybot.core.port.LevelLedger;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.SettingsStore;
import com.communitybot.core.port.XpLog;
import com.communitybot.core.usecase.BetaTesting;
import com.communitybot.core.usecase.BotPresence;
import com.communitybot.core.usecase.GuildRoles;
import com.communitybot.core.usecase.Leaderboard;
import com.communitybot.core.usecase.LevelBridges;
import com.communitybot.core.usecase.LevelTracks;
import com.communitybot.core.usecase.MemberLevels;
import com.communitybot.core.usecase.WindowLeaderboard;
import com.communitybot.core.usecase.XpHistory;
import com.communitybot.core.usecase.XpLogRetention;
import com.communitybot.core.usecase.XpLogStreams;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;

/**
 * Wires the core's annotation-free use cases to the adapters' ports. The ledger's use cases (ledger L1 to L3) exist
 * when the store has an XP log ({@link LevelLedger} and {@link XpLog} beans beside its {@link LevelStore}); without
 * one their endpoints are not routed.
 */
@Factory
final class UseCaseFactory {

    /** The property of {@code XP_LOG_RETENTION}. */
    static final String XP_LOG_RETENTION = "bot.xp-log-retention";

    @Singleton
    BotPresence presence(GuildView guilds) {
        return new BotPresence(guilds);
    }

    @Singleton
    Leaderboard leaderboard(GuildView guilds, LevelStore levels) {
        return new Leaderboard(guilds, levels);
    }

    @Singleton
    GuildRoles roles(GuildView guilds) {
        return new GuildRoles(guilds);
    }

    @Singleton
    LevelTracks tracks(GuildView guilds, SettingsStore settings) {
        return new LevelTracks(guilds, settings);
    }

    @Singleton
    LevelBridges bridges(GuildView guilds, SettingsStore settings) {
        return new LevelBridges(guilds, settings);
    }

    @Singleton
    BetaTesting beta(BetaStore beta) {
        return new BetaTesting(beta, Clock.systemUTC());
    }

    @Singleton
    XpLogRetention retention(@Value("${" + XP_LOG_RETENTION + ":" + XpLogRetention.DEFAULT + "}") String retention) {
        return XpLogRetention.parse(retention);
    }

    @Singleton
    @Requires(beans = LevelLedger.class)
    MemberLevels memberLevels(GuildView guilds, LevelLedger ledger) {
        return new MemberLevels(guilds, ledger, Clock.systemUTC());
    }

    @Singleton
    @Requires(beans = XpLog.class)
    XpHistory history(GuildView guilds, XpLog log) {
        return new XpHistory(guilds, log);
    }

    /** Only {@code serve} sets {@link XpLogStreaming#MAX_STREAMS}: {@code import} and {@code export} stream nothing. */
    @Singleton
    @Requires(beans = XpLog.class)
    @Requires(property = XpLogStreaming.MAX_STREAMS)
    XpLogStreams streams(
            GuildView guilds,
            XpLog log,
            @Value("${" + XpLogStreaming.MAX_STREAMS + "}") int maxStreams,
            @Value("${" + XpLogStreaming.KEEP_ALIVE + ":" + XpLogStreaming.DEFAULT_KEEP_ALIVE + "}")
                    Duration keepAlive) {
        return new XpLogStreams(guilds, log, maxStreams, keepAlive, Clock.systemUTC());
    }

    @Singleton
    @Requires(beans = XpLog.class)
    WindowLeaderboard windowLeaderboard(GuildView guilds, XpLog log, XpLogRetention retention) {
        return new WindowLeaderboard(guilds, log, retention, Clock.systemUTC());
    }
}
