package io.shardlab.live;

import io.shardlab.cluster.ActiveMigration;
import io.shardlab.cluster.ActiveWindow;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.SnapshotFile;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;

/**
 * A live read saved as a ShardLab snapshot file ({@link SnapshotFile}) and loaded back: the
 * collection's layout goes into the file's layout fields, and what else the reader saw (balancer,
 * databases, per-shard data, chunk changes for history, notes) into its {@code "capture"} section.
 *
 * <p>The capture section, canonical Extended JSON:
 * <pre>
 * {"server": {"version": "7.0.12", "role": "MONGOS"},
 *  "collection": {"uuid": …, "chunksByUuid": true, "incarnationStart": {"$date": …}, "noBalance": false, …},
 *  "balancer": {"mode": "full", "source": "balancerStatus", "inBalancerRound": false, "numBalancerRounds": …,
 *               "activeWindow": {"start": "23:00", "stop": "06:00"}, "chunkSizeMB": 128,
 *               "chunkSizeSource": "config.settings", "autoSplit": true, "autoMerge": true},
 *  "databases": [{"_id": "test", "primary": "shard01", "partitioned": true}],
 *  "dataDistribution": {"source": "$shardedDataDistribution", "shards": [{"shardName": …, "numOwnedDocuments": …,
 *                       "ownedSizeBytes": …, "numOrphanedDocs": …, "orphanedSizeBytes": …}]},
 *  "changes": [{"time": {"$date": …}, "what": "split" | "moveChunk.commit" | "merge", "min": {…}, "max": {…}, …}],
 *  "migrations": [{"min": {…}, "max": {…}, "fromShard": "shard01", "toShard": "shard02"}],
 *  "onCurrentShardSince": [{"min": {…}, "since": {"$date": …}}],
 *  "changelogComplete": true, "notes": ["…"], "problems": ["…"]}
 * </pre>
 * Nothing in it is a credential: the file's {@code source} is the connection string without user
 * information or secret options.
 */
public final class LiveCapture {

    private LiveCapture() {}

    /**
     * The snapshot file contents for one collection of a read.
     *
     * @param namespace the collection, or null for the only sharded one
     * @throws IllegalArgumentException when the collection is missing or its metadata is broken
     */
    public static SnapshotFile.Contents toSnapshotFile(ClusterMetadata metadata, String namespace) {
        CollectionLayout layout = metadata.layout(namespace);
        ClusterSnapshot cluster = layout.snapshot(metadata.shards());
        BsonDocument capture = new BsonDocument();
        metadata.serverInfo()
                .ifPresent(s -> capture.append(
                        "server",
                        new BsonDocument("version", new BsonString(s.version()))
                                .append("role", new BsonString(s.role().name()))));
        capture.append("collection", collection(layout.entry()));
        if (metadata.balancer() != null) {
            capture.append("balancer", balancer(metadata.balancer()));
        }
        BsonArray databases = new BsonArray();
        for (DatabaseEntry d : metadata.databases()) {
            BsonDocument doc =
                    new BsonDocument("_id", new BsonString(d.name())).append("primary", new BsonString(d.primary()));
            if (d.partitioned() != null) {
                doc.append("partitioned", BsonBoolean.valueOf(d.partitioned()));
            }
            databases.add(doc);
        }
        capture.append("databases", databases);
        if (layout.dataDistribution() != null) {
            capture.append("dataDistribution", distribution(layout.dataDistribution()));
        }
        BsonArray changes = new BsonArray();
        metadata.changes(layout.namespace()).forEach(c -> changes.add(change(c, layout.key())));
        capture.append("changes", changes);
        if (!layout.migrations().isEmpty()) {
            BsonArray migrations = new BsonArray();
            for (ActiveMigration m : layout.migrations()) {
                migrations.add(new BsonDocument("min", m.min().toDocument(layout.key()))
                        .append("max", m.max().toDocument(layout.key()))
                        .append("fromShard", new BsonString(m.fromShard()))
                        .append("toShard", new BsonString(m.toShard())));
            }
            capture.append("migrations", migrations);
        }
        if (!layout.onCurrentShardSince().isEmpty()) {
            BsonArray arrivals = new BsonArray();
            for (Chunk c : layout.chunks()) {
                Instant since = layout.onCurrentShardSince().get(c);
                if (since != null) {
                    arrivals.add(new BsonDocument("min", c.min().toDocument(layout.key()))
                            .append("since", new BsonDateTime(since.toEpochMilli())));
                }
            }
            capture.append("onCurrentShardSince", arrivals);
        }
        capture.append("changelogComplete", BsonBoolean.valueOf(metadata.changelogComplete()));
        capture.append("notes", strings(metadata.notesInEnglish()));
        capture.append(
                "problems",
                strings(layout.problems().stream().map(MetadataProblem::message).toList()));
        String source = ConnectionStringSecrets.isConnectionString(metadata.source())
                ? ConnectionStringSecrets.withoutCredentials(metadata.source())
                : metadata.source();
        return new SnapshotFile.Contents(cluster, List.of(), metadata.readAt(), source, capture);
    }

    /**
     * A read from snapshot file contents: the layout, and the capture section when there is one
     * (a simulator snapshot has none, so its balancer is unknown).
     *
     * @param file what the contents were read from, for {@link ClusterMetadata#source()}
     */
    public static ClusterMetadata fromSnapshotFile(SnapshotFile.Contents contents, String file) {
        ClusterSnapshot c = contents.cluster();
        BsonDocument capture = contents.capture() == null ? new BsonDocument() : contents.capture();
        BsonDocument coll = capture.isDocument("collection") ? capture.getDocument("collection") : new BsonDocument();
        CollectionEntry entry = new CollectionEntry(
                c.namespace(),
                c.key(),
                c.unique(),
                coll.isBinary("uuid") ? coll.getBinary("uuid") : null,
                bool(coll, "chunksByUuid", false),
                coll.isDateTime("incarnationStart")
                        ? Instant.ofEpochMilli(
                                coll.getDateTime("incarnationStart").getValue())
                        : null,
                new BalancingFlags(
                        bool(coll, "noBalance", false),
                        optBool(coll, "allowMigrations"),
                        optBool(coll, "permitMigrations"),
                        chunkSize(coll, "maxChunkSizeBytes", file, "live.capture.collection"),
                        optBool(coll, "noAutoSplit"),
                        optBool(coll, "defragmentCollection"),
                        optBool(coll, "enableAutoMerge")));
        List<MetadataProblem> problems = new ArrayList<>();
        for (String p : strings(capture, "problems")) {
            problems.add(new MetadataProblem(c.namespace(), p));
        }
        DataDistribution distribution =
                capture.isDocument("dataDistribution") ? distribution(capture.getDocument("dataDistribution")) : null;
        CollectionLayout layout = ClusterInspector.inFlight(
                new CollectionLayout(
                        entry,
                        c.chunks().chunks(),
                        c.chunks(),
                        c.zones(),
                        distribution,
                        problems,
                        Map.of(),
                        List.of(),
                        arrivals(capture, c, file)),
                migrations(capture, c.key(), file));
        List<DatabaseEntry> databases = new ArrayList<>();
        if (capture.isArray("databases")) {
            for (BsonValue v : capture.getArray("databases")) {
                BsonDocument d = v.asDocument();
                databases.add(new DatabaseEntry(
                        d.getString("_id").getValue(), d.getString("primary").getValue(), optBool(d, "partitioned")));
            }
        }
        List<ChunkChange> changes = new ArrayList<>();
        if (capture.isArray("changes")) {
            for (BsonValue v : capture.getArray("changes")) {
                changes.add(change(v.asDocument(), c.namespace(), c.key(), file));
            }
        }
        List<Message> notes = new ArrayList<>();
        notes.add(Message.of(
                "live.note.snapshotOf", contents.source(), contents.capturedAt().toString()));
        // the notes a capture recorded are kept as written (English)
        strings(capture, "notes").forEach(n -> notes.add(Message.of("common.verbatim", n)));
        return new ClusterMetadata(
                file,
                contents.capturedAt(),
                null,
                c.shards(),
                databases,
                capture.isDocument("balancer") ? balancer(capture.getDocument("balancer"), file) : null,
                List.of(layout),
                changes,
                bool(capture, "changelogComplete", false),
                notes,
                List.of(),
                ReleaseInference.ofSnapshot(contents.source(), capture, entry.chunksByUuid()),
                UnshardedCollections.NONE);
    }

    // ---- collection, balancer, distribution ----------------------------------------------------

    private static BsonDocument collection(CollectionEntry e) {
        BsonDocument d = new BsonDocument();
        if (e.uuid() != null) {
            d.append("uuid", e.uuid());
        }
        d.append("chunksByUuid", BsonBoolean.valueOf(e.chunksByUuid()));
        if (e.incarnationStart() != null) {
            d.append("incarnationStart", new BsonDateTime(e.incarnationStart().toEpochMilli()));
        }
        BalancingFlags f = e.flags();
        d.append("noBalance", BsonBoolean.valueOf(f.noBalance()));
        putBool(d, "allowMigrations", f.allowMigrations());
        putBool(d, "permitMigrations", f.permitMigrations());
        if (f.maxChunkSizeBytes() != null) {
            d.append("maxChunkSizeBytes", new BsonInt64(f.maxChunkSizeBytes()));
        }
        putBool(d, "noAutoSplit", f.noAutoSplit());
        putBool(d, "defragmentCollection", f.defragmentCollection());
        putBool(d, "enableAutoMerge", f.enableAutoMerge());
        return d;
    }

    static BsonDocument balancer(BalancerState b) {
        BsonDocument d =
                new BsonDocument("mode", new BsonString(b.mode())).append("source", new BsonString(b.source()));
        putBool(d, "inBalancerRound", b.inBalancerRound());
        if (b.numBalancerRounds() != null) {
            d.append("numBalancerRounds", new BsonInt64(b.numBalancerRounds()));
        }
        if (b.activeWindow() != null) {
            d.append(
                    "activeWindow",
                    new BsonDocument(
                                    "start",
                                    new BsonString(b.activeWindow().start().toString()))
                            .append(
                                    "stop",
                                    new BsonString(b.activeWindow().stop().toString())));
        }
        if (b.chunkSizeMB() != null) {
            d.append("chunkSizeMB", new BsonInt32(b.chunkSizeMB()));
        }
        d.append("chunkSizeSource", new BsonString(b.chunkSizeSource()));
        d.append("autoSplit", BsonBoolean.valueOf(b.autoSplit()));
        putBool(d, "autoMerge", b.autoMerge());
        return d;
    }

    private static BalancerState balancer(BsonDocument d, String file) {
        ActiveWindow window = null;
        if (d.isDocument("activeWindow")) {
            try {
                window = ConfigCatalogDecoder.activeWindow(d.getDocument("activeWindow"));
            } catch (IllegalArgumentException e) {
                throw unreadable(file, "live.capture.activeWindow", d.getDocument("activeWindow"), e);
            }
        }
        return new BalancerState(
                d.getString("mode").getValue(),
                d.getString("source").getValue(),
                optBool(d, "inBalancerRound"),
                d.isNumber("numBalancerRounds")
                        ? d.getNumber("numBalancerRounds").longValue()
                        : null,
                window,
                chunkSizeMegabytes(d, file),
                d.isString("chunkSizeSource")
                        ? d.getString("chunkSizeSource").getValue()
                        : "not recorded", // untranslated: a chunkSizeSource value, as --json writes it
                bool(d, "autoSplit", true),
                optBool(d, "autoMerge"));
    }

    static BsonDocument distribution(DataDistribution distribution) {
        BsonArray shards = new BsonArray();
        for (ShardDataSize s : distribution.shards()) {
            BsonDocument d = new BsonDocument("shardName", new BsonString(s.shard()))
                    .append("numOwnedDocuments", new BsonInt64(s.documents()))
                    .append("ownedSizeBytes", new BsonInt64(s.bytes()));
            if (s.orphanedDocuments() != null) {
                d.append("numOrphanedDocs", new BsonInt64(s.orphanedDocuments()));
            }
            if (s.orphanedBytes() != null) {
                d.append("orphanedSizeBytes", new BsonInt64(s.orphanedBytes()));
            }
            shards.add(d);
        }
        return new BsonDocument("source", new BsonString(distribution.source())).append("shards", shards);
    }

    private static DataDistribution distribution(BsonDocument d) {
        List<ShardDataSize> shards = new ArrayList<>();
        for (BsonValue v : d.getArray("shards")) {
            BsonDocument s = v.asDocument();
            shards.add(new ShardDataSize(
                    s.getString("shardName").getValue(),
                    s.getNumber("numOwnedDocuments").longValue(),
                    s.getNumber("ownedSizeBytes").longValue(),
                    s.isNumber("numOrphanedDocs")
                            ? s.getNumber("numOrphanedDocs").longValue()
                            : null,
                    s.isNumber("orphanedSizeBytes")
                            ? s.getNumber("orphanedSizeBytes").longValue()
                            : null));
        }
        return new DataDistribution(d.getString("source").getValue(), shards);
    }

    // ---- chunk changes ---------------------------------------------------------------------------

    private static BsonDocument change(ChunkChange c, ShardKeyPattern key) {
        BsonDocument d = new BsonDocument("time", new BsonDateTime(c.time().toEpochMilli()));
        if (c instanceof ChunkSplit s) {
            d.append("what", new BsonString("split"))
                    .append("min", s.min().toDocument(key))
                    .append("max", s.max().toDocument(key))
                    .append("splitPoints", bounds(s.splitPoints(), key))
                    .append("pieces", new BsonInt32(s.pieces()));
            if (s.beforeVersion() != null) {
                d.append(
                        "before",
                        new BsonTimestamp(
                                s.beforeVersion().major(), s.beforeVersion().minor()));
            }
            if (s.shard() != null) {
                d.append("shard", new BsonString(s.shard()));
            }
        } else if (c instanceof ChunkMigration m) {
            d.append("what", new BsonString("moveChunk.commit"))
                    .append("min", m.min().toDocument(key))
                    .append("max", m.max().toDocument(key))
                    .append("from", new BsonString(m.from()))
                    .append("to", new BsonString(m.to()));
        } else {
            ChunkMerge m = (ChunkMerge) c;
            d.append("what", new BsonString("merge"))
                    .append("min", m.min().toDocument(key))
                    .append("max", m.max().toDocument(key))
                    .append("chunks", new BsonInt32(m.chunks()));
            if (m.innerBounds() != null) {
                d.append("innerBounds", bounds(m.innerBounds(), key));
            }
            if (m.shard() != null) {
                d.append("shard", new BsonString(m.shard()));
            }
        }
        return d;
    }

    /** The capture's migrations in progress, in config.migrations' field names. */
    private static List<ActiveMigration> migrations(BsonDocument capture, ShardKeyPattern key, String file) {
        List<ActiveMigration> out = new ArrayList<>();
        if (!capture.isArray("migrations")) {
            return out;
        }
        for (BsonValue v : capture.getArray("migrations")) {
            try {
                BsonDocument d = v.asDocument();
                out.add(new ActiveMigration(
                        key(d.get("min"), key),
                        key(d.get("max"), key),
                        d.getString("fromShard").getValue(),
                        d.getString("toShard").getValue()));
            } catch (RuntimeException e) {
                throw unreadable(file, "live.capture.migration", v, e);
            }
        }
        return out;
    }

    /** When each chunk the capture names (by its min) came to its shard; a min that starts no chunk is refused. */
    private static Map<Chunk, Instant> arrivals(BsonDocument capture, ClusterSnapshot c, String file) {
        Map<Chunk, Instant> out = new HashMap<>();
        if (!capture.isArray("onCurrentShardSince")) {
            return out;
        }
        for (BsonValue v : capture.getArray("onCurrentShardSince")) {
            try {
                BsonDocument d = v.asDocument();
                ShardKey min = key(d.get("min"), c.key());
                Chunk chunk = c.chunks().get(c.chunks().indexOf(min));
                if (!chunk.min().equals(min)) {
                    throw new RefusedInput(Message.of("live.capture.noChunkAt", min.toString()));
                }
                out.put(chunk, Instant.ofEpochMilli(d.getDateTime("since").getValue()));
            } catch (RuntimeException e) {
                throw unreadable(file, "live.capture.arrival", v, e);
            }
        }
        return out;
    }

    private static ChunkChange change(BsonDocument d, String ns, ShardKeyPattern key, String file) {
        try {
            Instant time = Instant.ofEpochMilli(d.getDateTime("time").getValue());
            ShardKey min = key(d.get("min"), key);
            ShardKey max = key(d.get("max"), key);
            String shard = d.isString("shard") ? d.getString("shard").getValue() : null;
            return switch (d.getString("what").getValue()) {
                case "split" ->
                    new ChunkSplit(
                            time,
                            ns,
                            min,
                            max,
                            d.isTimestamp("before")
                                    ? new ChunkVersion(
                                            d.getTimestamp("before").getTime(),
                                            d.getTimestamp("before").getInc())
                                    : null,
                            keys(d.getArray("splitPoints"), key),
                            d.getInt32("pieces").getValue(),
                            shard);
                case "moveChunk.commit" ->
                    new ChunkMigration(
                            time,
                            ns,
                            min,
                            max,
                            d.getString("from").getValue(),
                            d.getString("to").getValue());
                case "merge" ->
                    new ChunkMerge(
                            time,
                            ns,
                            min,
                            max,
                            d.isArray("innerBounds") ? keys(d.getArray("innerBounds"), key) : null,
                            d.getInt32("chunks").getValue(),
                            shard);
                default ->
                    throw new RefusedInput(Message.of(
                            "live.capture.unknownChange", d.getString("what").getValue()));
            };
        } catch (RuntimeException e) {
            throw unreadable(file, "live.capture.change", d, e);
        }
    }

    private static BsonArray bounds(List<ShardKey> keys, ShardKeyPattern key) {
        BsonArray out = new BsonArray();
        keys.forEach(k -> out.add(k.toDocument(key)));
        return out;
    }

    private static List<ShardKey> keys(BsonArray values, ShardKeyPattern key) {
        List<ShardKey> out = new ArrayList<>();
        values.forEach(v -> out.add(key(v, key)));
        return out;
    }

    /**
     * The refusal of an entry of {@code file}'s "capture" that cannot be read: which entry ({@code part}, a
     * {@code live.capture.*} key), its document on one line, and why.
     */
    /** {@code entry}'s chunk size {@code field}, null when absent ({@link ConfigCatalogDecoder#chunkSize}). */
    private static Long chunkSize(BsonDocument entry, String field, String file, String part) {
        try {
            return ConfigCatalogDecoder.chunkSize(entry, field);
        } catch (RefusedInput notANumber) {
            throw unreadable(file, part, entry, notANumber);
        }
    }

    /** The balancer's {@code chunkSizeMB}, a size past an int's range kept past 1024 MB for its refusal. */
    private static Integer chunkSizeMegabytes(BsonDocument balancer, String file) {
        Long megabytes = chunkSize(balancer, "chunkSizeMB", file, "live.capture.balancer");
        return megabytes == null ? null : (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, megabytes));
    }

    /** {@code file}'s {@code part} could not be read from {@code entry} (a document is said on one line). */
    private static RefusedInput unreadable(String file, String part, BsonValue entry, RuntimeException why) {
        String said = entry.isDocument() ? ConfigCatalogDecoder.oneLine(entry.asDocument()) : String.valueOf(entry);
        return new RefusedInput(
                Message.of("live.capture.unreadable", file, Message.of(part), said, RefusedInput.said(why)), why);
    }

    private static ShardKey key(BsonValue v, ShardKeyPattern key) {
        ShardKey k = BoundDocument.toKey(v, key);
        if (k == null) {
            throw new RefusedInput(Message.of("live.capture.boundFields", key.toString()));
        }
        return k;
    }

    // ---- small helpers ---------------------------------------------------------------------------

    private static void putBool(BsonDocument d, String field, Boolean value) {
        if (value != null) {
            d.append(field, BsonBoolean.valueOf(value));
        }
    }

    private static boolean bool(BsonDocument d, String field, boolean otherwise) {
        return d.isBoolean(field) ? d.getBoolean(field).getValue() : otherwise;
    }

    private static Boolean optBool(BsonDocument d, String field) {
        return d.isBoolean(field) ? d.getBoolean(field).getValue() : null;
    }

    private static BsonArray strings(List<String> list) {
        BsonArray out = new BsonArray();
        list.forEach(s -> out.add(new BsonString(s)));
        return out;
    }

    private static List<String> strings(BsonDocument d, String field) {
        List<String> out = new ArrayList<>();
        if (d.isArray(field)) {
            d.getArray(field).forEach(v -> out.add(v.asString().getValue()));
        }
        return out;
    }
}
