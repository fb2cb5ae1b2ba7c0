package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.routing.TargetingClass;
import io.shardlab.sim.ShardZone;
import io.shardlab.sim.ShardingSetup;
import io.shardlab.sim.ZoneKeyRange;
import io.shardlab.text.Message;
import io.shardlab.workload.WorkloadRegistry;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExplorerSessionTest {

    private static final WorkloadRegistry WORKLOADS = WorkloadRegistry.standard();

    private static ExplorerSession load(Scenario scenario) {
        return ExplorerSession.load(ResolvedScenario.of(scenario, WORKLOADS));
    }

    private static long total(long[] counts) {
        return Arrays.stream(counts).sum();
    }

    private static long sum(WindowedCounts.Snapshot s) {
        return Arrays.stream(s.byRow()).mapToLong(ExplorerSessionTest::total).sum();
    }

    @ParameterizedTest(name = "{0} documents at {1}/s: windows of {2} ms")
    @CsvSource(textBlock = """
            200000, 2000,  1000
            200000, 20000,  100
            1000,   1000,   100
            1000000, 1000, 10000
            50000,  300,   2000
            """)
    void the_charts_window_spans_about_120_windows_over_the_stream_in_round_numbers(
            long docs, double rate, long windowMillis) {
        assertEquals(windowMillis, ExplorerSession.windowMillis(docs, rate));
    }

    @Test
    void zones_set_before_sharding_lay_out_the_initial_chunks_and_the_snapshot_keeps_them() {
        // SingleChunkPerTagSplitPolicy (initial_split_policy.cpp): one chunk per zone range on the zone's
        // shard, the holes round-robin over the shards
        ShardingSetup zones = new ShardingSetup(
                List.of(new ShardZone("shard03", "EU")),
                List.of(ZoneKeyRange.parse("EU", "{ counter: 1000 }", "{ counter: 2000 }")),
                0,
                false);
        ExplorerSession session = load(Scenario.of("{ counter: 1 }", "monotonic")
                .withDocuments(5_000)
                .withVersion(MongoVersion.V7_0)
                .withSharding(zones));

        ClusterSnapshot cluster = session.frame().cluster().cluster();

        assertEquals(3, cluster.chunks().size(), "a hole, the zone range, a hole; no workload pre-split");
        assertEquals("shard03", cluster.chunks().get(1).shard());
        assertEquals(
                BsonDocument.parse("{counter: 1000}"),
                cluster.chunks().get(1).min().toDocument(cluster.key()));
        assertEquals(
                List.of("EU"), cluster.zones().stream().map(ZoneRange::zone).toList());
        assertEquals(Set.of("EU"), cluster.shards().get(2).zones());
    }

    @Test
    void a_zone_the_cluster_refuses_fails_the_load_with_mongodbs_message() {
        ShardingSetup zones = new ShardingSetup(
                List.of(), List.of(ZoneKeyRange.parse("EU", "{ counter: 1000 }", "{ counter: 2000 }")), 0, false);
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> load(Scenario.of("{ counter: 1 }", "monotonic")
                        .withDocuments(100)
                        .withSharding(zones)));
        assertTrue(e.getMessage().endsWith(": zone EU does not exist"), e.getMessage());
    }

    @Test
    void a_loaded_scenario_has_its_shards_one_chunk_and_the_whole_stream_ready() {
        ExplorerSession session =
                load(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(5_000));

        ExplorerFrame frame = session.frame();

        assertEquals(List.of("shard01", "shard02", "shard03"), frame.shardIds());
        assertEquals(1, frame.cluster().cluster().chunks().size());
        assertEquals(0, frame.stream().inserted());
        assertEquals(5_000, frame.stream().total());
        assertFalse(frame.stream().exhausted());
        assertEquals(ExplorerSession.HEAT_ROWS + 1, frame.heatBounds().size());
        assertTrue(frame.heatBounds().get(0).isGlobalMin());
        assertTrue(frame.heatBounds().get(frame.heatBounds().size() - 1).isGlobalMax());
        assertEquals(4, frame.sampleQueries().size(), "one sample query per template of the monotonic mix");
    }

    @Test
    void documents_arrive_at_the_scenarios_pace_and_every_one_is_counted_once_per_shard_and_per_key_range() {
        ExplorerSession session = load(
                Scenario.of("{ counter: 1 }", "monotonic").withDocuments(50_000).withDocsPerSecond(2_000));

        long inserted = session.advance(3_050);

        assertEquals(
                6_000, inserted, "floor(2000/s × 3.0 s): documents arrive on the 100 ms grid, the last point at 3.0 s");
        ExplorerFrame frame = session.frame();
        assertEquals(6_000, frame.stream().inserted());
        assertEquals(6_000, frame.cluster().documents());
        assertEquals(6_000, sum(frame.writes()));
        assertEquals(6_000, sum(frame.heat()));
        assertFalse(frame.inserts().isEmpty());
        assertTrue(frame.inserts().size() <= ExplorerSession.MARKS);
    }

    @Test
    void with_a_monotonic_key_every_insert_of_a_window_lands_on_the_shard_owning_maxkey() {
        ExplorerSession session = load(Scenario.of("{ counter: 1 }", "monotonic")
                .withDocuments(20_000)
                .withDocsPerSecond(2_000)
                .withVersion(MongoVersion.V8_0));

        session.advance(5_000);

        ExplorerFrame frame = session.frame();
        ChunkMap chunks = frame.cluster().cluster().chunks();
        String top = chunks.get(chunks.size() - 1).shard();
        WindowedCounts.Snapshot writes = frame.writes();
        int last = writes.windows() - 1;
        int topRow = frame.shardIds().indexOf(top);
        long windowTotal = 0;
        for (int r = 0; r < writes.rows(); r++) {
            windowTotal += writes.count(last, r);
        }
        assertTrue(windowTotal > 0);
        assertEquals(windowTotal, writes.count(last, topRow));
    }

    @Test
    void insert_marks_are_the_newest_inserted_documents_in_order_and_undo_takes_back_the_rewound_ones() {
        ExplorerSession session = load(
                Scenario.of("{ counter: 1 }", "monotonic").withDocuments(50_000).withDocsPerSecond(2_000));
        session.advance(2_000);
        ChunkCommands commands = new ChunkCommands(
                Scenario.DEFAULT_NAMESPACE, session.frame().scenario().key(), MongoVersion.V8_0);
        session.execute(commands.splitAt(ShardKey.of(new BsonInt64(1_000))));
        long splitAt = session.now();
        for (int tick = 0; tick < 300; tick++) {
            session.advance(17);
        }

        List<ExplorerFrame.InsertMark> marks = session.frame().inserts();
        assertEquals(ExplorerSession.MARKS, marks.size(), "only the newest marks are kept");
        for (int i = 1; i < marks.size(); i++) {
            ExplorerFrame.InsertMark before = marks.get(i - 1);
            ExplorerFrame.InsertMark after = marks.get(i);
            assertEquals(before.sequence() + 1, after.sequence());
            assertTrue(before.atMillis() <= after.atMillis());
            assertTrue(before.key().compareTo(after.key()) < 0, "a counter's marks ascend: " + before + ", " + after);
        }
        assertTrue(marks.get(marks.size() - 1).atMillis() <= session.now());

        assertTrue(session.undo());
        assertTrue(
                session.frame().inserts().stream().allMatch(m -> m.atMillis() < splitAt),
                "no mark outlives the undo that rewound its insert");
    }

    @Test
    void undo_rewinds_to_just_before_the_users_command_and_redo_replays_to_where_it_was() {
        ExplorerSession session = load(
                Scenario.of("{ counter: 1 }", "monotonic").withDocuments(50_000).withDocsPerSecond(2_000));
        session.advance(2_000);
        ExplorerFrame beforeSplit = session.frame();
        ChunkCommands commands = new ChunkCommands(
                Scenario.DEFAULT_NAMESPACE, beforeSplit.scenario().key(), MongoVersion.V8_0);
        session.execute(commands.splitAt(ShardKey.of(new BsonInt64(1_000))));
        for (int tick = 0; tick < 180; tick++) {
            session.advance(17); // ticks of any length: redo replays the interval in one go
        }
        ExplorerFrame afterPlay = session.frame();
        assertEquals(
                Optional.of(Message.of("common.verbatim", "split shardlab.events at { counter: Long('1000') }")),
                afterPlay.undo().undo());
        assertTrue(afterPlay.undo().stepsToUndo() > 1, "the inserts after the split are undone with it");

        assertTrue(session.undo());

        ExplorerFrame undone = session.frame();
        assertEquals(
                beforeSplit.cluster().cluster().chunks(),
                undone.cluster().cluster().chunks());
        assertEquals(beforeSplit.stream().inserted(), undone.stream().inserted());
        assertEquals(beforeSplit.cluster().atMillis(), undone.cluster().atMillis());
        assertEquals(sum(beforeSplit.writes()), sum(undone.writes()));
        assertEquals(
                Arrays.deepToString(beforeSplit.heat().byRow()),
                Arrays.deepToString(undone.heat().byRow()));
        assertTrue(undone.commands().isEmpty());
        assertEquals(
                Optional.of(Message.of("common.verbatim", "split shardlab.events at { counter: Long('1000') }")),
                undone.undo().redo());

        assertTrue(session.redo());

        ExplorerFrame redone = session.frame();
        assertEquals(
                afterPlay.cluster().cluster().chunks(),
                redone.cluster().cluster().chunks());
        assertEquals(afterPlay.stream().inserted(), redone.stream().inserted());
        assertEquals(
                Arrays.deepToString(afterPlay.writes().byRow()),
                Arrays.deepToString(redone.writes().byRow()));
        assertEquals(
                Arrays.deepToString(afterPlay.heat().byRow()),
                Arrays.deepToString(redone.heat().byRow()));
        assertFalse(session.redo(), "nothing left to redo");
    }

    @Test
    void several_undos_and_redos_walk_back_and_forth_through_the_same_states() {
        ExplorerSession session = load(Scenario.of("{ counter: 1 }", "monotonic")
                .withDocuments(50_000)
                .withDocsPerSecond(5_000)
                .withVersion(MongoVersion.V6_0));
        ChunkCommands commands = new ChunkCommands(
                Scenario.DEFAULT_NAMESPACE, session.frame().scenario().key(), MongoVersion.V6_0);
        List<String> beforeCommand = new java.util.ArrayList<>();
        for (long point : new long[] {2_000, 4_000, 6_000}) {
            session.advance(1_000);
            beforeCommand.add(fingerprint(session.frame()));
            session.execute(commands.splitAt(ShardKey.of(new BsonInt64(point))));
            session.advance(700);
        }
        String end = fingerprint(session.frame());

        for (int k = beforeCommand.size() - 1; k >= 0; k--) {
            assertTrue(session.undo());
            assertEquals(beforeCommand.get(k), fingerprint(session.frame()), "after undoing command " + k);
        }
        assertFalse(session.undo(), "the scenario's setup is out of reach");
        for (int k = 0; k < beforeCommand.size(); k++) {
            assertTrue(session.redo());
            String expected = k + 1 < beforeCommand.size() ? beforeCommand.get(k + 1) : end;
            assertEquals(expected, fingerprint(session.frame()), "after redoing command " + k);
        }
        assertFalse(session.redo());
    }

    /** Chunks, clock, stream position and the chart counts of a frame, as one string. */
    private static String fingerprint(ExplorerFrame f) {
        return f.cluster().cluster().chunks().chunks() + "|" + f.cluster().atMillis() + "|"
                + f.stream().inserted() + "|" + Arrays.deepToString(f.writes().byRow()) + "|"
                + Arrays.deepToString(f.heat().byRow());
    }

    @Test
    void undo_never_reaches_back_into_the_scenarios_own_setup() {
        ExplorerSession session = load(Scenario.of("{ counter: 1 }", "monotonic")
                .withDocuments(1_000)
                .withSplitPoints(List.of("{ counter: 500 }")));
        session.advance(1_000);

        assertEquals(0, session.frame().undo().stepsToUndo());
        assertFalse(session.undo());
        assertEquals(2, session.frame().cluster().cluster().chunks().size());
    }

    @Test
    void a_refused_command_shows_mongodbs_reason_and_changes_nothing() {
        ExplorerSession session = load(Scenario.of("{ counter: 1 }", "monotonic")
                .withDocuments(1_000)
                .withSplitPoints(List.of("{ counter: 500 }")));
        ExplorerFrame before = session.frame();
        ChunkMap chunks = before.cluster().cluster().chunks();
        assertFalse(chunks.get(0).shard().equals(chunks.get(1).shard()), "the pre-split spreads the chunks");
        ChunkCommands commands =
                new ChunkCommands(Scenario.DEFAULT_NAMESPACE, before.scenario().key(), MongoVersion.V8_0);

        session.execute(commands.merge(chunks.get(0), chunks.get(1)));

        ExplorerFrame after = session.frame();
        assertTrue(
                after.error().orElseThrow().startsWith("could not merge chunks"),
                after.error().toString());
        assertEquals(chunks, after.cluster().cluster().chunks());
        assertEquals(0, after.undo().stepsToUndo());
    }

    @Test
    void split_points_cut_the_empty_collection_and_spread_the_chunks_round_robin() {
        ExplorerSession session = load(Scenario.of("{ counter: 1 }", "monotonic")
                .withDocuments(1_000)
                .withSplitPoints(List.of("{ counter: 100 }", "{ counter: 200 }", "{ counter: 300 }")));

        ChunkMap chunks = session.frame().cluster().cluster().chunks();

        assertEquals(4, chunks.size());
        assertEquals(
                List.of("shard01", "shard02", "shard03", "shard01"),
                chunks.chunks().stream().map(Chunk::shard).toList());
        assertTrue(session.frame().cluster().settings().balancerEnabled(), "the balancer runs again afterwards");
    }

    @Test
    void the_stream_carries_what_the_set_up_did_before_its_first_document_for_the_counters_to_leave_out() {
        // given three split points: three splits on shard01, then two moves spread the four chunks
        ExplorerSession session = load(Scenario.of("{ counter: 1 }", "monotonic")
                .withDocuments(1_000)
                .withSplitPoints(List.of("{ counter: 100 }", "{ counter: 200 }", "{ counter: 300 }")));

        // when nothing has been inserted yet
        ExplorerFrame frame = session.frame();

        // then the set-up's counts are the cluster's, which the explorer's counters subtract
        assertEquals(3, frame.stream().atStart().splits());
        assertEquals(2, frame.stream().atStart().migrationsCommitted());
        assertEquals(frame.cluster().counters(), frame.stream().atStart());
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', textBlock = """
            { counter: 42 }                     | SINGLE_SHARD
            { counter: { $gte: 10, $lt: 20 } }  | MULTI_SHARD
            { customer: 'c00001' }              | SCATTER_GATHER
            """)
    void the_filter_on_show_is_routed_on_the_current_chunks(String filter, TargetingClass expected) {
        ExplorerSession session = load(Scenario.of("{ counter: 1 }", "monotonic")
                .withDocuments(1_000)
                .withSplitPoints(List.of("{ counter: 100 }", "{ counter: 200 }")));

        session.showFilter(Optional.of(ResolvedScenario.parseFilter(filter)));

        var targeting = session.frame().targeting().orElseThrow().targeting().orElseThrow();
        assertEquals(expected, targeting.targeting());
        assertFalse(targeting.shards().isEmpty());
        assertFalse(targeting.reason().isBlank());
    }

    @Test
    void a_filter_routing_does_not_model_is_shown_with_the_reason() {
        ExplorerSession session =
                load(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000));

        session.showFilter(Optional.of(BsonDocument.parse("{ $expr: { $gt: ['$counter', 5] } }")));

        var shown = session.frame().targeting().orElseThrow();
        assertTrue(shown.targeting().isEmpty());
        assertTrue(shown.error().orElseThrow().startsWith("$expr: routing of this operator is not modelled"));
    }

    @Test
    void a_key_the_workloads_documents_do_not_have_is_refused_with_the_document_and_its_fields() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> load(Scenario.of("{ ts: 1 }", "monotonic").withDocuments(10)));
        assertEquals(
                "workload 'monotonic' line 1: the document has no field 'ts' of the shard key { ts: 1 } "
                        + "(its fields: _id, counter, customer, total)",
                e.getMessage());
    }

    @Test
    void the_run_finishes_once_the_stream_is_in_and_the_balancer_has_nothing_to_move() {
        ExplorerSession session = load(Scenario.of("{ userId: 'hashed' }", "uniform")
                .withDocuments(2_000)
                .withDocsPerSecond(1_000));
        session.advance(2_000);
        assertTrue(session.frame().stream().exhausted());

        for (int i = 0; i < 100 && !session.finished(); i++) {
            session.advance(1_000);
        }

        assertTrue(session.finished());
        assertTrue(session.frame().stream().finished());
        assertTrue(session.frame().cluster().migrationsInFlight().isEmpty());
    }

    @Test
    void splits_and_migrations_are_handed_to_the_screen_for_their_animations() {
        ExplorerSession session = load(Scenario.of("{ counter: 1 }", "monotonic")
                .withDocuments(100_000)
                .withDocsPerSecond(5_000)
                .withVersion(MongoVersion.V4_4)
                .withChunkSizeMegabytes(1));

        session.advance(20_000);

        ExplorerFrame frame = session.frame();
        assertFalse(frame.splits().isEmpty(), "the 4.4 auto-splitter cut the top chunk");
        assertFalse(frame.moves().isEmpty(), "the balancer moved chunks");
        ExplorerFrame.ChunkMove last = frame.moves().get(frame.moves().size() - 1);
        assertFalse(last.from().equals(last.to()));
        assertTrue(frame.activity().stream()
                .anyMatch(a ->
                        a.kind() == ExplorerFrame.ActivityKind.SPLIT && a.text().endsWith("(auto split)")));
    }

    @Test
    void a_hashed_key_keeps_the_values_before_hashing_for_the_value_line() {
        ExplorerSession session =
                load(Scenario.of("{ userId: 'hashed' }", "uniform").withDocuments(1_000));
        session.advance(500);

        ExplorerFrame.InsertMark mark = session.frame().inserts().get(0);

        assertTrue(mark.valueBeforeHashing().isPresent());
        assertTrue(mark.key().get(0).isInt64());
        long documents = session.frame().cluster().chunkStatistics().stream()
                .mapToLong(ChunkStatistics::documents)
                .sum();
        assertEquals(session.frame().stream().inserted(), documents);
    }

    @Test
    void a_step_adds_its_shard_when_the_stream_reaches_its_document_and_the_writes_get_a_row_for_it() {
        ExplorerSession session = load(Scenario.of("{ userId: 1 }", "uniform")
                .withDocuments(40_000)
                .withDocsPerSecond(2_000)
                .withVersion(MongoVersion.V5_0)
                .withChunkSizeMegabytes(1)
                .withSteps(List.of(io.shardlab.workload.StreamStep.addShard(10_050, "shard04"))));

        session.advance(5_000);
        assertEquals(List.of("shard01", "shard02", "shard03"), session.frame().shardIds(), "10,000 documents in");
        assertEquals(3, session.frame().writes().rows());

        session.advance(100);
        ExplorerFrame frame = session.frame();
        assertEquals(10_050, frame.stream().inserted(), "the batch in progress ends at the step's document");
        assertEquals(List.of("shard01", "shard02", "shard03", "shard04"), frame.shardIds());
        assertEquals(4, frame.writes().rows(), "one row per shard, in the frame's shard order");
        assertEquals(10_050, sum(frame.writes()));
        assertTrue(frame.activity().stream()
                .anyMatch(a ->
                        a.text().equals("after 10,050 documents: sh.addShard(\"shard04/shard04.shardlab:27018\")")));

        while (!session.finished()) {
            session.advance(10_000);
        }
        assertEquals(40_000, sum(session.frame().writes()));
    }

    @Test
    void a_clients_writes_while_paused_reach_the_charts_as_they_arrive_not_after_play() {
        // given a session played for a while, then paused (nothing advances the clock)
        ExplorerSession session = load(
                Scenario.of("{ counter: 1 }", "monotonic").withDocuments(20_000).withDocsPerSecond(2_000));
        session.advance(1_050);
        ExplorerFrame before = session.frame();
        long now = before.cluster().atMillis();
        assertTrue(
                drawnWrites(before) < before.stream().inserted(), "the stream's window in progress waits until over");

        // when a client inserts 300 documents, twice, on the paused clock
        for (int batch = 0; batch < 2; batch++) {
            List<ShardKey> keys = new java.util.ArrayList<>();
            for (int i = 0; i < 150; i++) {
                keys.add(ShardKey.of(new BsonInt64(1_000_000 + batch * 1_000 + i)));
            }
            session.cluster()
                    .execute(new io.shardlab.sim.InsertDocuments(
                            before.scenario().namespace(), io.shardlab.sim.InsertBatch.ofKeys(keys, 200)));
            session.accountClientWork();
            // then each batch is in the charts at once: the writes chart and the heatmap drawn at this time
            ExplorerFrame frame = session.frame();
            assertEquals(now, frame.cluster().atMillis(), "the clock stood still");
            assertEquals(150L * (batch + 1), session.clientDocuments());
            assertEquals(
                    frame.stream().inserted() + session.clientDocuments(),
                    drawnWrites(frame),
                    "every write so far is drawn, the clients' as they arrived");
            int drawn = frame.writes().shownAt(now);
            assertEquals(
                    drawnWrites(frame),
                    Arrays.stream(frame.heat().byWindow(drawn))
                            .flatMapToLong(Arrays::stream)
                            .sum());
        }
    }

    /** The writes the charts draw for {@code frame}: every window up to {@link WindowedCounts.Snapshot#shownAt}. */
    private static long drawnWrites(ExplorerFrame frame) {
        WindowedCounts.Snapshot writes = frame.writes();
        return Arrays.stream(writes.byRow(writes.shownAt(frame.cluster().atMillis())))
                .mapToLong(ExplorerSessionTest::total)
                .sum();
    }

    @Test
    void undo_past_a_step_takes_its_shard_back_and_redo_adds_it_again_at_the_same_document() {
        ExplorerSession session = load(Scenario.of("{ counter: 1 }", "monotonic")
                .withDocuments(20_000)
                .withDocsPerSecond(2_000)
                .withSteps(List.of(io.shardlab.workload.StreamStep.addShard(4_000, "shard04"))));
        ChunkCommands commands = new ChunkCommands(
                session.frame().scenario().namespace(),
                session.frame().scenario().key(),
                session.frame().scenario().scenario().version());
        session.advance(1_000);
        session.execute(commands.splitAt(ShardKey.of(new BsonInt64(1_000))));
        session.advance(3_000);
        assertEquals(4, session.frame().shardIds().size());

        assertTrue(session.undo());
        assertEquals(3, session.frame().shardIds().size(), "the step ran after the undone split");
        assertEquals(3, session.frame().writes().rows());
        assertTrue(session.redo());
        assertEquals(4, session.frame().shardIds().size());
        assertEquals(session.frame().stream().inserted(), sum(session.frame().writes()));
    }

    @Test
    void each_frame_carries_the_size_of_the_collections_config_chunks_documents_beside_its_data() {
        ExplorerSession session = load(Scenario.of("{ userId: 1 }", "uniform")
                .withDocuments(20_000)
                .withVersion(MongoVersion.V5_0)
                .withChunkSizeMegabytes(1));
        while (!session.finished()) {
            session.advance(10_000);
        }

        ExplorerFrame frame = session.frame();
        assertEquals(
                io.shardlab.mongos.ConfigDatabase.metadataSize(MongoVersion.V5_0, "shardlab.events", frame.cluster()),
                frame.routing());
        assertEquals(frame.cluster().cluster().chunks().size(), frame.routing().chunks());
        assertEquals(20_000, frame.routing().documents());
    }

    @Test
    void the_routing_size_measured_chunk_by_chunk_between_frames_is_the_size_measured_whole() {
        // given a run of several chunks, frames taken as it plays (each frame measures only the chunks that are new)
        ExplorerSession session = load(Scenario.of("{ userId: 'hashed' }", "uniform")
                .withDocuments(20_000)
                .withVersion(MongoVersion.V5_0)
                .withChunkSizeMegabytes(1));
        int frames = 0;
        while (!session.finished()) {
            session.advance(2_000);
            ExplorerFrame frame = session.frame();
            frames++;

            // then every frame's size is the whole collection's, measured from scratch
            assertEquals(
                    io.shardlab.mongos.ConfigDatabase.metadataSize(
                            MongoVersion.V5_0, "shardlab.events", frame.cluster()),
                    frame.routing(),
                    "frame " + frames);
        }
        assertTrue(session.frame().routing().chunks() > 1, "the hashed key's initial chunks");
    }
}
