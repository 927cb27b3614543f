package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.model.TrackLevelRole;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.SettingsStore;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreFixture;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Reads of a table while other connections create and delete its rows always succeed. With H2's lazy query
 * execution they did not: a read found a row in an index and then not in the table ("Row not found in primary
 * index"), because a lazy result is read after its statement let go of its snapshot.
 */
@Tag("verify")
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class ReadsDuringWritesTest {

    private static final GuildId GUILD = new GuildId(31L);
    private static final int ROUNDS = 3_000;

    @Parameter
    StoreBackend backend;

    @RegisterExtension
    static final StoreFixture stores = new StoreFixture("reads_during_writes");

    @Test
    void tracksAreReadWithoutFailure_whileOtherConnectionsCreateAndDeleteThem() throws InterruptedException {
        SettingsStore settings = stores.bean(SettingsStore.class);
        List<TrackLevelRole> roles = List.of(new TrackLevelRole("1", U64.ZERO));
        for (int i = 0; i < 20; i++) {
            settings.addTrackIfAbsent(GUILD, new LevelTrack("kept-" + i, roles));
        }
        AtomicBoolean writing = new AtomicBoolean(true);
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        AtomicInteger reads = new AtomicInteger();
        Runnable writer = () -> {
            try {
                for (int i = 0; i < ROUNDS && failures.isEmpty(); i++) {
                    String name = Thread.currentThread().getName() + "-" + (i % 7);
                    settings.addTrackIfAbsent(GUILD, new LevelTrack(name, roles));
                    settings.removeTrack(GUILD, name);
                }
            } catch (Throwable e) {
                failures.add(e);
            }
        };
        Runnable reader = () -> {
            try {
                while (writing.get() && failures.isEmpty()) {
                    assertThat(settings.tracks(GUILD)).hasSizeGreaterThanOrEqualTo(20);
                    reads.incrementAndGet();
                }
            } catch (Throwable e) {
                failures.add(e);
            }
        };
        List<Thread> writers = List.of(new Thread(writer, "a"), new Thread(writer, "b"));
        List<Thread> readers = List.of(new Thread(reader), new Thread(reader));
        writers.forEach(Thread::start);
        readers.forEach(Thread::start);
        for (Thread thread : writers) {
            thread.join();
        }
        writing.set(false);
        for (Thread thread : readers) {
            thread.join();
        }

        assertThat(failures).as("failures after %d reads", reads.get()).isEmpty();
        assertThat(reads.get()).isPositive();
    }
}
