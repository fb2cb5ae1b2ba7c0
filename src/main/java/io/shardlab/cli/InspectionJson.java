package io.shardlab.cli;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.ActiveMigration;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.live.BalancerState;
import io.shardlab.live.ChunkChange;
import io.shardlab.live.ClusterMetadata;
import io.shardlab.live.CollectionLayout;
import io.shardlab.live.MetadataProblem;
import io.shardlab.live.ShardDataSize;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bson.BsonString;
import org.bson.BsonTimestamp;

/**
 * {@code inspect --json}: one JSON object,
 * <pre>
 * {"source": …, "readAt": …,
 *  "release": {"version", "basis": "server" | "snapshot" | "dump" | "routers" | "inferred" | "assumed",
 *              "evidence", "note"},
 *  "shards": [{"id", "host", "zones": [...], "draining": bool}],
 *  "balancer": {"mode", "enabled", "running", "source", "numBalancerRounds", "activeWindow", "chunkSizeMB",
 *               "chunkSizeSource", "autoSplit", "autoMerge"} | null,
 *  "collections": [{"ns", "key", "unique", "uuid", "balancing",
 *                   "chunks": [{"min", "max", "shard", "jumbo", "lastmod"}], "chunksPerShard": {"&lt;shard&gt;": n},
 *                   "zones": [{"min", "max", "zone"}],
 *                   "dataDistribution": [{"shard", "documents", "bytes", "orphanedDocuments", "orphanedBytes"}],
 *                   "dataDistributionSource", "recentChanges": [{"time", "change"}],
 *                   "activeMigrations": [{"min", "max", "fromShard", "toShard"}], "problems": [...]}],
 *  "notes": [...], "problems": [...]}
 * </pre>
 * Chunks are in key order; bounds and {@code lastmod} are canonical Extended JSON
 * ({@code {"x": {"$minKey": 1}}}, {@code {"$timestamp": {"t": 2, "i": 0}}}); the key pattern is
 * relaxed ({@code {"x": 1}}). {@code running} is null when only config.settings could be read.
 */
final class InspectionJson {

    private InspectionJson() {}

    static String render(ClusterMetadata m, int recentChanges) {
        StringBuilder out = new StringBuilder(1024
                + 200
                        * m.collections().stream()
                                .mapToInt(c -> c.chunks().size())
                                .sum());
        out.append("{\"source\": ").append(string(m.source()));
        out.append(", \"readAt\": ").append(string(m.readAt().toString()));
        out.append(",\n \"release\": {\"version\": ")
                .append(string(m.release().version().label()))
                .append(", \"basis\": ")
                .append(string(m.release().basis().name().toLowerCase(Locale.ROOT)))
                .append(", \"evidence\": ")
                .append(string(m.release().evidence()))
                .append(", \"note\": ")
                .append(string(m.release().note()))
                .append('}');
        out.append(",\n \"shards\": [");
        for (int i = 0; i < m.shards().size(); i++) {
            Shard s = m.shards().get(i);
            out.append(i == 0 ? "" : ", ")
                    .append("{\"id\": ")
                    .append(string(s.id()))
                    .append(", \"host\": ")
                    .append(string(s.host()))
                    .append(", \"zones\": ")
                    .append(strings(s.zones().stream().sorted().toList()))
                    .append(", \"draining\": ")
                    .append(s.draining())
                    .append('}');
        }
        out.append("],\n \"balancer\": ");
        balancer(out, m.balancer());
        out.append(",\n \"collections\": [");
        for (int i = 0; i < m.collections().size(); i++) {
            out.append(i == 0 ? "\n  " : ",\n  ");
            collection(out, m, m.collections().get(i), recentChanges);
        }
        out.append("],\n \"notes\": ").append(strings(m.notesInEnglish()));
        out.append(", \"problems\": ")
                .append(strings(
                        m.problems().stream().map(MetadataProblem::toString).toList()));
        return out.append("}\n").toString();
    }

    private static void balancer(StringBuilder out, BalancerState b) {
        if (b == null) {
            out.append("null");
            return;
        }
        out.append("{\"mode\": ")
                .append(string(b.mode()))
                .append(", \"enabled\": ")
                .append(b.enabled())
                .append(", \"running\": ")
                .append(b.inBalancerRound())
                .append(", \"source\": ")
                .append(string(b.source()))
                .append(", \"numBalancerRounds\": ")
                .append(b.numBalancerRounds())
                .append(", \"activeWindow\": ")
                .append(
                        b.activeWindow() == null
                                ? "null"
                                : "{\"start\": "
                                        + string(b.activeWindow().start().toString()) + ", \"stop\": "
                                        + string(b.activeWindow().stop().toString()) + "}")
                .append(", \"chunkSizeMB\": ")
                .append(b.chunkSizeMB())
                .append(", \"chunkSizeSource\": ")
                .append(string(b.chunkSizeSource()))
                .append(", \"autoSplit\": ")
                .append(b.autoSplit())
                .append(", \"autoMerge\": ")
                .append(b.autoMerge())
                .append('}');
    }

    private static void collection(StringBuilder out, ClusterMetadata m, CollectionLayout c, int recentChanges) {
        ShardKeyPattern key = c.key();
        out.append("{\"ns\": ")
                .append(string(c.namespace()))
                .append(", \"key\": ")
                .append(BsonPrinter.relaxedJson(key.toDocument()))
                .append(", \"unique\": ")
                .append(c.entry().unique())
                .append(", \"uuid\": ")
                .append(c.entry().uuid() == null ? "null" : string(c.entry().uuidText()))
                .append(", \"balancing\": ")
                .append(c.entry().flags().balancing())
                .append(",\n   \"chunks\": [");
        List<Chunk> chunks = c.chunks();
        for (int i = 0; i < chunks.size(); i++) {
            Chunk ch = chunks.get(i);
            out.append(i == 0 ? "\n    " : ",\n    ")
                    .append(rangeOpening(ch.min(), ch.max(), key))
                    .append(", \"shard\": ")
                    .append(string(ch.shard()))
                    .append(", \"jumbo\": ")
                    .append(ch.jumbo())
                    .append(", \"lastmod\": ")
                    .append(BsonPrinter.canonicalJson(
                            new BsonTimestamp(ch.version().major(), ch.version().minor())))
                    .append('}');
        }
        out.append("],\n   \"chunksPerShard\": {");
        boolean first = true;
        for (Map.Entry<String, Integer> e : c.chunksPerShard().entrySet()) {
            out.append(first ? "" : ", ")
                    .append(string(e.getKey()))
                    .append(": ")
                    .append(e.getValue());
            first = false;
        }
        out.append("},\n   \"zones\": [");
        for (int i = 0; i < c.zones().size(); i++) {
            ZoneRange z = c.zones().get(i);
            out.append(i == 0 ? "" : ", ")
                    .append(rangeOpening(z.min(), z.max(), key))
                    .append(", \"zone\": ")
                    .append(string(z.zone()))
                    .append('}');
        }
        out.append("],\n   \"dataDistribution\": [");
        if (c.dataDistribution() != null) {
            List<ShardDataSize> shards = c.dataDistribution().shards();
            for (int i = 0; i < shards.size(); i++) {
                ShardDataSize s = shards.get(i);
                out.append(i == 0 ? "" : ", ")
                        .append("{\"shard\": ")
                        .append(string(s.shard()))
                        .append(", \"documents\": ")
                        .append(s.documents())
                        .append(", \"bytes\": ")
                        .append(s.bytes())
                        .append(", \"orphanedDocuments\": ")
                        .append(s.orphanedDocuments())
                        .append(", \"orphanedBytes\": ")
                        .append(s.orphanedBytes())
                        .append('}');
            }
        }
        out.append("], \"dataDistributionSource\": ")
                .append(
                        c.dataDistribution() == null
                                ? "null"
                                : string(c.dataDistribution().source()));
        out.append(",\n   \"recentChanges\": [");
        List<ChunkChange> changes = m.changes(c.namespace());
        List<ChunkChange> recent = changes.subList(Math.max(0, changes.size() - recentChanges), changes.size());
        for (int i = 0; i < recent.size(); i++) {
            out.append(i == 0 ? "" : ", ")
                    .append("{\"time\": ")
                    .append(string(recent.get(i).time().toString()))
                    .append(", \"change\": ")
                    .append(string(recent.get(i).describe()))
                    .append('}');
        }
        out.append("],\n   \"activeMigrations\": [");
        for (int i = 0; i < c.migrations().size(); i++) {
            ActiveMigration a = c.migrations().get(i);
            out.append(i == 0 ? "" : ", ")
                    .append(rangeOpening(a.min(), a.max(), key))
                    .append(", \"fromShard\": ")
                    .append(string(a.fromShard()))
                    .append(", \"toShard\": ")
                    .append(string(a.toShard()))
                    .append('}');
        }
        out.append("], \"problems\": ")
                .append(strings(
                        c.problems().stream().map(MetadataProblem::message).toList()))
                .append('}');
    }

    /** A key range's object {@code {"min": …, "max": …}} up to its bounds: the caller's fields and brace follow. */
    private static String rangeOpening(ShardKey min, ShardKey max, ShardKeyPattern key) {
        return "{\"min\": " + BsonPrinter.canonicalJson(min.toDocument(key)) + ", \"max\": "
                + BsonPrinter.canonicalJson(max.toDocument(key));
    }

    private static String strings(List<String> values) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(string(values.get(i)));
        }
        return b.append(']').toString();
    }

    private static String string(String text) {
        return BsonPrinter.canonicalJson(new BsonString(text));
    }
}
