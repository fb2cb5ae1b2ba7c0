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
import io.shardlab.live.ChunkMerge;
import io.shardlab.live.ChunkMigration;
import io.shardlab.live.ChunkSplit;
import io.shardlab.live.ClusterMetadata;
import io.shardlab.live.CollectionLayout;
import io.shardlab.live.DatabaseEntry;
import io.shardlab.live.MetadataProblem;
import io.shardlab.live.ShardDataSize;
import io.shardlab.text.Messages;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code inspect}'s text: the layout of the legacy shell's {@code sh.status()} (mongo
 * {@code src/mongo/shell/utils_sh.js}, {@code printShardingStatus}: sections "shards", "autosplit",
 * "balancer", "databases", then per sharded collection "shard key", "unique", "balancing",
 * "chunks", one {@code min -->> max on : shard Timestamp(…)} line per chunk and one
 * {@code tag: …} line per zone range, indented 0, 2, 8, 16, 24, 32 spaces), and with what ShardLab
 * adds: per-shard data, recent chunk changes (their ranges as {@code min -->> max} too), notes and
 * metadata problems. Values are printed as the legacy shell's {@code tojson} prints them.
 *
 * <p>ShardLab's own lines (source, read at, release, chunk size, per-shard data, recent chunk changes, notes,
 * metadata problems) are said in the chosen language; the lines that copy sh.status()'s output stay MongoDB's
 * English, and so do the notes a snapshot file recorded (stored as English text).
 *
 * <p>Like {@code sh.status()}, a collection's chunks are listed only when it has fewer than 20, or
 * when verbose; otherwise one line says {@value #TOO_MANY_CHUNKS} (mongosh
 * {@code packages/shell-api/src/helpers.ts}, {@code getPrintableShardStatus}: {@code totalChunks < 20
 * || verbose}; the legacy shell's {@code printShardingStatus} has the same rule and words).
 */
final class ShardingStatusText {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ISO_INSTANT;

    /** sh.status()'s line in place of the chunks of a collection with 20 or more. */
    static final String TOO_MANY_CHUNKS =
            "too many chunks to print, use verbose if you want to force print"; // untranslated: sh.status()

    /** sh.status() lists a collection's chunks when it has fewer than this many (or when verbose). */
    static final int CHUNKS_LISTED_BELOW = 20;

    private ShardingStatusText() {}

    /**
     * The report; {@code verbose} lists every chunk of every collection, as {@code sh.status(true)}
     * does; ShardLab's own lines in {@code words}' language.
     */
    static String render(ClusterMetadata m, int recentChanges, boolean verbose, Messages words) {
        StringBuilder out = new StringBuilder(4096);
        line(out, 0, "--- Sharding Status --- "); // untranslated: sh.status()
        line(
                out,
                1,
                m.serverInfo()
                        .map(s -> words.text(
                                "cli.inspect.sourceServer",
                                m.source(),
                                s.role().name().toLowerCase(Locale.ROOT),
                                s.version().toString()))
                        .orElse(words.text("cli.inspect.source", m.source())));
        line(out, 1, words.text("cli.inspect.readAt", TIME.format(m.readAt())));
        line(out, 1, words.text("cli.inspect.release", words.text(m.release().said())));
        line(out, 1, "shards:");
        for (Shard s : m.shards()) {
            StringBuilder shard = new StringBuilder("{  \"_id\" : ")
                    .append(quote(s.id()))
                    .append(",  \"host\" : ")
                    .append(quote(s.host()));
            if (!s.zones().isEmpty()) {
                shard.append(",  \"tags\" : [ ");
                shard.append(String.join(
                        ", ",
                        s.zones().stream()
                                .sorted()
                                .map(ShardingStatusText::quote)
                                .toList()));
                shard.append(" ]");
            }
            if (s.draining()) {
                shard.append(",  \"draining\" : true");
            }
            line(out, 2, shard.append(" }").toString());
        }
        BalancerState b = m.balancer();
        if (b == null) {
            line(out, 1, "balancer:");
            line(out, 2, words.text("cli.inspect.balancerNotRecorded", m.source()));
        } else {
            line(out, 1, "autosplit:");
            line(out, 2, "Currently enabled: " + yes(b.autoSplit())); // untranslated: sh.status()
            line(out, 1, "balancer:");
            line(
                    out,
                    2,
                    "Currently enabled: " + yes(b.enabled()) // untranslated: sh.status()
                            + (b.mode().equals("full") || b.mode().equals("off") ? "" : " (mode " + b.mode() + ")"));
            if (b.inBalancerRound() != null) {
                line(out, 2, "Currently running: " + yes(b.inBalancerRound())); // untranslated: sh.status()
            }
            if (b.activeWindow() != null) {
                line(
                        out,
                        2,
                        "Balancer active window is set between " // untranslated: sh.status()
                                + b.activeWindow().start() + " and "
                                + b.activeWindow().stop() + " server local time"); // untranslated: sh.status()
            }
            line(
                    out,
                    2,
                    b.chunkSizeMB() == null
                            ? words.text("cli.inspect.chunkSizeUnknown", b.chunkSizeSource())
                            : words.text(
                                    "cli.inspect.chunkSize", String.valueOf(b.chunkSizeMB()), b.chunkSizeSource()));
            if (b.autoMerge() != null) {
                line(out, 2, words.text(b.autoMerge() ? "cli.inspect.autoMergeOn" : "cli.inspect.autoMergeOff"));
            }
            line(out, 2, words.text("cli.inspect.stateFrom", b.source()));
        }
        activeMigrations(out, m, words);
        line(out, 1, "databases:");
        for (Map.Entry<String, List<CollectionLayout>> db : byDatabase(m).entrySet()) {
            DatabaseEntry entry = m.databases().stream()
                    .filter(d -> d.name().equals(db.getKey()))
                    .findFirst()
                    .orElse(null);
            if (entry != null) {
                line(
                        out,
                        2,
                        "{  \"_id\" : " + quote(entry.name()) + ",  \"primary\" : " + quote(entry.primary())
                                + (entry.partitioned() == null ? "" : ",  \"partitioned\" : " + entry.partitioned())
                                + " }");
            } else if (db.getKey().equals("config")) {
                // The legacy shell prints the config database, which config.databases does not hold.
                line(out, 2, "{  \"_id\" : \"config\",  \"primary\" : \"config\",  \"partitioned\" : true }");
            } else {
                line(
                        out,
                        2,
                        words.text("cli.inspect.notInConfigDatabases", "{  \"_id\" : " + quote(db.getKey()) + " }"));
            }
            for (CollectionLayout c : db.getValue()) {
                collection(out, m, c, recentChanges, verbose, words);
            }
        }
        if (!m.problems().isEmpty()) {
            line(out, 1, words.text("cli.inspect.metadataProblems"));
            m.problems().forEach(p -> line(out, 2, said(p, words)));
        }
        if (!m.notes().isEmpty()) {
            line(out, 1, words.text("cli.inspect.notes"));
            m.notes().forEach(n -> line(out, 2, words.text(n)));
        }
        return out.toString();
    }

    /** Databases that hold sharded collections, and the other databases, in name order. */
    private static Map<String, List<CollectionLayout>> byDatabase(ClusterMetadata m) {
        Map<String, List<CollectionLayout>> out = new TreeMap<>();
        m.databases().forEach(d -> out.put(d.name(), new ArrayList<>()));
        for (CollectionLayout c : m.collections()) {
            out.computeIfAbsent(c.namespace().substring(0, c.namespace().indexOf('.')), k -> new ArrayList<>())
                    .add(c);
        }
        return out;
    }

    private static void collection(
            StringBuilder out,
            ClusterMetadata m,
            CollectionLayout c,
            int recentChanges,
            boolean verbose,
            Messages words) {
        ShardKeyPattern key = c.key();
        line(out, 3, c.namespace());
        line(out, 4, "shard key: " + tojson(key.toDocument())); // untranslated: sh.status()
        line(out, 4, "unique: " + c.entry().unique());
        line(out, 4, "balancing: " + c.entry().flags().balancing());
        if (!c.entry().flags().migrationsAllowed()) {
            line(out, 4, words.text("cli.inspect.migrationsBlocked"));
        }
        line(out, 4, "chunks:");
        c.chunksPerShard().forEach((shard, n) -> line(out, 5, shard + "\t" + n));
        if (c.chunks().size() < CHUNKS_LISTED_BELOW || verbose) {
            for (Chunk chunk : c.chunks()) {
                line(
                        out,
                        4,
                        range(key, chunk.min(), chunk.max()) + " on : " + chunk.shard() + " " + chunk.version() + " "
                                + (chunk.jumbo() ? "jumbo " : ""));
            }
        } else {
            line(out, 4, TOO_MANY_CHUNKS);
        }
        for (ZoneRange z : c.zones()) {
            line(out, 4, " tag: " + z.zone() + "  " + range(key, z.min(), z.max()));
        }
        if (c.dataDistribution() != null) {
            line(out, 4, words.text("cli.inspect.data", c.dataDistribution().source()));
            for (ShardDataSize s : c.dataDistribution().shards()) {
                // the counts as numbers, ungrouped, as the JSON has them
                String documents = String.valueOf(s.documents());
                String bytes = String.valueOf(s.bytes());
                line(
                        out,
                        5,
                        s.orphanedDocuments() == null
                                ? words.text("cli.inspect.shardData", s.shard(), documents, bytes)
                                : words.text(
                                        "cli.inspect.shardDataOrphans",
                                        s.shard(),
                                        documents,
                                        bytes,
                                        String.valueOf(s.orphanedDocuments())));
            }
        }
        List<ChunkChange> changes = m.changes(c.namespace());
        if (!changes.isEmpty() && recentChanges > 0) {
            line(out, 4, words.text("cli.inspect.recentChanges"));
            for (ChunkChange change : changes.subList(Math.max(0, changes.size() - recentChanges), changes.size())) {
                line(out, 5, TIME.format(change.time()) + "  " + describe(change, key, words));
            }
        }
        if (!c.problems().isEmpty()) {
            line(out, 4, words.text("cli.inspect.problems"));
            for (MetadataProblem p : c.problems()) {
                line(out, 5, words.text(p.said()));
            }
        }
    }

    /**
     * sh.status()'s "Collections with active migrations" under balancer, one line per collection with
     * migrations in progress. The shell lists config.locks entries as {@code "<ns> started at <when>"}
     * (mongosh {@code helpers.ts}, {@code getPrintableShardStatus}; legacy {@code utils_sh.js}); ShardLab
     * reads the balancer's own record, config.migrations (mongo {@code type_migration.cpp}), which has no
     * start time, so each line names the range and its shards instead.
     */
    private static void activeMigrations(StringBuilder out, ClusterMetadata m, Messages words) {
        List<CollectionLayout> moving =
                m.collections().stream().filter(c -> !c.migrations().isEmpty()).toList();
        if (moving.isEmpty()) {
            return;
        }
        line(out, 2, "Collections with active migrations: "); // untranslated: sh.status()
        for (CollectionLayout c : moving) {
            for (ActiveMigration a : c.migrations()) {
                line(
                        out,
                        3,
                        words.text(
                                "cli.inspect.activeMigration",
                                c.namespace(),
                                range(c.key(), a.min(), a.max()),
                                a.fromShard(),
                                a.toShard()));
            }
        }
    }

    /** A problem as {@link MetadataProblem#toString()} words it, in {@code words}' language. */
    private static String said(MetadataProblem p, Messages words) {
        String problem = words.text(p.said());
        return p.namespace().isEmpty() ? problem : p.namespace() + ": " + problem;
    }

    /** {@code { "x" : 0 } -->> { "x" : 10 }}: a range as the shell prints a chunk's. */
    private static String range(ShardKeyPattern key, ShardKey min, ShardKey max) {
        return tojson(min.toDocument(key)) + " -->> " + tojson(max.toDocument(key));
    }

    /**
     * A chunk change in {@code words}' language, its range printed as a chunk's: "moved { "x" : 0 } -->> { "x" : 10 }
     * from a to b".
     */
    private static String describe(ChunkChange change, ShardKeyPattern key, Messages words) {
        if (change instanceof ChunkSplit s) {
            String kind = s.changelogEntries() > 1 ? "cli.inspect.multiSplit" : "cli.inspect.split";
            int pieces = s.pieces() > 0 ? s.pieces() : s.splitPoints().size() + 1;
            String range = range(key, s.min(), s.max());
            return s.shard() != null
                    ? words.text(kind + "On", range, pieces, s.shard())
                    : words.text(kind, range, pieces);
        }
        if (change instanceof ChunkMigration m) {
            return words.text("cli.inspect.moved", range(key, m.min(), m.max()), m.from(), m.to());
        }
        ChunkMerge merge = (ChunkMerge) change;
        int n = merge.chunks() > 0
                ? merge.chunks()
                : merge.innerBounds() != null ? merge.innerBounds().size() + 1 : -1;
        String range = range(key, merge.min(), merge.max());
        String merged =
                n > 0 ? words.text("cli.inspect.merged", n, range) : words.text("cli.inspect.mergedInto", range);
        return merge.shard() != null ? words.text("cli.inspect.onShard", merged, merge.shard()) : merged;
    }

    /** The legacy shell's tojson of a bound or key document, e.g. { "x" : { "$minKey" : 1 } }. */
    static String tojson(BsonDocument doc) {
        StringBuilder b = new StringBuilder("{ ");
        boolean first = true;
        for (Map.Entry<String, BsonValue> e : doc.entrySet()) {
            b.append(first ? "" : ", ").append(quote(e.getKey())).append(" : ").append(tojson(e.getValue()));
            first = false;
        }
        return b.append(" }").toString();
    }

    private static String tojson(BsonValue v) {
        return switch (v.getBsonType()) {
            case MIN_KEY -> "{ \"$minKey\" : 1 }";
            case MAX_KEY -> "{ \"$maxKey\" : 1 }";
            case INT32 -> String.valueOf(v.asInt32().getValue());
            case INT64 -> "NumberLong(\"" + v.asInt64().getValue() + "\")"; // untranslated: the shell's tojson
            case STRING -> quote(v.asString().getValue());
            case DOCUMENT -> tojson(v.asDocument());
            case OBJECT_ID -> "ObjectId(\"" + v.asObjectId().getValue().toHexString() + "\")"; // untranslated: tojson
            case BOOLEAN -> String.valueOf(v.asBoolean().getValue());
            case NULL -> "null";
            default -> BsonPrinter.shell(v);
        };
    }

    private static String quote(String s) {
        return BsonPrinter.canonicalJson(new BsonString(s));
    }

    private static String yes(boolean b) {
        return b ? "yes" : "no";
    }

    /** Legacy shell indents: levels 0, 1, 2, 3, 4, 5 are 0, 2, 8, 16, 24, 32 spaces. */
    private static void line(StringBuilder out, int level, String text) {
        int spaces = level <= 1 ? level * 2 : (level - 1) * 8;
        out.append(" ".repeat(spaces)).append(text).append('\n');
    }
}
