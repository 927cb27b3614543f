package com.communitybot.discord.fake;

import java.util.Objects;

/**
 * A role of a {@link FakeGuild}, as Discord sends it.
 *
 * @param id       the role's id
 * @param name     the role's name
 * @param color    the colour as an RGB integer, 0 for none
 * @param position the raw position, 0 for {@code @everyone}
 */
public record FakeRole(long id, String name, int color, int position) {

    public FakeRole {
        Objects.requireNonNull(name, "name");
        if (color < 0 || color > 0xFFFFFF) {
            throw new IllegalArgumentException("color must be an RGB value: " + color);
        }
        if (position < 0) {
            throw new IllegalArgumentException("position must not be negative: " + position);
        }
    }

    /** The {@code @everyone} role of a guild: its id is the guild's, no colour, position 0. */
    public static FakeRole everyone(long guildId) {
        return new FakeRole(guildId, "@everyone", 0, 0);
    }

    public FakeRole withName(String newName) {
        return new FakeRole(id, newName, color, position);
    }

    public FakeRole withColor(int newColor) {
        return new FakeRole(id, name, newColor, position);
    }

    public FakeRole withPosition(int newPosition) {
        return new FakeRole(id, name, color, newPosition);
    }
}
