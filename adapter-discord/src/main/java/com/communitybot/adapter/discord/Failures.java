package com.communitybot.adapter.discord;

/** Describes a failure in one short line, for logs that must not fill with stack traces during an outage. */
final class Failures {

    private Failures() {}

    /** The innermost cause's type and message, e.g. {@code ConnectException: Connection refused}. */
    static String oneLine(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        String text = root.getClass().getSimpleName() + (message == null ? "" : ": " + message);
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
