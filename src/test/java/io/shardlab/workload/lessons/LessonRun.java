package io.shardlab.workload.lessons;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.Router;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.workload.InsertKeyReader;
import io.shardlab.workload.InsertStream;
import io.shardlab.workload.ReadDistribution;
import io.shardlab.workload.SimulationSetup;
import io.shardlab.workload.Workload;
import io.shardlab.workload.WorkloadSettings;
import io.shardlab.workload.WorkloadSimulation;
import io.shardlab.workload.WriteDistribution;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** One lesson's run: a workload inserted into a simulated cluster, and what came of it. */
final class LessonRun {

    final Workload workload;
    final WorkloadSettings settings;
    final ShardKeyPattern key;
    final WorkloadSimulation simulation;
    final WriteDistribution writes;
    final SimulationSnapshot end;

    private LessonRun(
            Workload workload,
            WorkloadSettings settings,
            ShardKeyPattern key,
            WorkloadSimulation simulation,
            WriteDistribution writes) {
        this.workload = workload;
        this.settings = settings;
        this.key = key;
        this.simulation = simulation;
        this.writes = writes;
        this.end = simulation.snapshot();
    }

    /** Inserts the first {@code insert} of {@code settings.docs()} documents (all when equal), after any pre-split. */
    static LessonRun of(
            Workload workload,
            WorkloadSettings settings,
            long insert,
            ShardKeyPattern key,
            SimulationSetup setup,
            boolean preSplit) {
        WorkloadSimulation simulation = new WorkloadSimulation(setup, "lesson." + workload.name(), key);
        if (preSplit) {
            simulation.preSplit(workload.initialSplit(settings).orElseThrow());
        }
        InsertStream stream = workload.open(settings);
        WriteDistribution writes =
                simulation.run(insert >= settings.docs() ? stream : new FirstDocuments(stream, insert));
        return new LessonRun(workload, settings, key, simulation, writes);
    }

    /** The whole workload with its own key and no pre-split. */
    static LessonRun of(Workload workload, long docs, SimulationSetup setup) {
        return of(workload, WorkloadSettings.of(docs, 1), docs, workload.suggestedKey(), setup, false);
    }

    /** One release of each era: mongos auto-split (4.0), shard auto-split (4.2, 4.4, 5.0), no auto-split (6.0 on). */
    static List<MongoVersion> versions() {
        return List.of(
                MongoVersion.V4_0,
                MongoVersion.V4_2,
                MongoVersion.V4_4,
                MongoVersion.V5_0,
                MongoVersion.V6_0,
                MongoVersion.V7_0,
                MongoVersion.V8_0);
    }

    /** One version of each balancer: by chunk count (5.0) and by data size (8.0). */
    static List<MongoVersion> chunkCountAndDataSizeVersions() {
        return List.of(MongoVersion.V5_0, MongoVersion.V8_0);
    }

    /** 4 shards, 1 MB chunks, documents counted as {@code docSize} bytes, 1,000 inserts per window and second. */
    static SimulationSetup fourShards(MongoVersion version, int docSize) {
        return SimulationSetup.of(version, 4).withChunkSizeMegabytes(1).withDocSize(docSize);
    }

    double meanMaxWriteShare() {
        return writes.meanMaxWriteShare().getAsDouble();
    }

    ChunkMap chunks() {
        return end.cluster().chunks();
    }

    /** The workload's query mix, routed on the final layout. */
    ReadDistribution reads(int queries) {
        Router router = new Router(key, chunks(), end.version());
        return ReadDistribution.route(workload.queries(settings), queries, 7, router);
    }

    /** The distinct shard-key values among the inserted documents. */
    Set<ShardKey> distinctKeys() {
        Set<ShardKey> keys = new HashSet<>();
        InsertKeyReader reader = new InsertKeyReader(key, new ShardKeyHasher());
        try (InsertStream s = workload.open(settings)) {
            while (s.hasNext()) {
                keys.add(reader.keyOf(s.next(), s.source()));
            }
        }
        return keys;
    }

    /** Per chunk in key order, the distinct key values the inserted documents put in it. */
    List<Set<ShardKey>> distinctKeysPerChunk() {
        ChunkMap chunks = chunks();
        List<Set<ShardKey>> perChunk = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            perChunk.add(new HashSet<>());
        }
        for (ShardKey k : distinctKeys()) {
            perChunk.get(chunks.indexOf(k)).add(k);
        }
        return perChunk;
    }

    /** Chunks holding one key value and more bytes than the maximum chunk size: no split point exists inside them. */
    List<Chunk> unsplittableChunks() {
        List<Set<ShardKey>> keys = distinctKeysPerChunk();
        List<Chunk> out = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            if (keys.get(i).size() == 1 && end.chunkStatistics().get(i).bytes() > end.maxChunkSizeBytes()) {
                out.add(chunks().get(i));
            }
        }
        return out;
    }

    /** Stops a stream after its first {@code limit} documents. */
    private static final class FirstDocuments implements InsertStream {
        private final InsertStream stream;
        private long left;

        FirstDocuments(InsertStream stream, long limit) {
            this.stream = stream;
            this.left = limit;
        }

        @Override
        public String source() {
            return stream.source();
        }

        @Override
        public boolean hasNext() {
            return left > 0 && stream.hasNext();
        }

        @Override
        public io.shardlab.workload.InsertDocument next() {
            left--;
            return stream.next();
        }

        @Override
        public void close() {
            stream.close();
        }
    }
}
