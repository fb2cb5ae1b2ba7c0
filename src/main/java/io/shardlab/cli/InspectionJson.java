package io.shardlab.cli;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.ActiveMigration;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.live.BalancerState;
import io.shardlab.live.ChunkChange;
import io.shardlab.live.ClusterMetadata;
import io.shardlab.live.CollectionLayout;
import io.shardlab.live.MetadataProblem;
import io.shardlab.live.ShardDataSize;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
        out.append(",\n \"release\": ")
                .append(new JsonObjectText()
                        .text("version", m.release().version().label())
                        .text("basis", m.release().basis().name().toLowerCase(Locale.ROOT))
                        .text("evidence", m.release().evidence())
                        .text("note", m.release().note()));
        out.append(",\n \"shards\": [");
        for (int i = 0; i < m.shards().size(); i++) {
            Shard s = m.shards().get(i);
            out.append(i == 0 ? "" : ", ")
                    .append(new JsonObjectText()
                            .text("id", s.id())
                            .text("host", s.host())
                            .field("zones", strings(s.zones().stream().sorted().toList()))
                            .field("draining", s.draining()));
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
        out.append(new JsonObjectText()
                .text("mode", b.mode())
                .field("enabled", b.enabled())
                .field("running", b.inBalancerRound())
                .text("source", b.source())
                .field("numBalancerRounds", b.numBalancerRounds())
                .field(
                        "activeWindow",
                        b.activeWindow() == null
                                ? "null"
                                : new JsonObjectText()
                                        .text("start", b.activeWindow().start().toString())
                                        .text("stop", b.activeWindow().stop().toString()))
                .field("chunkSizeMB", b.chunkSizeMB())
                .text("chunkSizeSource", b.chunkSizeSource())
                .field("autoSplit", b.autoSplit())
                .field("autoMerge", b.autoMerge()));
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
                    .append(JsonObjectText.range(ch.min(), ch.max(), key)
                            .text("shard", ch.shard())
                            .field("jumbo", ch.jumbo())
                            .field(
                                    "lastmod",
                                    BsonPrinter.canonicalJson(new BsonTimestamp(
                                            ch.version().major(), ch.version().minor()))));
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
                    .append(JsonObjectText.range(z.min(), z.max(), key).text("zone", z.zone()));
        }
        out.append("],\n   \"dataDistribution\": [");
        if (c.dataDistribution() != null) {
            List<ShardDataSize> shards = c.dataDistribution().shards();
            for (int i = 0; i < shards.size(); i++) {
                ShardDataSize s = shards.get(i);
                out.append(i == 0 ? "" : ", ")
                        .append(new JsonObjectText()
                                .text("shard", s.shard())
                                .field("documents", s.documents())
                                .field("bytes", s.bytes())
                                .field("orphanedDocuments", s.orphanedDocuments())
                                .field("orphanedBytes", s.orphanedBytes()));
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
                    .append(new JsonObjectText()
                            .text("time", recent.get(i).time().toString())
                            .text(
                                    "change",
                                    Messages.of(Language.ENGLISH)
                                            .text(recent.get(i).describe())));
        }
        out.append("],\n   \"activeMigrations\": [");
        for (int i = 0; i < c.migrations().size(); i++) {
            ActiveMigration a = c.migrations().get(i);
            out.append(i == 0 ? "" : ", ")
                    .append(JsonObjectText.range(a.min(), a.max(), key)
                            .text("fromShard", a.fromShard())
                            .text("toShard", a.toShard()));
        }
        out.append("], \"problems\": ")
                .append(strings(
                        c.problems().stream().map(MetadataProblem::message).toList()))
                .append('}');
    }

    private static String strings(List<String> values) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(string(values.get(i)));
        }
        return b.append(']').toString();
    }

    private static String string(String text) {
        return JsonObjectText.string(text);
    }
}
