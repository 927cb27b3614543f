package com.communitybot.discord;

import java.util.ArrayList;
import java.util.List;

/** Describes a failure in one short line, for logs that must not fill with stack traces during an outage. */
final class Failures {

    private static final int MAX_CAUSES = 3;

    private Failures() {}

    /**
     * The failure and its causes as {@code Type: message}, joined by {@code " / "}, e.g.
     * {@code ConnectException / ClosedChannelException}: the JDK's HTTP client says "connection refused" only
     * through the types, and JDA wraps the telling cause in its own exception.
     */
    static String oneLine(Throwable failure) {
        List<String> parts = new ArrayList<>();
        for (Throwable t = failure;
                t != null && parts.size() < MAX_CAUSES;
                t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage();
            boolean onlyWraps = t.getCause() != null && t.getCause().toString().equals(message);
            String part = t.getClass().getSimpleName() + (message == null ? "" : ": " + firstLine(message));
            if (!onlyWraps && !parts.contains(part)) {
                parts.add(part);
            }
        }
        return String.join(" / ", parts);
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
