package com.communitybot.app;

/** One clear line on standard error and exit code 1, for every failure a command reports. */
final class CommandFailure {

    static final int EXIT_CODE = 1;

    private CommandFailure() {}

    static int report(String message) {
        System.err.println("community-bot-api: " + message);
        return EXIT_CODE;
    }

    /** The message of the innermost cause, which says what really went wrong, with its type when it has none. */
    static String rootMessage(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return (message == null || message.isBlank() ? root.getClass().getSimpleName() : message).replace('\n', ' ');
    }
}
