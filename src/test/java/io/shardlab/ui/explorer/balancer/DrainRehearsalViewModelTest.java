package io.shardlab.ui.explorer.balancer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.session.CatalogRead;
import io.shardlab.sim.AddShard;
import io.shardlab.sim.DrainRehearsal;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.MoveChunk;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.sim.SplitAt;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The placement board's drain rehearsal ({@link DrainRehearsalViewModel}): a shard picked, its removal played on a
 * copy of the cluster on show. Given {@code test.bar} on {@code { x: 1 }} on MongoDB 8.0 with chunks [MinKey, 100) on
 * {@code a} (the primary shard), [100, 200) on {@code b} and [200, MaxKey) on {@code c}, 300 documents of 1 KB, one
 * per x; reads run at once, as the simulation thread would run them.
 */
class DrainRehearsalViewModelTest {

    private static final String NS = "test.bar";

    private final SimulatedCluster cluster = given();
    private final DrainRehearsalViewModel vm = new DrainRehearsalViewModel(
            new DrainRehearsalViewModel.Reader() {
                @Override
                public <T> void read(Function<CatalogRead, T> reader, Consumer<T> out) {
                    out.accept(reader.apply(new CatalogRead(
                            Optional.empty(), Map.of(), Optional.of(NS), Optional.of(cluster), Optional.empty())));
                }
            },
            Runnable::run);
    private final Messages english = Messages.of(Language.ENGLISH);

    private static SimulatedCluster given() {
        SimulatedCluster c = new SimulatedCluster(SimulationConfig.of(MongoVersion.parse("8.0")));
        List.of("a", "b", "c").forEach(s -> c.execute(new AddShard(s)));
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        c.execute(new SplitAt(NS, BsonDocument.parse("{x: 100}")));
        c.execute(new SplitAt(NS, BsonDocument.parse("{x: 200}")));
        c.execute(new MoveChunk(NS, BsonDocument.parse("{x: 150}"), "b", false));
        c.settle(Long.MAX_VALUE / 4);
        c.execute(new MoveChunk(NS, BsonDocument.parse("{x: 250}"), "c", false));
        c.settle(Long.MAX_VALUE / 4);
        c.insert(NS, InsertBatch.ofInt64(LongStream.range(0, 300).toArray(), 1024));
        c.settle(Long.MAX_VALUE / 4);
        return c;
    }

    @Test
    void the_shards_of_the_cluster_on_show_are_offered_and_one_is_picked() {
        // when the board reads the cluster
        vm.refresh();

        // then its shards are offered, the last picked
        assertEquals(List.of("a", "b", "c"), vm.shardsProperty().get());
        assertEquals("c", vm.shardProperty().get());
    }

    @ParameterizedTest(name = "rehearsing {0}'s removal: removed {1}, last line ''{2}''")
    @CsvSource(delimiter = '|', textBlock = """
            # shard | removed | last line
            c       | true    | removed after
            a       | false   | it is the database's primary shard: movePrimary first
            """)
    void a_rehearsed_drain_plays_on_a_copy_and_says_how_it_went(String shard, boolean removed, String lastLine) {
        // given the shard picked
        vm.refresh();
        vm.shardProperty().set(shard);
        List<String> shardsBefore =
                cluster.snapshot().shards().stream().map(s -> s.id()).toList();

        // when its drain is rehearsed
        vm.rehearse();

        // then the rehearsal is the copy's, the lines say its commands, rounds and outcome, and the cluster on show
        // keeps every shard and chunk
        DrainRehearsal.Result r = vm.resultProperty().get().orElseThrow();
        assertEquals(removed, r.removed());
        List<String> lines =
                vm.linesProperty().get().stream().map(english::text).toList();
        assertEquals("Drain rehearsal of " + shard + " (MongoDB 8.0 rules):", lines.get(0));
        assertEquals("runs: " + String.join("; ", r.commands()), lines.get(1));
        assertTrue(lines.get(lines.size() - 1).startsWith(lastLine), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("round 1 at ")), lines.toString());
        assertEquals(
                shardsBefore,
                cluster.snapshot().shards().stream().map(s -> s.id()).toList());
    }

    @Test
    void a_drain_that_moved_chunks_estimates_the_time_left() {
        // given c, which holds one chunk of 100 documents
        vm.refresh();
        vm.shardProperty().set("c");

        // when its drain is rehearsed
        vm.rehearse();

        // then every round after the first move gives the time left at the rate so far
        DrainRehearsal.Result r = vm.resultProperty().get().orElseThrow();
        long estimated =
                r.progress().stream().filter(p -> p.millisLeft().isPresent()).count();
        long rows = vm.linesProperty().get().stream()
                .filter(m -> m.key().equals("drain.window.row"))
                .count();
        assertEquals(estimated, rows);
        assertTrue(rows > 0);
    }

    @Test
    void a_recorded_layout_is_refused_in_both_languages() {
        // given the explorer showing a recorded layout
        vm.readOnlyProperty().set(true);
        vm.shardProperty().set("c");

        // when a drain is rehearsed
        vm.rehearse();

        // then nothing runs and the refusal says how to rehearse it
        assertFalse(vm.resultProperty().get().isPresent());
        Message refusal = vm.linesProperty().get().get(0);
        assertTrue(english.text(refusal).contains("Fork into simulator"));
        assertTrue(Messages.of(Language.SIMPLIFIED_CHINESE).text(refusal).contains("复制到模拟器"));
    }
}
