package com.communitybot.app;

import com.communitybot.core.port.GuildView;

/** What the app does with whichever live view it chose. */
final class LiveViews {

    private LiveViews() {}

    /** Releases the view's threads and connections, if it holds any. */
    static void close(GuildView view) {
        if (view instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                org.slf4j.LoggerFactory.getLogger(LiveViews.class)
                        .warn("Closing the live view failed: {}", e.toString());
            }
        }
    }
}
