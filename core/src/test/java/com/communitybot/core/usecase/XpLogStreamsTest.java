package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.error.TooManyStreamsException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.model.LevelDelta;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.XpEvent;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.testing.InMemoryGuildView;
import com.communitybot.core.testing.InMemoryLevelStore;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class XpLogStreamsTest {

    private static final GuildId GUILD = new GuildId(12L);
    private static final GuildId ABSENT = new GuildId(13L);
    private static final Instant T0 = Instant.parse("2026-03-09T00:00:00Z");

    private final InMemoryLevelStore store = new InMemoryLevelStore();
    private final MovableClock clock = new MovableClock();
    private final XpLogStreams streams = new XpLogStreams(
            new InMemoryGuildView().withGuild(GUILD, List.of(), List.of()), store, 2, Duration.ofSeconds(15), clock);

    /** What a stream was told, one line per call; room as set. */
    private static final class Reader implements XpLogStreams.Listener {
        final List<String> said = new ArrayList<>();
        int room = 1000;

        @Override
        public int room() {
            return room;
        }

        @Override
        public void event(XpEvent event) {
            said.add("event " + event.id() + " " + event.userPart());
            room--;
        }

        @Override
        public void reset(long newest) {
            said.add("reset " + newest);
        }

        @Override
        public void keepAlive() {
            said.add("keep-alive");
        }

        @Override
        public void end() {
            said.add("end");
        }
    }

    private static final class MovableClock extends Clock {
        Instant now = T0;

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private long gain(long user) {
        store.patch(GUILD, new UserId(user), new LevelDelta(BigInteger.ONE, BigInteger.ZERO), LedgerWrite.at(T0));
        return store.eventsOfGuild(GUILD, XpLogFilter.ALL, OptionalLong.empty(), 1)
                .get(0)
                .id();
    }

    @Test
    void aNewStream_startsAfterTheNewestEvent_andGivesEachLaterEventOnce_inOrder() {
        gain(1);
        Reader reader = new Reader();
        streams.open(GUILD, OptionalLong.empty(), reader);
        long second = gain(2);
        long third = gain(3);
        streams.poll();
        streams.poll();

        assertThat(reader.said).containsExactly("keep-alive", "event " + second + " 2", "event " + third + " 3");
    }

    @Test
    void aStreamResumedAfterAnEvent_givesTheEventsAfterIt() {
        long first = gain(1);
        long second = gain(2);
        Reader reader = new Reader();
        streams.open(GUILD, OptionalLong.of(first), reader);
        streams.poll();

        assertThat(reader.said).containsExactly("keep-alive", "event " + second + " 2");
    }

    @Test
    void anIdNotInTheLog_resetsTheStream_toTheNewestEventNow() {
        long first = gain(1);
        Reader reader = new Reader();
        streams.open(GUILD, OptionalLong.of(first + 100), reader);
        long next = gain(2);
        streams.poll();

        assertThat(reader.said).containsExactly("reset " + first, "event " + next + " 2");
    }

    @Test
    void aReaderIsGivenNoMoreThanItHasRoomFor_andTheRestLater() {
        Reader reader = new Reader();
        reader.room = 0;
        streams.open(GUILD, OptionalLong.empty(), reader);
        long first = gain(1);
        long second = gain(2);
        long third = gain(3);
        streams.poll();
        reader.room = 2;
        streams.poll();
        streams.poll();
        reader.room = 5;
        streams.poll();

        assertThat(reader.said)
                .containsExactly(
                        "keep-alive", "event " + first + " 1", "event " + second + " 2", "event " + third + " 3");
    }

    @Test
    void aRoundSaysMoreMayBeWaiting_onlyWhenAReadCameBackAsFullAsTheRoomAsked() {
        Reader reader = new Reader();
        streams.open(GUILD, OptionalLong.empty(), reader);
        assertThat(streams.poll()).as("nothing new").isFalse();
        gain(1);
        gain(2);
        gain(3);
        reader.room = 2;
        assertThat(streams.poll()).as("two of three given").isTrue();
        assertThat(streams.poll()).as("a reader with no room is not read for").isFalse();
        reader.room = 5;
        assertThat(streams.poll())
                .as("the last one given by a read that was not full")
                .isFalse();
        assertThat(reader.said).hasSize(4);
    }

    @Test
    void aQuietStream_getsAKeepAlive_everyInterval() {
        Reader reader = new Reader();
        streams.open(GUILD, OptionalLong.empty(), reader);
        clock.now = T0.plusSeconds(14);
        streams.poll();
        clock.now = T0.plusSeconds(15);
        streams.poll();
        clock.now = T0.plusSeconds(29);
        streams.poll();
        clock.now = T0.plusSeconds(30);
        streams.poll();

        assertThat(reader.said).containsExactly("keep-alive", "keep-alive", "keep-alive");
    }

    @Test
    void oneStreamMoreThanAllowed_isRefused_untilOneCloses() {
        XpLogStreams.Stream first = streams.open(GUILD, OptionalLong.empty(), new Reader());
        streams.open(GUILD, OptionalLong.empty(), new Reader());

        assertThatThrownBy(() -> streams.open(GUILD, OptionalLong.empty(), new Reader()))
                .isInstanceOf(TooManyStreamsException.class)
                .hasMessage("Too many streams");
        first.close();
        first.close();
        streams.open(GUILD, OptionalLong.empty(), new Reader());
        assertThat(streams.open()).isEqualTo(2);
    }

    @Test
    void aGuildWithoutTheBot_isRefusedFirst() {
        assertThatThrownBy(() -> streams.open(ABSENT, OptionalLong.empty(), new Reader()))
                .isInstanceOf(NotFoundException.class)
                .hasMessage("Bot is not in this guild");
        assertThat(streams.open()).isZero();
    }

    @Test
    void atTheEnd_everyStreamEnds_andNoNewOneOpens() {
        Reader reader = new Reader();
        streams.open(GUILD, OptionalLong.empty(), reader);
        streams.endAll();

        assertThat(reader.said).containsExactly("keep-alive", "end");
        assertThatThrownBy(() -> streams.open(GUILD, OptionalLong.empty(), new Reader()))
                .isInstanceOf(TooManyStreamsException.class);
    }
}
