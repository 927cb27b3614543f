package com.communitybot.persistence.h2;

import com.communitybot.persistence.StoreEngine;
import java.sql.Connection;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * H2 as the {@link StoreEngine}: its settings on the URL ({@link H2Url#OPTIONS}), a file store's migration made
 * all or nothing by a copy ({@link MigrationBackup}), and its guild-size trigger, a Java class, stopped by a flag
 * of the importing thread ({@link H2GuildSizeTrigger}).
 */
public final class H2Engine implements StoreEngine {

    /** Empty unless the store is an H2 file: in memory it is gone with the process, over TCP it is its server's. */
    private final Optional<MigrationBackup> backup;

    /** The engine of the H2 store {@code url} names. */
    public H2Engine(String url) {
        this.backup = MigrationBackup.forUrl(url);
    }

    @Override
    public String beforeOpening(String url) {
        backup.ifPresent(MigrationBackup::restoreIfInterrupted);
        return H2Url.withRequiredOptions(url);
    }

    @Override
    public void migrate(DataSource dataSource, Runnable migration) {
        backup.ifPresentOrElse(copy -> copy.around(dataSource, migration), migration);
    }

    /** In embedded H2 a trigger runs on the thread of the statement that fired it, the importing thread. */
    @Override
    public void suspendGuildSizeTriggers(Connection connection) {
        H2GuildSizeTrigger.suspendOnThisThread();
    }

    @Override
    public void resumeGuildSizeTriggers() {
        H2GuildSizeTrigger.resumeOnThisThread();
    }
}
