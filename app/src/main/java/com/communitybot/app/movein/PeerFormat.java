package com.communitybot.app.movein;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.U64;
import com.communitybot.core.usecase.LevelCurve;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The exports of other leveling bots that {@code import --from} reads (docs/moving-in.md has their shapes): each
 * format says where its records are, which keys a record has, and what it holds that is not carried over.
 * {@link PeerImport} reads a file of any of them with the same {@link Reader} and stores what it reads.
 */
public enum PeerFormat {

    /** Pages of MEE6's leaderboard API: {@code {"players": [{"id", "level", "xp", ...}], ...}}, one file each. */
    MEE6("mee6", true, true) {
        @Override
        void read(Reader file, JsonToken first) throws IOException {
            file.topObject(
                    first,
                    "a mee6 file must be a page of MEE6's leaderboard API, a JSON object with a players array",
                    "players",
                    Map.of(
                            "role_rewards", "role rewards",
                            "xp_per_message", "xp per message and xp rate",
                            "xp_rate", "xp per message and xp rate"),
                    Set.of("page", "admin", "player", "guild", "banner_url", "user_guild_settings"),
                    () -> file.array(
                            "players",
                            new Fields(
                                    "id",
                                    true,
                                    Map.of(
                                            "message_count", MESSAGE_COUNTS,
                                            "username", LIVE_VIEW,
                                            "avatar", LIVE_VIEW,
                                            "discriminator", LIVE_VIEW,
                                            "is_monetize_subscriber", "MEE6 premium xp boosts",
                                            "monetize_xp_boost", "MEE6 premium xp boosts"),
                                    "guild_id",
                                    Set.of("detailed_xp"))));
        }

        @Override
        boolean levelOffItsCurve(U64 xp, U64 level) {
            return !LevelCurve.MEE6.agrees(xp, level);
        }
    },

    /** Polaris' export: {@code {"settings": ..., "users": {"<id>": {"xp": N}}}}, or {@code [{"id", "xp"}]}. */
    POLARIS("polaris", false, false) {
        @Override
        void read(Reader file, JsonToken first) throws IOException {
            if (first == JsonToken.START_ARRAY) {
                file.array("", ID_AND_XP);
            } else {
                file.topObject(
                        first,
                        "a polaris file must be a JSON object with a users object, or an array of {\"id\", \"xp\"}",
                        "users",
                        Map.of("settings", "Polaris settings (role rewards, xp curve and multipliers)"),
                        Set.of(),
                        () -> file.keyedRecords("users", new Fields(null, false, Map.of(), null, Set.of())));
            }
        }
    },

    /** Lurkr's export: {@code {"levels": [{"userId", "level", "xp", ...}]}}. */
    LURKR("lurkr", true, false) {
        @Override
        void read(Reader file, JsonToken first) throws IOException {
            file.topObject(
                    first,
                    "a lurkr file must be a JSON object with a levels array",
                    "levels",
                    Map.of(),
                    Set.of(),
                    () -> file.array(
                            "levels",
                            new Fields(
                                    "userId",
                                    true,
                                    Map.of(
                                            "messageCount", MESSAGE_COUNTS,
                                            "user", LIVE_VIEW,
                                            "username", LIVE_VIEW,
                                            "avatar", LIVE_VIEW),
                                    "guildId",
                                    Set.of())));
        }
    },

    /** xpd's (Experienced's) export: {@code [{"id", "xp"}]}. */
    XPD("xpd", false, false) {
        @Override
        void read(Reader file, JsonToken first) throws IOException {
            if (first != JsonToken.START_ARRAY) {
                throw file.fault("an xpd file must be a JSON array of {\"id\", \"xp\"}");
            }
            file.array("", ID_AND_XP);
        }
    };

    private static final String LIVE_VIEW = "usernames and avatars (the live view supplies those)";
    private static final String MESSAGE_COUNTS = "message counts";
    /** The records of a plain list: {@code {"id", "xp"}}, nothing else. */
    private static final Fields ID_AND_XP = new Fields("id", false, Map.of(), null, Set.of());

    private final String label;
    private final boolean carriesLevel;
    private final boolean severalFiles;

    PeerFormat(String label, boolean carriesLevel, boolean severalFiles) {
        this.label = label;
        this.carriesLevel = carriesLevel;
        this.severalFiles = severalFiles;
    }

    /** Whether its records carry a level; without one, the level comes from a curve. */
    public boolean carriesLevel() {
        return carriesLevel;
    }

    /** Whether one import may read several files of it (MEE6's pages). */
    public boolean severalFiles() {
        return severalFiles;
    }

    /** The format named {@code label}, ignoring case; empty for another name. */
    public static Optional<PeerFormat> named(String label) {
        return Arrays.stream(values())
                .filter(format -> format.label.equalsIgnoreCase(label))
                .findFirst();
    }

    /** Every format's name, for messages: {@code mee6, polaris, lurkr, xpd}. */
    public static String names() {
        return Arrays.stream(values()).map(PeerFormat::toString).collect(Collectors.joining(", "));
    }

    /** Its name on the command line: {@code mee6}, {@code polaris}, {@code lurkr}, {@code xpd}. */
    @Override
    public String toString() {
        return label;
    }

    /** Reads one file of the format, whose first token is {@code first}, with the reader's parts. */
    abstract void read(Reader file, JsonToken first) throws IOException;

    /**
     * Whether a record's level is not the one the bot's own curve gives for its xp, where that curve is known
     * (MEE6's): the level is kept all the same, and counted in the result.
     */
    boolean levelOffItsCurve(U64 xp, U64 level) {
        return false;
    }

    /**
     * What a record's object may hold: the key of its user id ({@code null} when the id is the record's key),
     * whether it carries a level, the key of the guild it is of ({@code null} when it has none; a record of another
     * guild than {@code --guild} fails the import, so pages of the wrong guild are not taken for this one's), and
     * its other keys as {@link Reader#topObject} treats them.
     */
    record Fields(String idKey, boolean level, Map<String, String> labels, String guildKey, Set<String> quiet) {}

    /** The parts a file is read with, put together by each format: a reader of one file, token by token. */
    interface Reader {

        /** {@code message}, prefixed with the file and the record being read, if any. */
        InvalidInputException fault(String message);

        /**
         * A top-level object whose {@code records} key holds the records, read by {@code readRecords}; other keys
         * are named in {@code labels} (said as not carried over when they hold something), or {@code quiet}
         * (nothing a level record could hold: paging, the viewer, the guild's name), or said by their own name.
         * A file that is no object, or has no {@code records} key, fails with {@code shape}.
         */
        void topObject(
                JsonToken first,
                String shape,
                String records,
                Map<String, String> labels,
                Set<String> quiet,
                Part readRecords)
                throws IOException;

        /** An array of record objects at {@code list} (the file's top level when empty). */
        void array(String list, Fields fields) throws IOException;

        /** An object at {@code list} whose keys are user ids, each holding its record's object. */
        void keyedRecords(String list, Fields fields) throws IOException;
    }

    /** A part of a file that a format reads as a unit. */
    interface Part {
        void read() throws IOException;
    }
}
