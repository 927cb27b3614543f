package com.communitybot.http;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LeaderboardCursor;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code after} cursor of leaderboard pages as an opaque string: the place of the page's last entry
 * (guild, level, xp, record id) and its rank, signed with a key derived from the API key, in URL-safe Base64
 * without padding. A cursor the service did not make, or one changed by a single bit, is refused; one made
 * by another instance with the same API key, or before a restart, is good. The signature is what lets a
 * page trust the rank in it: a client cannot shift the ranks of the pages it asks for.
 *
 * <p>Layout before Base64: a version byte, the guild id, level, xp and rank as 8 bytes each, the record id's
 * text after {@code <guild>:} in UTF-8, then the first {@value #MAC_BYTES} bytes of an HMAC-SHA256 of all that.
 */
@Singleton
final class LeaderboardCursors {

    static final String INVALID = "Invalid after: not a cursor of this leaderboard";
    private static final byte VERSION = 1;
    private static final int MAC_BYTES = 16;
    private static final int FIXED_BYTES = 1 + 4 * Long.BYTES;
    private static final String HMAC = "HmacSHA256";

    private final SecretKeySpec key;

    LeaderboardCursors(@Value("${bot.api-key}") String apiKey) {
        try {
            byte[] derived = MessageDigest.getInstance("SHA-256")
                    .digest(("leaderboard-cursor\n" + apiKey).getBytes(StandardCharsets.UTF_8));
            this.key = new SecretKeySpec(derived, HMAC);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }

    String encode(LeaderboardCursor cursor) {
        String prefix = cursor.guild() + ":";
        byte[] rest = cursor.last().id().substring(prefix.length()).getBytes(StandardCharsets.UTF_8);
        ByteBuffer payload = ByteBuffer.allocate(FIXED_BYTES + rest.length + MAC_BYTES);
        payload.put(VERSION)
                .putLong(cursor.guild().value())
                .putLong(cursor.last().level().bits())
                .putLong(cursor.last().xp().bits())
                .putLong(cursor.rank())
                .put(rest);
        payload.put(mac(payload.array(), payload.position()), 0, MAC_BYTES);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(payload.array());
    }

    /** The cursor in {@code text}; a 400 naming {@code after} when it is not one this service made. */
    LeaderboardCursor decode(String text) {
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(INVALID);
        }
        if (bytes.length < FIXED_BYTES + MAC_BYTES || bytes[0] != VERSION) {
            throw new InvalidInputException(INVALID);
        }
        int signed = bytes.length - MAC_BYTES;
        byte[] expected = Arrays.copyOf(mac(bytes, signed), MAC_BYTES);
        if (!MessageDigest.isEqual(expected, Arrays.copyOfRange(bytes, signed, bytes.length))) {
            throw new InvalidInputException(INVALID);
        }
        ByteBuffer payload = ByteBuffer.wrap(bytes, 1, signed - 1);
        GuildId guild = new GuildId(payload.getLong());
        U64 level = new U64(payload.getLong());
        U64 xp = new U64(payload.getLong());
        long rank = payload.getLong();
        String rest = new String(bytes, FIXED_BYTES, signed - FIXED_BYTES, StandardCharsets.UTF_8);
        if (rank < 1) {
            throw new InvalidInputException(INVALID); // signed, so only a cursor of a broken build
        }
        return new LeaderboardCursor(guild, new LevelRecord(guild + ":" + rest, xp, level), rank);
    }

    private byte[] mac(byte[] bytes, int length) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(key);
            mac.update(bytes, 0, length);
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JVM", e);
        }
    }
}
