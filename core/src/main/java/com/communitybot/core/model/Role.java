package com.communitybot.core.model;

import java.util.Objects;

/**
 * A role of a guild as the live view shows it.
 *
 * @param id       the role's id
 * @param name     the role's name
 * @param color    the colour as Discord sends it, 0 for none (u32)
 * @param position the raw position Discord sends, 0 for {@code @everyone} (u16)
 */
public record Role(RoleId id, String name, long color, int position) {

    public static final long MAX_COLOR = 0xFFFF_FFFFL;
    public static final int MAX_POSITION = 0xFFFF;

    public Role {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        if (color < 0 || color > MAX_COLOR) {
            throw new IllegalArgumentException("color must be from 0 to " + MAX_COLOR + ": " + color);
        }
        if (position < 0 || position > MAX_POSITION) {
            throw new IllegalArgumentException("position must be from 0 to " + MAX_POSITION + ": " + position);
        }
    }
}
