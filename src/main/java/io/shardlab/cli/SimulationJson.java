package io.shardlab.cli;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.live.ChunkContents;
import io.shardlab.render.DataSize;
import io.shardlab.sim.BalancerRoundsRun;
import io.shardlab.sim.ClusterEvent;
import io.shardlab.sim.Migration;
import io.shardlab.sim.MigrationReason;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.workload.ReadDistribution;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * {@code simulate --json}: one JSON object,
 * {@code {"key", "mongodbVersion", "shards": [{"name", "chunks", "docs", "bytes", "writes"}],
 * "chunks": [{"min", "max", "shard", "docs", "bytes", "jumbo"}], "splits", "migrations", "merges",
 * "meanMaxWriteShare", "events"}}, plus {@code "reads"} when {@code --queries} asked for them.
 * Chunks are in key order with their bounds in canonical Extended JSON
 * ({@code {"ts": {"$minKey": 1}}}); docs and bytes are what each chunk and shard owns at the end, the
 * string {@code "unknown"} (never 0) when the starting layout's sizes were unknown;
 * a shard's writes are the inserts routed to it; {@code migrations} counts committed migrations;
 * {@code meanMaxWriteShare} is null when nothing was inserted.
 *
 * <p>Sections that only some runs have come after those keys, which never change:
 * {@code "layoutSource": {"namespace", "source", "chunks", "sizes", "notes"}} when the run started
 * from a source's layout ({@code sizes}: {@code recorded}, {@code estimatedDataSizeBytes},
 * {@code shardTotals} or {@code unknown}, see {@link ChunkContents});
 * {@code "balancerRounds": {"requested", "run", "stoppedBecause", "simulatedMillis",
 * "migrationsCommitted", "events": [{"type", "min", "max", "shard", "text"}]}} and
 * {@code "migrationsPlanned": [{"round", "command", "from", "to", "min", "max", "docs", "bytes",
 * "reason", "estimated", "committed"}]} with {@code --balancer-rounds}: {@code command} is
 * {@code moveChunk} before 6.0 and {@code moveRange} from 6.0 (mongo
 * {@code src/mongo/db/s/balancer/balancer.cpp} requests moveRange), {@code reason} MongoDB's
 * {@code MigrationReason} ({@code drain}, {@code zoneViolation}, {@code chunksImbalance}; mongo
 * {@code src/mongo/db/s/balancer/balancer_policy.h}), {@code estimated} true when ShardLab placed
 * {@code max} inside a chunk whose documents it does not hold; then {@code "reads"}.
 */
final class SimulationJson {

    /** --json stays English: a script reads the same notes and query names whatever --lang says. */
    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private SimulationJson() {}

    static String render(SimulationOutcome outcome) {
        SimulationSnapshot s = outcome.finalState();
        ShardKeyPattern key = outcome.key();
        StringBuilder out = new StringBuilder(256 + 160 * s.chunkStatistics().size());
        out.append("{\"key\": ").append(BsonPrinter.relaxedJson(key.toDocument()));
        out.append(", \"mongodbVersion\": ").append(string(s.version().label()));
        out.append(", \"shards\": [");
        Map<String, long[]> perShard = perShard(s);
        boolean unknown = outcome.sizesUnknown();
        boolean first = true;
        for (Map.Entry<String, long[]> e : perShard.entrySet()) {
            long[] v = e.getValue();
            out.append(first ? "" : ", ")
                    .append(new JsonObjectText()
                            .text("name", e.getKey())
                            .field("chunks", v[0])
                            .field("docs", size(unknown, v[1]))
                            .field("bytes", size(unknown, v[2]))
                            .field("writes", outcome.writes().writes(e.getKey())));
            first = false;
        }
        out.append("], \"chunks\": [");
        List<ChunkStatistics> chunks = s.chunkStatistics();
        for (int i = 0; i < chunks.size(); i++) {
            ChunkStatistics c = chunks.get(i);
            Chunk chunk = c.chunk();
            out.append(i == 0 ? "" : ", ")
                    .append(JsonObjectText.range(chunk.min(), chunk.max(), key)
                            .text("shard", chunk.shard())
                            .field("docs", size(unknown, c.documents()))
                            .field("bytes", size(unknown, c.bytes()))
                            .field("jumbo", chunk.jumbo()));
        }
        out.append("], \"splits\": ").append(s.counters().splits());
        out.append(", \"migrations\": ").append(s.counters().migrationsCommitted());
        out.append(", \"merges\": ").append(s.counters().merges());
        OptionalDouble share = outcome.writes().meanMaxWriteShare();
        out.append(", \"meanMaxWriteShare\": ")
                .append(share.isPresent() ? Double.toString(share.getAsDouble()) : "null");
        out.append(", \"events\": ").append(outcome.events());
        outcome.origin().ifPresent(o -> appendOrigin(out, o));
        outcome.rounds().ifPresent(r -> appendRounds(out, r, key, s.version(), unknown));
        outcome.reads().ifPresent(r -> appendReads(out, r));
        return out.append('}').toString();
    }

    private static void appendOrigin(StringBuilder out, SimulationOutcome.LayoutOrigin o) {
        StringBuilder notes = new StringBuilder("[");
        for (int i = 0; i < o.notes().size(); i++) {
            notes.append(i == 0 ? "" : ", ")
                    .append(string(ENGLISH.text(o.notes().get(i))));
        }
        out.append(", \"layoutSource\": ")
                .append(new JsonObjectText()
                        .text("namespace", o.namespace())
                        .text("source", o.source())
                        .field("chunks", o.chunks())
                        .text("sizes", o.sizes())
                        .field("notes", notes.append(']')));
    }

    /** A size as JSON: the number, or {@code "unknown"} when it includes sizes the source did not tell. */
    static String size(boolean unknown, long value) {
        return unknown ? string(DataSize.UNKNOWN) : Long.toString(value);
    }

    private static void appendRounds(
            StringBuilder out, BalancerRoundsRun r, ShardKeyPattern key, MongoVersion version, boolean unknown) {
        List<JsonObjectText> events = new ArrayList<>();
        for (ClusterEvent e : reported(r)) {
            JsonObjectText event = new JsonObjectText().text("type", type(e));
            Chunk c = chunkOf(e);
            if (c != null) {
                event.field("min", BsonPrinter.canonicalJson(c.min().toDocument(key)))
                        .field("max", BsonPrinter.canonicalJson(c.max().toDocument(key)))
                        .text("shard", c.shard());
            }
            events.add(event.text("text", ENGLISH.text(describe(e, key))));
        }
        out.append(", \"balancerRounds\": ")
                .append(new JsonObjectText()
                        .field("requested", r.requested())
                        .field("run", r.run())
                        .field(
                                "stoppedBecause",
                                r.stoppedBecause().map(SimulationJson::string).orElse("null"))
                        .field("simulatedMillis", r.endedAtMillis() - r.startedAtMillis())
                        .field("migrationsCommitted", r.committed())
                        .field("events", JsonObjectText.array(events)));
        out.append(", \"migrationsPlanned\": [");
        String command = migrationCommand(version);
        for (int i = 0; i < r.migrations().size(); i++) {
            BalancerRoundsRun.PlannedMigration p = r.migrations().get(i);
            Migration m = p.migration();
            out.append(i == 0 ? "" : ", ")
                    .append(new JsonObjectText()
                            .field("round", p.round())
                            .text("command", command)
                            .text("from", m.from())
                            .text("to", m.to())
                            .field("min", BsonPrinter.canonicalJson(m.min().toDocument(key)))
                            .field("max", BsonPrinter.canonicalJson(m.max().toDocument(key)))
                            .field("docs", size(unknown, m.documents()))
                            .field("bytes", size(unknown, m.bytes()))
                            .text("reason", reason(m.reason()))
                            .field("estimated", m.estimatedMax())
                            .field("committed", p.committed()));
        }
        out.append(']');
    }

    /** The rounds' events worth reporting: a moveRange commit's own split is part of its migration. */
    static List<ClusterEvent> reported(BalancerRoundsRun r) {
        return r.events().stream()
                .filter(e -> !(e instanceof ClusterEvent.ChunkSplit split
                        && split.cause() == ClusterEvent.SplitCause.MOVE_RANGE))
                .toList();
    }

    /** What the balancer asks the donor for: moveChunk before the data-size balancer (6.0.3), moveRange with it (mongo balancer.cpp). */
    static String migrationCommand(MongoVersion version) {
        return ReleaseRules.of(version).balancesDataSize() ? "moveRange" : "moveChunk";
    }

    /** MongoDB's name of a migration reason (mongo balancer_policy.h {@code MigrationReason}). */
    static String reason(MigrationReason reason) {
        return switch (reason) {
            case DRAIN -> "drain";
            case ZONE_VIOLATION -> "zoneViolation";
            case CHUNKS_IMBALANCE -> "chunksImbalance";
            case TOP_CHUNK -> "topChunk";
            case COMMAND -> "command";
        };
    }

    private static String type(ClusterEvent e) {
        if (e instanceof ClusterEvent.ChunkSplit) {
            return "split";
        }
        if (e instanceof ClusterEvent.JumboMarked) {
            return "jumbo";
        }
        if (e instanceof ClusterEvent.MigrationFailed) {
            return "migrationFailed";
        }
        if (e instanceof ClusterEvent.ChunksMerged) {
            return "merge";
        }
        if (e instanceof ClusterEvent.DocumentsUnknown) {
            return "documentsUnknown";
        }
        return e.getClass().getSimpleName();
    }

    private static Chunk chunkOf(ClusterEvent e) {
        if (e instanceof ClusterEvent.JumboMarked j) {
            return j.chunk();
        }
        if (e instanceof ClusterEvent.DocumentsUnknown u) {
            return u.chunk();
        }
        return null;
    }

    /** One line for a round's event: said in --lang's language by the text report, in English by --json. */
    static Message describe(ClusterEvent e, ShardKeyPattern key) {
        if (e instanceof ClusterEvent.ChunkSplit split) {
            String cause = switch (split.cause()) {
                case ZONE_BOUNDARY -> "cli.event.split.atZoneBoundary";
                case TOO_BIG_TO_MOVE -> "cli.event.split.tooBigToMove";
                case AUTO_SPLIT -> "cli.event.split.byAutoSplitter";
                case COMMAND -> "cli.event.split.byCommand";
                case MOVE_RANGE -> "cli.event.split.byMoveRange";
                case DEFRAGMENTATION -> "cli.event.split.byDefragmentation";
            };
            return Message.of(
                    cause,
                    range(split.min(), split.max(), key),
                    split.shard(),
                    split.splitPoints().stream()
                            .map(p -> BsonPrinter.shell(p.toDocument(key)))
                            .toList()
                            .toString());
        }
        if (e instanceof ClusterEvent.JumboMarked j) {
            return Message.of(
                    "cli.event.jumboMarked",
                    range(j.chunk().min(), j.chunk().max(), key),
                    j.chunk().shard());
        }
        if (e instanceof ClusterEvent.MigrationFailed f) {
            return Message.of(
                    "cli.event.migrationFailed",
                    range(f.migration().min(), f.migration().max(), key),
                    f.migration().from(),
                    f.migration().to(),
                    f.error());
        }
        if (e instanceof ClusterEvent.ChunksMerged m) {
            String merged = switch (m.cause()) {
                case AUTO_MERGER -> "cli.event.merged.byAutoMerger";
                case DEFRAGMENTATION -> "cli.event.merged.byDefragmentation";
                case COMMAND -> "cli.event.merged";
            };
            return Message.of(merged, m.chunkCount(), range(m.min(), m.max(), key), m.shard());
        }
        if (e instanceof ClusterEvent.DocumentsUnknown u) {
            String where = range(u.chunk().min(), u.chunk().max(), key);
            return u.toShard() == null
                    ? Message.of("cli.event.notSimulated", where, u.chunk().shard(), u.step())
                    : Message.of("cli.event.notSimulatedTo", where, u.chunk().shard(), u.toShard(), u.step());
        }
        return Message.of("common.verbatim", e.toString());
    }

    private static String range(ShardKey min, ShardKey max, ShardKeyPattern key) {
        return BsonPrinter.shell(min.toDocument(key)) + " -->> " + BsonPrinter.shell(max.toDocument(key));
    }

    private static void appendReads(StringBuilder out, ReadDistribution r) {
        List<JsonObjectText> queries = new ArrayList<>();
        for (ReadDistribution.TemplateReads t : r.byTemplate()) {
            queries.add(new JsonObjectText()
                    .text("name", ENGLISH.text(t.name()))
                    .text("shape", t.shape().name().toLowerCase(Locale.ROOT))
                    .field("count", t.reads())
                    .field("singleShard", t.singleShard())
                    .field("multiShard", t.multiShard())
                    .field("scatterGather", t.scatterGather())
                    .field("meanShardsReached", t.meanShardsReached()));
        }
        out.append(", \"reads\": ")
                .append(new JsonObjectText()
                        .field("sampleSize", r.sampleSize())
                        .field("percentageOfSingleShardReads", r.percentageOfSingleShardReads())
                        .field("percentageOfMultiShardReads", r.percentageOfMultiShardReads())
                        .field("percentageOfScatterGatherReads", r.percentageOfScatterGatherReads())
                        .field("meanShardsReached", r.meanShardsReached())
                        .field("queries", JsonObjectText.array(queries)));
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
        return JsonObjectText.string(text);
    }
}
