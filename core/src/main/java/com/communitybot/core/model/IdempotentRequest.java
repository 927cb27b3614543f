package com.communitybot.core.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A write that carries an {@link IdempotencyKey}: the guild and key it is kept under, and the fingerprint of the
 * request, which tells a retry of the same request (the first answer again) from another request reusing the key
 * (a conflict). The fingerprint is the SHA-256, in lower-case hex, of the request's canonical text, which the use
 * case builds from the method, the canonical path and the body's values (so spacing, key order and {@code 007}
 * for {@code 7} make no difference).
 *
 * @param guild       the guild of the request's path: keys of two guilds never meet
 * @param key         the key
 * @param fingerprint 64 lower-case hex digits
 */
public record IdempotentRequest(GuildId guild, IdempotencyKey key, String fingerprint) {

    public IdempotentRequest {
        Objects.requireNonNull(guild, "guild");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(fingerprint, "fingerprint");
        if (!fingerprint.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("fingerprint must be 64 lower-case hex digits: " + fingerprint);
        }
    }

    /** The request of {@code guild} under {@code key} whose canonical text is {@code request}. */
    public static IdempotentRequest of(GuildId guild, IdempotencyKey key, String request) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(request.getBytes(StandardCharsets.UTF_8));
            return new IdempotentRequest(guild, key, HexFormat.of().formatHex(digest));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }
}
