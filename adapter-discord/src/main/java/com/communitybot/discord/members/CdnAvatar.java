package com.communitybot.discord.members;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * An avatar of Discord's CDN taken apart: its kind ({@link MemberAvatars#DEFAULT}, {@link MemberAvatars#USER} or
 * {@link MemberAvatars#GUILD}), a default avatar's index, or a hash of 32 lowercase hex digits packed into two
 * longs and whether it is animated. Only a URL exactly in the form {@link DiscordCdn} builds is taken apart, so that
 * the URL built again is the one given.
 */
record CdnAvatar(byte kind, boolean animated, long high, long low, int defaultIndex) {

    private static final String DEFAULTS = "embed/avatars/";
    private static final String USERS = "avatars/";
    private static final String GUILDS = "guilds/";
    private static final String GUILD_USERS = "/users/";
    private static final String GUILD_AVATARS = "/avatars/";

    /**
     * What {@link #hex16} gives for text that is not 16 lowercase hex digits. It is also the value of {@code
     * "ffffffffffffffff"}: a hash with that half is kept as text instead of packed, with the same answers.
     */
    private static final long NOT_HEX = -1L;

    /** The digit of each lowercase hex character, -1 for every other character below {@code 'g'}. */
    private static final byte[] HEX_DIGITS = new byte['f' + 1];

    static {
        Arrays.fill(HEX_DIGITS, (byte) -1);
        for (int digit = 0; digit < 16; digit++) {
            HEX_DIGITS[Character.forDigit(digit, 16)] = (byte) digit;
        }
    }

    /**
     * The avatar of {@code url} when {@link #url} gives back exactly {@code url}, else null. Read in place, with no
     * string built but the hash: a snapshot of a million members is taken apart at each start.
     */
    static CdnAvatar parse(String url, long guildId, long userId) {
        CdnAvatar parsed = read(url, guildId, userId);
        assert parsed == null || parsed.url(guildId, userId).equals(url) : url;
        return parsed;
    }

    private static CdnAvatar read(String url, long guildId, long userId) {
        if (!url.startsWith(DiscordCdn.BASE)) {
            return null;
        }
        int at = DiscordCdn.BASE.length();
        if (url.startsWith(DEFAULTS, at)) {
            at += DEFAULTS.length();
            boolean oneDigit = url.length() == at + 1 + DiscordCdn.STATIC.length()
                    && url.charAt(at) >= '0'
                    && url.charAt(at) <= '9'
                    && url.startsWith(DiscordCdn.STATIC, at + 1);
            return oneDigit ? new CdnAvatar(MemberAvatars.DEFAULT, false, 0, 0, url.charAt(at) - '0') : null;
        }
        byte kind;
        if (url.startsWith(USERS, at)) {
            kind = MemberAvatars.USER;
            at = afterId(url, at + USERS.length(), userId);
            at = at < 0 || url.charAt(at) != '/' ? -1 : at + 1;
        } else if (url.startsWith(GUILDS, at)) {
            kind = MemberAvatars.GUILD;
            at = afterId(url, at + GUILDS.length(), guildId);
            at = at < 0 || !url.startsWith(GUILD_USERS, at) ? -1 : afterId(url, at + GUILD_USERS.length(), userId);
            at = at < 0 || !url.startsWith(GUILD_AVATARS, at) ? -1 : at + GUILD_AVATARS.length();
        } else {
            return null;
        }
        if (at < 0) {
            return null;
        }
        boolean animated = url.startsWith("a_", at);
        String extension = animated ? DiscordCdn.ANIMATED : DiscordCdn.STATIC;
        int hexAt = animated ? at + 2 : at;
        if (url.length() != hexAt + 32 + extension.length() || !url.startsWith(extension, hexAt + 32)) {
            return null;
        }
        return packed(kind, animated, url, hexAt);
    }

    /** The hash of the 32 lowercase hex digits of {@code text} at {@code hexAt}, packed; null when it is not. */
    static CdnAvatar packed(byte kind, boolean animated, String text, int hexAt) {
        long high = hex16(text, hexAt);
        long low = high == NOT_HEX ? NOT_HEX : hex16(text, hexAt + 16);
        return low == NOT_HEX ? null : new CdnAvatar(kind, animated, high, low, 0);
    }

    /**
     * The value of the 16 lowercase hex digits of {@code text} at {@code at}, read in place: an avatar hash is
     * checked and packed in one pass (a million of them at a start). {@link #NOT_HEX} when one is no such digit.
     */
    private static long hex16(String text, int at) {
        long value = 0;
        int bad = 0;
        for (int i = at; i < at + 16; i++) {
            char c = text.charAt(i);
            int digit = c < HEX_DIGITS.length ? HEX_DIGITS[c] : -1;
            bad |= digit;
            value = value << 4 | (digit & 0xF);
        }
        return bad < 0 ? NOT_HEX : value;
    }

    /**
     * Where {@code url} goes on after {@code id} as an unsigned decimal written at {@code at} (with no leading
     * zero), or -1 when it is not written there.
     */
    private static int afterId(String url, int at, long id) {
        int end = at + digits(id);
        if (end >= url.length()) {
            return -1;
        }
        long rest = id;
        for (int i = end - 1; i >= at; i--) {
            if (url.charAt(i) != (char) ('0' + Long.remainderUnsigned(rest, 10))) {
                return -1;
            }
            rest = Long.divideUnsigned(rest, 10);
        }
        return end;
    }

    private static int digits(long id) {
        int digits = 1;
        for (long rest = Long.divideUnsigned(id, 10); rest != 0; rest /= 10) {
            digits++;
        }
        return digits;
    }

    /** The URL, as {@link DiscordCdn} builds it. */
    String url(long guildId, long userId) {
        HexFormat hex = HexFormat.of();
        String hash = kind == MemberAvatars.DEFAULT
                ? null
                : (animated ? "a_" : "") + hex.toHexDigits(high) + hex.toHexDigits(low);
        return switch (kind) {
            case MemberAvatars.DEFAULT -> DiscordCdn.defaultAvatar(defaultIndex);
            case MemberAvatars.USER -> DiscordCdn.userAvatar(userId, hash);
            default -> DiscordCdn.guildAvatar(guildId, userId, hash);
        };
    }
}
