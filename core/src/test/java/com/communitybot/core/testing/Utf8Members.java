package com.communitybot.core.testing;

import com.communitybot.core.model.Member;
import com.communitybot.core.model.MemberText;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.GuildView;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One guild's members kept as UTF-8 and written into a {@link MemberText} with its byte methods, as a compact live
 * view hands them over (the adapters' {@code GuildMembers}): for the tests of answers that name many members, which
 * a view of strings never takes down that path. A name with a lone surrogate reads back with a {@code ?} in its
 * place, as from any view that keeps bytes. An avatar URL of bytes that JSON writes as they are is appended as
 * plain, any other as bytes to escape, so both of a writer's ways are taken.
 */
public final class Utf8Members implements GuildView.Members {

    private record Texts(byte[] name, byte[] avatar, boolean plainAvatar) {}

    private final Map<Long, Texts> members = new HashMap<>();

    /** Adds the member, or replaces it. */
    public Utf8Members put(long userId, String displayName, String avatarUrl) {
        byte[] avatar = avatarUrl.getBytes(StandardCharsets.UTF_8);
        members.put(userId, new Texts(displayName.getBytes(StandardCharsets.UTF_8), avatar, plain(avatar)));
        return this;
    }

    @Override
    public Optional<Member> member(UserId user) {
        Texts texts = members.get(user.value());
        return texts == null
                ? Optional.empty()
                : Optional.of(new Member(
                        user,
                        new String(texts.name(), StandardCharsets.UTF_8),
                        new String(texts.avatar(), StandardCharsets.UTF_8)));
    }

    @Override
    public boolean member(UserId user, MemberText into) {
        Texts texts = members.get(user.value());
        if (texts == null) {
            return false;
        }
        into.setName(texts.name(), 0, texts.name().length);
        into.clearAvatar();
        if (texts.plainAvatar()) {
            into.appendAvatarPlain(texts.avatar());
        } else {
            into.appendAvatar(texts.avatar());
        }
        return true;
    }

    /** Whether JSON writes every byte as it is: printable ASCII but the quote and the backslash. */
    private static boolean plain(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 0x20 || b == 0x7F || b == '"' || b == '\\') {
                return false;
            }
        }
        return true;
    }
}
