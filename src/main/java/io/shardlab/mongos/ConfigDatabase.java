package io.shardlab.mongos;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.PendingZoneRange;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.workload.BsonSize;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.UuidRepresentation;
import org.bson.types.ObjectId;

/**
 * The {@code config} database a mongos of the catalog's release would serve, document by document, in
 * the release's shapes (reference: mongodb-sharding.md §3 and mongodb-releases.md table F; mongo
 * {@code src/mongo/s/catalog/type_chunk.cpp}, {@code type_collection.idl}, {@code type_shard.cpp},
 * {@code type_database.idl}, {@code type_tags.cpp}, {@code type_mongos.cpp}):
 * <ul>
 *   <li>{@code chunks}: before 5.0 a string {@code _id} {@code "<ns>-<field>_<value>…"} with {@code ns}
 *       and {@code lastmodEpoch}; from 5.0 an ObjectId {@code _id} and {@code uuid}; from 6.3
 *       {@code onCurrentShardSince}; {@code history} throughout, {@code jumbo} when set;</li>
 *   <li>{@code collections}: {@code dropped: false} before 5.0; {@code timestamp} and {@code noBalance}
 *       from 5.0;</li>
 *   <li>{@code shards}: {@code topologyTime} from 5.0, {@code replSetConfigVersion} from 8.0, {@code tags}
 *       when the shard is in zones;</li>
 *   <li>{@code databases}: {@code partitioned} before 6.0, {@code version.timestamp} from 5.0;</li>
 *   <li>{@code version}: {@code minCompatibleVersion} / {@code currentVersion} before 6.2 (SERVER-68888).</li>
 * </ul>
 * Times are the simulated clock from {@code startEpochMillis}.
 */
public final class ConfigDatabase {

    private final ShardedCatalog catalog;
    private final MongosRelease release;
    private final long startEpochMillis;
    private final String mongosHost;
    private final ObjectId clusterId;

    /**
     * @param startEpochMillis the wall-clock time of simulated time 0, in ms since the epoch
     * @param mongosHost {@code host:port} of this mongos, the {@code config.mongos} {@code _id}
     */
    public ConfigDatabase(ShardedCatalog catalog, MongosRelease release, long startEpochMillis, String mongosHost) {
        this.catalog = catalog;
        this.release = release;
        this.startEpochMillis = startEpochMillis;
        this.mongosHost = mongosHost;
        this.clusterId = objectId(startEpochMillis, 0);
    }

    private MongoVersion version() {
        return release.version();
    }

    /** The names of the config database's collections, in the order {@link #collections()} lists them. */
    public static final List<String> COLLECTIONS = List.of(
            "version",
            "shards",
            "databases",
            "collections",
            "chunks",
            "tags",
            "settings",
            "mongos",
            "locks",
            "actionlog",
            "changelog",
            "migrations");

    /** Every collection of the config database, by name, with its documents. */
    public Map<String, List<BsonDocument>> collections() {
        Map<String, List<BsonDocument>> out = new LinkedHashMap<>();
        for (String name : COLLECTIONS) {
            out.put(name, collection(name));
        }
        return out;
    }

    /**
     * The documents of one collection of the config database, made for it alone (a read of {@code config.settings}
     * does not build the {@code config.chunks} documents of every chunk).
     *
     * @throws IllegalArgumentException when {@code name} is not one of {@link #COLLECTIONS}
     */
    public List<BsonDocument> collection(String name) {
        return switch (name) {
            case "version" -> List.of(versionDocument());
            case "shards" -> shards();
            case "databases" -> databases();
            case "collections" -> collectionsDocuments();
            case "chunks" -> chunks();
            case "tags" -> tags();
            case "settings" -> settings();
            case "mongos" -> List.of(mongos());
            case "locks", "actionlog", "migrations" -> List.of();
            case "changelog" -> changelog();
            default ->
                throw new IllegalArgumentException("config." + name
                        + ": not a collection of the config database"); // untranslated: a caller's mistake
        };
    }

    private BsonDateTime date(long simMillis) {
        return new BsonDateTime(startEpochMillis + simMillis);
    }

    private BsonTimestamp timestamp(long simMillis, int increment) {
        return new BsonTimestamp((int) ((startEpochMillis + simMillis) / 1000), increment);
    }

    private static ObjectId objectId(long epochMillis, int counter) {
        ByteBuffer b = ByteBuffer.allocate(12);
        b.putInt((int) (epochMillis / 1000));
        b.putInt(0x5348_4c42);
        b.putInt(counter);
        return new ObjectId(b.array());
    }

    private static BsonBinary uuid(UUID uuid) {
        return new BsonBinary(uuid, UuidRepresentation.STANDARD);
    }

    BsonDocument versionDocument() {
        BsonDocument d = new BsonDocument("_id", new BsonInt32(1));
        if (!version().atLeast(6, 2)) {
            d.append("minCompatibleVersion", new BsonInt32(5)).append("currentVersion", new BsonInt32(6));
        }
        return d.append("clusterId", new BsonObjectId(clusterId));
    }

    List<BsonDocument> shards() {
        List<BsonDocument> out = new ArrayList<>();
        for (Shard s : catalog.shards()) {
            String id = s.id();
            BsonDocument d = new BsonDocument("_id", new BsonString(id))
                    .append("host", new BsonString(id + "/" + id + ".shardlab:27018"))
                    .append("state", new BsonInt32(1));
            if (s.draining()) {
                d.append("draining", BsonBoolean.TRUE);
            }
            if (s.tagsListed()) {
                // emptied by removeShardFromZone's $pull, the array stays (Shard#tagsListed)
                BsonArray tags = new BsonArray();
                s.zones().forEach(t -> tags.add(new BsonString(t)));
                d.append("tags", tags);
            }
            if (version().atLeast(5, 0)) {
                d.append("topologyTime", timestamp(0, 1));
            }
            if (version().atLeast(8, 0)) {
                d.append("replSetConfigVersion", new BsonInt64(-1));
            }
            out.add(d);
        }
        return out;
    }

    List<BsonDocument> databases() {
        List<BsonDocument> out = new ArrayList<>();
        for (ShardedCatalog.DatabaseEntry db : catalog.databases().values()) {
            BsonDocument d = new BsonDocument("_id", new BsonString(db.name()))
                    .append("primary", new BsonString(db.primaryShard()));
            if (!version().atLeast(6, 0)) {
                d.append("partitioned", BsonBoolean.valueOf(db.partitioned()));
            }
            BsonDocument v = new BsonDocument("uuid", uuid(db.uuid()));
            if (version().atLeast(5, 0)) {
                v.append("timestamp", timestamp(db.createdAtMillis(), 1));
            }
            d.append("version", v.append("lastMod", new BsonInt32(1)));
            out.add(d);
        }
        return out;
    }

    List<BsonDocument> collectionsDocuments() {
        List<BsonDocument> out = new ArrayList<>();
        for (ShardedCatalog.CollectionEntry c : catalog.collections().values()) {
            ClusterSnapshot s = c.cluster().snapshot().cluster();
            BsonDocument d = new BsonDocument("_id", new BsonString(c.namespace()))
                    .append("lastmodEpoch", new BsonObjectId(epoch(c)))
                    .append("lastmod", date(c.shardedAtMillis()));
            if (!version().atLeast(5, 0)) {
                d.append("dropped", BsonBoolean.FALSE);
            } else {
                d.append("timestamp", timestamp(c.shardedAtMillis(), c.incarnation()));
            }
            d.append("uuid", uuid(c.uuid()))
                    .append("key", s.key().toDocument())
                    .append("unique", BsonBoolean.valueOf(s.unique()));
            boolean noBalance = c.cluster().balancingDisabled();
            if (version().atLeast(5, 0) || noBalance) {
                // sh.disableBalancing sets it on any release; 5.0+ writes false when sharding
                d.append("noBalance", BsonBoolean.valueOf(noBalance));
            }
            if (c.cluster().collectionMaxChunkSizeBytes() > 0) {
                // configureCollectionBalancing chunkSize (type_collection.idl maxChunkSizeBytes, a long)
                d.append("maxChunkSizeBytes", new BsonInt64(c.cluster().collectionMaxChunkSizeBytes()));
            }
            if (!c.cluster().migrationsPermitted()) {
                // setAllowMigrations false (type_collection.idl permitMigrations; removed again when allowed)
                d.append("permitMigrations", BsonBoolean.FALSE);
            }
            if (catalog.settings().autoMergeOffFor(c.namespace())) {
                d.append("enableAutoMerge", BsonBoolean.FALSE); // sh.disableAutoMerger(ns), 7.0+
            }
            c.cluster()
                    .defragmentationProgress()
                    .ifPresent(p -> d.append("defragmentCollection", BsonBoolean.TRUE)
                            .append(
                                    "defragmentationPhase",
                                    new BsonString(p.phase().mongoName())));
            out.add(d);
        }
        for (ShardedCatalog.UnsplittableCollection u :
                catalog.unsplittableCollections().values()) {
            // 8.0 tracks a collection moveCollection placed (jstests/sharding/move_collection_basic.js)
            out.add(new BsonDocument("_id", new BsonString(u.namespace()))
                    .append("lastmodEpoch", new BsonObjectId(objectId(startEpochMillis + u.movedAtMillis(), (int)
                            (u.uuid().getLeastSignificantBits() & 0xFFFF))))
                    .append("lastmod", date(u.movedAtMillis()))
                    .append("timestamp", timestamp(u.movedAtMillis(), 1))
                    .append("uuid", uuid(u.uuid()))
                    .append("key", new BsonDocument("_id", new BsonInt32(1)))
                    .append("unique", BsonBoolean.FALSE)
                    .append("noBalance", BsonBoolean.FALSE)
                    .append("unsplittable", BsonBoolean.TRUE));
        }
        return out;
    }

    /** The collection's epoch: new when it is sharded or resharded. */
    private ObjectId epoch(ShardedCatalog.CollectionEntry c) {
        return objectId(
                startEpochMillis + c.shardedAtMillis(),
                c.incarnation() << 16 | (int) (c.uuid().getLeastSignificantBits() & 0xFFFF));
    }

    List<BsonDocument> chunks() {
        List<BsonDocument> out = new ArrayList<>();
        int[] n = {0};
        for (ShardedCatalog.CollectionEntry c : catalog.collections().values()) {
            out.addAll(chunksOf(c, n));
        }
        for (ShardedCatalog.UnsplittableCollection u :
                catalog.unsplittableCollections().values()) {
            out.add(new BsonDocument("_id", new BsonObjectId(objectId(startEpochMillis, ++n[0])))
                    .append("uuid", uuid(u.uuid()))
                    .append("min", new BsonDocument("_id", new BsonMinKey()))
                    .append("max", new BsonDocument("_id", new BsonMaxKey()))
                    .append("shard", new BsonString(u.shard()))
                    .append("lastmod", new BsonTimestamp(1, 0))
                    .append("onCurrentShardSince", timestamp(u.movedAtMillis(), 1))
                    .append(
                            "history",
                            new BsonArray(List.of(new BsonDocument("validAfter", timestamp(u.movedAtMillis(), 1))
                                    .append("shard", new BsonString(u.shard()))))));
        }
        return out;
    }

    /**
     * What the config servers store for the routing table of {@code ns} next to its data: the
     * {@code config.chunks} documents of the collection in this release's shape, their total BSON size
     * (indexes not counted), and the collection's documents and data bytes. Why chunks exist: the
     * routing table stays a tiny fraction of the data, where one metadata document per data document
     * ({@link MetadataSize#bytesPerDocumentRouting()}) would grow with the data.
     *
     * @throws IllegalArgumentException when {@code ns} is not a sharded collection of the catalog
     */
    public MetadataSize metadataSize(String ns) {
        ShardedCatalog.CollectionEntry c = catalog.collection(ns)
                .orElseThrow(() -> new IllegalArgumentException("ns: " + ns + " is not a sharded collection"));
        return metadataSize(version(), ns, c.cluster().snapshot());
    }

    /**
     * Routing metadata next to the data it routes.
     *
     * @param chunks {@code config.chunks} documents of the collection
     * @param chunkBytes their total BSON size, in bytes
     * @param documents the collection's documents
     * @param dataBytes the collection's data, in bytes (BSON sizes of its documents)
     */
    public record MetadataSize(long chunks, long chunkBytes, long documents, long dataBytes) {

        /** The mean size of one {@code config.chunks} document, in bytes. */
        public double bytesPerChunkDocument() {
            return chunks == 0 ? 0 : chunkBytes / (double) chunks;
        }

        /**
         * What {@code config.chunks} would weigh if the balancer moved documents one by one: one
         * routing document per data document, each the size of a chunk document, in bytes.
         */
        public double bytesPerDocumentRouting() {
            return documents * bytesPerChunkDocument();
        }
    }

    /** The chunk documents of {@code c}; {@code n[0]} counts the ObjectId {@code _id}s handed out so far. */
    private List<BsonDocument> chunksOf(ShardedCatalog.CollectionEntry c, int[] n) {
        List<BsonDocument> out = new ArrayList<>();
        SimulationSnapshot snap = c.cluster().snapshot();
        ClusterSnapshot s = snap.cluster();
        ShardKeyPattern key = s.key();
        ObjectId epoch = epoch(c);
        for (Chunk chunk : s.chunks().chunks()) {
            ObjectId id = objectId(startEpochMillis, ++n[0]);
            out.add(chunkDocument(
                    version(),
                    c.namespace(),
                    key,
                    chunk,
                    id,
                    uuid(c.uuid()),
                    epoch,
                    timestamp(c.shardedAtMillis(), c.incarnation())));
        }
        return out;
    }

    /**
     * One {@code config.chunks} document of {@code version}'s shape.
     *
     * @param id the 5.0+ ObjectId {@code _id}
     * @param uuid the collection's UUID (5.0+)
     * @param epoch the collection's epoch ({@code lastmodEpoch}, before 5.0)
     * @param since when the chunk came to its shard ({@code history}, {@code onCurrentShardSince} from 6.3)
     */
    private static BsonDocument chunkDocument(
            MongoVersion version,
            String ns,
            ShardKeyPattern key,
            Chunk chunk,
            ObjectId id,
            BsonBinary uuid,
            ObjectId epoch,
            BsonTimestamp since) {
        BsonDocument min = chunk.min().toDocument(key);
        BsonDocument d;
        if (version.atLeast(5, 0)) {
            d = new BsonDocument("_id", new BsonObjectId(id)).append("uuid", uuid);
        } else {
            d = new BsonDocument("_id", new BsonString(legacyChunkId(ns, min))).append("ns", new BsonString(ns));
        }
        d.append("min", min)
                .append("max", chunk.max().toDocument(key))
                .append("shard", new BsonString(chunk.shard()))
                .append(
                        "lastmod",
                        new BsonTimestamp(
                                chunk.version().major(), chunk.version().minor()));
        if (!version.atLeast(5, 0)) {
            d.append("lastmodEpoch", new BsonObjectId(epoch));
        }
        if (version.atLeast(6, 3)) {
            d.append("onCurrentShardSince", since);
        }
        d.append(
                "history",
                new BsonArray(
                        List.of(new BsonDocument("validAfter", since).append("shard", new BsonString(chunk.shard())))));
        if (chunk.jumbo()) {
            d.append("jumbo", BsonBoolean.TRUE);
        }
        return d;
    }

    /**
     * {@link #metadataSize} of a simulated collection on its own, for any release ShardLab simulates
     * (4.0 and 4.2 store chunks in 4.4's shape): ObjectIds, UUIDs and timestamps have fixed BSON sizes,
     * so their values do not change the total.
     */
    public static MetadataSize metadataSize(MongoVersion version, String ns, SimulationSnapshot snapshot) {
        return metadataSize(version, ns, snapshot, new HashMap<>());
    }

    /**
     * {@link #metadataSize(MongoVersion, String, SimulationSnapshot)}, measuring only the chunks {@code measured}
     * does not hold yet: it maps each chunk to its document's BSON size, is left holding the snapshot's chunks only,
     * and is handed to the next call for the same collection and release, so that a frame after one split measures
     * two documents rather than every chunk's (a pre-split of 1,440 chunks measured 2 million documents).
     */
    public static MetadataSize metadataSize(
            MongoVersion version, String ns, SimulationSnapshot snapshot, Map<Chunk, Long> measured) {
        ClusterSnapshot s = snapshot.cluster();
        ObjectId zero = new ObjectId(new byte[12]);
        BsonBinary uuid = uuid(new UUID(0, 0));
        BsonTimestamp since = new BsonTimestamp(0, 1);
        Map<Chunk, Long> now = new HashMap<>(s.chunks().size() * 2);
        long bytes = 0;
        for (Chunk chunk : s.chunks().chunks()) {
            Long size = measured.get(chunk);
            if (size == null) {
                size = (long) BsonSize.of(chunkDocument(version, ns, s.key(), chunk, zero, uuid, zero, since));
            }
            now.put(chunk, size);
            bytes += size;
        }
        measured.clear();
        measured.putAll(now);
        return new MetadataSize(s.chunks().size(), bytes, snapshot.documents(), snapshot.bytes());
    }

    /** The pre-5.0 chunk {@code _id}: mongo {@code ChunkType::genID}, {@code ns + "-" + field_value…}. */
    private static String legacyChunkId(String ns, BsonDocument min) {
        StringBuilder id = new StringBuilder(ns).append('-');
        min.forEach((field, value) -> id.append(field).append('_').append(BsonPrinter.serverString(value)));
        return id.toString();
    }

    List<BsonDocument> tags() {
        List<BsonDocument> out = new ArrayList<>();
        for (ShardedCatalog.CollectionEntry c : catalog.collections().values()) {
            ClusterSnapshot s = c.cluster().snapshot().cluster();
            for (ZoneRange z : s.zones()) {
                BsonDocument min = z.min().toDocument(s.key());
                out.add(new BsonDocument(
                                "_id", new BsonDocument("ns", new BsonString(c.namespace())).append("min", min))
                        .append("ns", new BsonString(c.namespace()))
                        .append("min", min)
                        .append("max", z.max().toDocument(s.key()))
                        .append("tag", new BsonString(z.zone())));
            }
        }
        // the ranges of namespaces not sharded yet are config.tags documents too (mongo
        // sharding_catalog_manager_zone_operations.cpp, assignKeyRangeToZone on an unsharded collection)
        for (PendingZoneRange z : catalog.pendingZoneRanges()) {
            out.add(new BsonDocument(
                            "_id", new BsonDocument("ns", new BsonString(z.namespace())).append("min", z.min()))
                    .append("ns", new BsonString(z.namespace()))
                    .append("min", z.min())
                    .append("max", z.max())
                    .append("tag", new BsonString(z.zone())));
        }
        return out;
    }

    List<BsonDocument> settings() {
        List<BsonDocument> out = new ArrayList<>();
        if (catalog.settings().chunkSize().isPresent()) {
            out.add(new BsonDocument("_id", new BsonString("chunksize"))
                    .append(
                            "value",
                            new BsonInt32(catalog.settings().chunkSize().get())));
        } else if (catalog.config().maxChunkSizeBytes() > 0) {
            out.add(new BsonDocument("_id", new BsonString("chunksize"))
                    .append("value", new BsonInt32((int) (catalog.config().maxChunkSizeBytes() / (1024 * 1024)))));
        }
        catalog.settings()
                .autoSplit()
                .ifPresent(on -> out.add(new BsonDocument("_id", new BsonString("autosplit"))
                        .append("enabled", BsonBoolean.valueOf(on))));
        catalog.settings()
                .autoMerge()
                .ifPresent(on -> out.add(new BsonDocument("_id", new BsonString("automerge"))
                        .append("enabled", BsonBoolean.valueOf(on))));
        if (catalog.settings().balancerDocumentWritten()) {
            BsonDocument balancer = new BsonDocument("_id", new BsonString("balancer"));
            if (catalog.settings().balancerSettingWritten()) {
                boolean on = catalog.balancerEnabled();
                balancer.append("mode", new BsonString(on ? "full" : "off"))
                        .append("stopped", BsonBoolean.valueOf(!on));
            }
            catalog.settings().windowAsWritten().ifPresent(w -> balancer.append("activeWindow", w));
            out.add(balancer);
        }
        return out;
    }

    /**
     * config.changelog: one {@code moveChunk.from} entry per committed migration, with the fields the
     * docs' config-database page shows ({@code _id, server, shard, clientAddr, time, what, ns, details})
     * and, in {@code details}, the range, the shards and {@code note: "success"} that mongosh's
     * {@code sh.status()} counts. The per-step timings MongoDB adds to {@code details} are not simulated.
     */
    List<BsonDocument> changelog() {
        List<BsonDocument> out = new ArrayList<>();
        int n = 0;
        for (ShardedCatalog.CommittedMigration m : catalog.committedMigrations()) {
            ShardKeyPattern key = catalog.collection(m.namespace())
                    .map(c -> c.cluster().shardKey())
                    .orElse(null);
            if (key == null || key.arity() != m.migration().min().arity()) {
                continue;
            }
            String shard = m.migration().from();
            out.add(new BsonDocument(
                            "_id",
                            new BsonString(shard + ".shardlab:27018-"
                                    + Instant.ofEpochMilli(startEpochMillis + m.atMillis()) + "-" + (++n)))
                    .append("server", new BsonString(shard + ".shardlab:27018"))
                    .append("shard", new BsonString(shard))
                    .append("clientAddr", new BsonString(""))
                    .append("time", date(m.atMillis()))
                    .append("what", new BsonString("moveChunk.from"))
                    .append("ns", new BsonString(m.namespace()))
                    .append(
                            "details",
                            new BsonDocument("min", m.migration().min().toDocument(key))
                                    .append("max", m.migration().max().toDocument(key))
                                    .append("from", new BsonString(m.migration().from()))
                                    .append("to", new BsonString(m.migration().to()))
                                    .append("note", new BsonString("success"))));
        }
        return out;
    }

    BsonDocument mongos() {
        long now = catalog.now();
        return new BsonDocument("_id", new BsonString(mongosHost))
                .append("advisoryHostFQDNs", new BsonArray())
                .append("created", date(0))
                .append("mongoVersion", new BsonString(release.versionString()))
                .append("ping", new BsonDateTime(Math.max(startEpochMillis + now, System.currentTimeMillis())))
                .append("up", new BsonInt64(now / 1000))
                .append("waiting", BsonBoolean.TRUE);
    }

    /** Per shard, the documents and bytes of {@code ns} ($collStats, $shardedDataDistribution). */
    public static Map<String, long[]> perShard(ShardedCatalog.CollectionEntry c) {
        Map<String, long[]> out = new LinkedHashMap<>();
        for (ChunkStatistics s : c.cluster().snapshot().chunkStatistics()) {
            long[] t = out.computeIfAbsent(s.chunk().shard(), k -> new long[2]);
            t[0] += s.documents();
            t[1] += s.bytes();
        }
        return out;
    }
}
