package io.shardlab.cli;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.workload.ReadDistribution;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.bson.BsonString;

/**
 * {@code simulate --json}: one JSON object,
 * {@code {"key", "mongodbVersion", "shards": [{"name", "chunks", "docs", "bytes", "writes"}],
 * "chunks": [{"min", "max", "shard", "docs", "bytes", "jumbo"}], "splits", "migrations", "merges",
 * "meanMaxWriteShare", "events"}}, plus {@code "reads"} when {@code --queries} asked for them.
 * Chunks are in key order with their bounds in canonical Extended JSON
 * ({@code {"ts": {"$minKey": 1}}}); docs and bytes are what each chunk and shard owns at the end;
 * a shard's writes are the inserts routed to it; {@code migrations} counts committed migrations;
 * {@code meanMaxWriteShare} is null when nothing was inserted.
 */
final class SimulationJson {

    private SimulationJson() {
    }

    static String render(SimulationOutcome outcome) {
        SimulationSnapshot s = outcome.finalState();
        ShardKeyPattern key = outcome.key();
        StringBuilder out = new StringBuilder(256 + 160 * s.chunkStatistics().size());
        out.append("{\"key\": ").append(BsonPrinter.relaxedJson(key.toDocument()));
        out.append(", \"mongodbVersion\": ").append(string(s.version().label()));
        out.append(", \"shards\": [");
        Map<String, long[]> perShard = perShard(s);
        boolean first = true;
        for (Map.Entry<String, long[]> e : perShard.entrySet()) {
            long[] v = e.getValue();
            out.append(first ? "" : ", ").append("{\"name\": ").append(string(e.getKey()))
                    .append(", \"chunks\": ").append(v[0]).append(", \"docs\": ").append(v[1])
                    .append(", \"bytes\": ").append(v[2]).append(", \"writes\": ")
                    .append(outcome.writes().writes(e.getKey())).append('}');
            first = false;
        }
        out.append("], \"chunks\": [");
        List<ChunkStatistics> chunks = s.chunkStatistics();
        for (int i = 0; i < chunks.size(); i++) {
            ChunkStatistics c = chunks.get(i);
            Chunk chunk = c.chunk();
            out.append(i == 0 ? "" : ", ").append("{\"min\": ")
                    .append(BsonPrinter.canonicalJson(chunk.min().toDocument(key)))
                    .append(", \"max\": ").append(BsonPrinter.canonicalJson(chunk.max().toDocument(key)))
                    .append(", \"shard\": ").append(string(chunk.shard()))
                    .append(", \"docs\": ").append(c.documents()).append(", \"bytes\": ").append(c.bytes())
                    .append(", \"jumbo\": ").append(chunk.jumbo()).append('}');
        }
        out.append("], \"splits\": ").append(s.counters().splits());
        out.append(", \"migrations\": ").append(s.counters().migrationsCommitted());
        out.append(", \"merges\": ").append(s.counters().merges());
        OptionalDouble share = outcome.writes().meanMaxWriteShare();
        out.append(", \"meanMaxWriteShare\": ").append(share.isPresent() ? Double.toString(share.getAsDouble()) : "null");
        out.append(", \"events\": ").append(outcome.events());
        outcome.reads().ifPresent(r -> appendReads(out, r));
        return out.append('}').toString();
    }

    private static void appendReads(StringBuilder out, ReadDistribution r) {
        out.append(", \"reads\": {\"sampleSize\": ").append(r.sampleSize())
                .append(", \"percentageOfSingleShardReads\": ").append(r.percentageOfSingleShardReads())
                .append(", \"percentageOfMultiShardReads\": ").append(r.percentageOfMultiShardReads())
                .append(", \"percentageOfScatterGatherReads\": ").append(r.percentageOfScatterGatherReads())
                .append(", \"meanShardsReached\": ").append(r.meanShardsReached())
                .append(", \"queries\": [");
        for (int i = 0; i < r.byTemplate().size(); i++) {
            ReadDistribution.TemplateReads t = r.byTemplate().get(i);
            out.append(i == 0 ? "" : ", ").append("{\"name\": ").append(string(t.name()))
                    .append(", \"shape\": ").append(string(t.shape().name().toLowerCase(java.util.Locale.ROOT)))
                    .append(", \"count\": ").append(t.reads())
                    .append(", \"singleShard\": ").append(t.singleShard())
                    .append(", \"multiShard\": ").append(t.multiShard())
                    .append(", \"scatterGather\": ").append(t.scatterGather())
                    .append(", \"meanShardsReached\": ").append(t.meanShardsReached()).append('}');
        }
        out.append("]}");
    }

    /** Per shard, in id order: chunks, docs, bytes owned at the end; every shard of the cluster is listed. */
    static Map<String, long[]> perShard(SimulationSnapshot s) {
        Map<String, long[]> perShard = new LinkedHashMap<>();
        for (Shard shard : s.shards()) {
            perShard.put(shard.id(), new long[3]);
        }
        for (ChunkStatistics c : s.chunkStatistics()) {
            long[] v = perShard.computeIfAbsent(c.chunk().shard(), k -> new long[3]);
            v[0]++;
            v[1] += c.documents();
            v[2] += c.bytes();
        }
        return perShard;
    }

    private static String string(String text) {
        return BsonPrinter.canonicalJson(new BsonString(text));
    }
}
