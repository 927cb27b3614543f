package com.communitybot.discord.members;

/**
 * The avatar URLs Discord's CDN serves, spelled exactly as JDA 6 spells them ({@code Member#getEffectiveAvatarUrl}):
 * a static avatar as {@code .png}, an animated one (its hash starts with {@code a_}) as
 * {@code .webp?animated=true}, ids as unsigned decimals.
 */
public final class DiscordCdn {

    static final String BASE = "https://cdn.discordapp.com/";
    static final String STATIC = ".png";
    static final String ANIMATED = ".webp?animated=true";

    private DiscordCdn() {}

    /** The URL of a user's own avatar. */
    public static String userAvatar(long userId, String hash) {
        return BASE + "avatars/" + Long.toUnsignedString(userId) + "/" + hash + extension(hash);
    }

    /** The URL of a member's avatar in one guild. */
    public static String guildAvatar(long guildId, long userId, String hash) {
        return BASE + "guilds/" + Long.toUnsignedString(guildId) + "/users/" + Long.toUnsignedString(userId)
                + "/avatars/" + hash + extension(hash);
    }

    /** The URL of one of Discord's default avatars. */
    public static String defaultAvatar(int index) {
        return BASE + "embed/avatars/" + index + STATIC;
    }

    /**
     * The default avatar of a user without one, as Discord and JDA pick it: by the legacy discriminator when the
     * user still has one (bots do), else by the id.
     *
     * @param discriminator the four digits after the user name, 0 when the user has none
     */
    public static int defaultAvatarIndex(long userId, int discriminator) {
        // JDA shifts the id as a signed long; ids never have the top bit set, but the URL must be JDA's anyway.
        return discriminator != 0 ? discriminator % 5 : (int) ((userId >> 22) % 6);
    }

    static String extension(String hash) {
        return hash.startsWith("a_") ? ANIMATED : STATIC;
    }
}
