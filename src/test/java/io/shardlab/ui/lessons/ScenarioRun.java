package io.shardlab.ui.lessons;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.mongos.ConfigDatabase;
import io.shardlab.mongos.MongosRelease;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Router;
import io.shardlab.session.Scenario;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationCounters;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.workload.InitialSplit;
import io.shardlab.workload.SimulationSetup;
import io.shardlab.workload.Workload;
import io.shardlab.workload.WorkloadRegistry;
import io.shardlab.workload.WorkloadSettings;
import io.shardlab.workload.WorkloadSimulation;
import io.shardlab.workload.WriteDistribution;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A lesson scenario played headless, as the explorer plays it: its shards added in order, the
 * collection sharded on its key, cut at its split points with the chunks placed round-robin
 * ({@link WorkloadSimulation#preSplit}; with none, the workload's own pre-split, as ExplorerSession applies
 * it), then its workload inserted at its pace, its steps (a shard
 * added mid-stream) run as the stream reaches them. Gives the numbers a
 * lesson's "what to watch" talks about.
 */
record ScenarioRun(
        Scenario scenario,
        WriteDistribution writes,
        SimulationSnapshot end,
        SimulatedCluster cluster,
        SimulationCounters atStart) {

    static ScenarioRun play(LessonScenario lessonScenario, WorkloadRegistry workloads) {
        Scenario s = lessonScenario.base();
        ShardKeyPattern key = ShardKeyPattern.parse(s.keyPattern());
        SimulationSetup setup =
                SimulationSetup.of(s.version(), s.shards()).withSeed(s.seed()).withInsertsPerSecond(s.docsPerSecond());
        if (s.chunkSizeMegabytes() > 0) {
            setup = setup.withChunkSizeMegabytes(s.chunkSizeMegabytes());
        }
        // zones and shardCollection's options first, as ExplorerSession.load does
        WorkloadSimulation simulation = new WorkloadSimulation(
                setup, s.sharding().beforeSharding(s.namespace()), s.sharding().shardCollection(s.namespace(), key));
        Workload workload = workloads.named(s.workload());
        if (!s.splitPoints().isEmpty()) {
            List<ShardKey> points = new ArrayList<>();
            for (String text : s.splitPoints()) {
                points.add(ShardKey.of(
                        new ArrayList<>(BsonLiterals.parseDocument(text).values())));
            }
            points.sort(ShardKey::compareTo);
            simulation.preSplit(new InitialSplit(key, points));
        } else if (s.sharding().isEmpty()) {
            // with no split points of its own a scenario gets its workload's pre-split, as the explorer's does
            workload.initialSplit(WorkloadSettings.of(s.documents(), s.seed()))
                    .filter(split -> split.key().equals(key))
                    .ifPresent(simulation::preSplit);
        }
        // the counters before the first insert: what the set-up did, which the explorer's counters leave out
        SimulationCounters atStart = simulation.snapshot().counters();
        WriteDistribution writes =
                simulation.run(workload.open(WorkloadSettings.of(s.documents(), s.seed())), s.steps());
        return new ScenarioRun(s, writes, simulation.snapshot(), simulation.cluster(), atStart);
    }

    ClusterSnapshot collection() {
        return end.collection().orElseThrow();
    }

    int chunks() {
        return collection().chunks().size();
    }

    /** Shards that own at least one chunk. */
    long shardsWithChunks() {
        return end.chunkStatistics().stream()
                .map(c -> c.chunk().shard())
                .distinct()
                .count();
    }

    long jumboChunks() {
        return end.chunkStatistics().stream().filter(c -> c.chunk().jumbo()).count();
    }

    long largestChunkBytes() {
        return end.chunkStatistics().stream()
                .mapToLong(ChunkStatistics::bytes)
                .max()
                .orElse(0);
    }

    /** The mean over insert windows of the busiest shard's share of the window's writes. */
    double meanMaxWriteShare() {
        return writes.meanMaxWriteShare().orElseThrow();
    }

    /** The busiest shard's share of all writes. */
    double busiestShardShare() {
        return writes.shards().stream().mapToLong(writes::writes).max().orElse(0) / (double) writes.inserts();
    }

    long migrations() {
        return end.counters().migrationsCommitted();
    }

    /** Migrations the stream and the balancer made, as the explorer's counter shows them: the set-up's left out. */
    long migrationsAfterSetUp() {
        return end.counters().migrationsCommitted() - atStart.migrationsCommitted();
    }

    /** Splits after the set-up, as the explorer's counter shows them. */
    long splitsAfterSetUp() {
        return end.counters().splits() - atStart.splits();
    }

    long splits() {
        return end.counters().splits();
    }

    /** How many shards mongos sends {@code filter} to on the final layout. */
    int shardsReached(String filter) {
        Router router = new Router(collection().key(), collection().chunks(), end.version());
        BsonDocument parsed = BsonLiterals.parseDocument(filter);
        return router.route(new Operation.Find(parsed)).shards().size();
    }

    /** Documents per shard at the end. */
    Map<String, Long> documentsByShard() {
        Map<String, Long> out = new TreeMap<>();
        for (ChunkStatistics c : end.chunkStatistics()) {
            out.merge(c.chunk().shard(), c.documents(), Long::sum);
        }
        return out;
    }

    /** Chunks holding a single key value and more bytes than the chunk size: they cannot be split. */
    long oversizedOneValueChunks() {
        return end.oversizedOneValueChunks().size();
    }

    /**
     * The share of the distinct values of the key's first field that a chunk bound cuts: a bound
     * whose first value is {@code v} and whose later values are not all MinKey puts {@code v}'s
     * documents in two chunks.
     */
    double shareOfLeadingValuesCut(long distinctLeadingValues) {
        java.util.Set<BsonValue> cut = new java.util.HashSet<>();
        for (var chunk : collection().chunks().chunks()) {
            ShardKey min = chunk.min();
            if (min.isGlobalMin()) {
                continue;
            }
            boolean restMinKey = true;
            for (int i = 1; i < min.values().size(); i++) {
                restMinKey &= min.values().get(i).getBsonType() == org.bson.BsonType.MIN_KEY;
            }
            if (!restMinKey) {
                cut.add(min.values().get(0));
            }
        }
        return cut.size() / (double) distinctLeadingValues;
    }

    /** {@code shard}'s share of the writes of the last quarter of the insert windows. */
    double lastQuarterWriteShare(String shard) {
        var windows = writes.windows();
        int index = writes.shards().indexOf(shard);
        long mine = 0;
        long all = 0;
        for (var w : windows.subList(windows.size() * 3 / 4, windows.size())) {
            mine += index < 0 || index >= w.writesPerShard().length ? 0 : w.writes(index);
            all += w.inserts();
        }
        return mine / (double) all;
    }

    /** Chunks per shard at the end. */
    Map<String, Integer> chunksByShard() {
        return collection().chunks().chunksPerShard();
    }

    /** The config.chunks documents of the collection next to its data, as a mongos of the release serves them. */
    ConfigDatabase.MetadataSize metadata() {
        ShardedCatalog catalog =
                new ShardedCatalog(cluster.config(), end.cluster().shardIds());
        catalog.adoptCollection(cluster);
        return new ConfigDatabase(catalog, MongosRelease.of(end.version()), 0, "localhost:27017")
                .metadataSize(scenario.namespace());
    }

    @Override
    public String toString() {
        return String.format(
                java.util.Locale.ROOT,
                "%s %s on %s: chunks %d, shards with chunks %d, jumbo %d, largest chunk %,d B, meanMaxWriteShare %.3f, "
                        + "busiest shard %.3f, splits %d, migrations %d",
                scenario.workload(),
                scenario.keyPattern(),
                scenario.version(),
                chunks(),
                shardsWithChunks(),
                jumboChunks(),
                largestChunkBytes(),
                meanMaxWriteShare(),
                busiestShardShare(),
                splits(),
                migrations());
    }
}
