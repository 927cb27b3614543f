package com.communitybot.core.usecase;

import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.port.GuildView;
import java.util.List;
import java.util.Objects;

/** Which guilds the bot is in (spec 4.1), and the presence check of every guild-scoped endpoint. */
public final class BotPresence {

    private final GuildView guilds;

    public BotPresence(GuildView guilds) {
        this.guilds = Objects.requireNonNull(guilds, "guilds");
    }

    /**
     * For each id, whether it parses as an unsigned 64-bit integer and the bot is in that guild; same
     * length and order as {@code guildIds}.
     */
    public List<Boolean> isBotThere(List<String> guildIds) {
        return guildIds.stream()
                .map(id -> GuildId.parse(id).map(guilds::contains).orElse(false))
                .toList();
    }

    /** Refuses a guild the bot is not in, with spec's 404 {@code Bot is not in this guild}. */
    public void requirePresent(GuildId guild) {
        if (!guilds.contains(guild)) {
            throw NotFoundException.botNotInGuild();
        }
    }
}
