package com.communitybot.app.movein;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The exports of other leveling bots that {@code import --from} reads (docs/moving-in.md has their shapes). */
public enum PeerFormat {

    /** Pages of MEE6's leaderboard API: {@code {"players": [{"id", "level", "xp", ...}], ...}}, one file each. */
    MEE6("mee6", true, true),

    /** Polaris' export: {@code {"settings": ..., "users": {"<id>": {"xp": N}}}}, or {@code [{"id", "xp"}]}. */
    POLARIS("polaris", false, false),

    /** Lurkr's export: {@code {"levels": [{"userId", "level", "xp", ...}]}}. */
    LURKR("lurkr", true, false),

    /** xpd's (Experienced's) export: {@code [{"id", "xp"}]}. */
    XPD("xpd", false, false);

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
}
