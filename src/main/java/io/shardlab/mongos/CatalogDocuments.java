package io.shardlab.mongos;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.SnapshotFile;
import io.shardlab.sim.AddShardToZone;
import io.shardlab.sim.LoadLayout;
import io.shardlab.sim.SimulationConfig;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The catalog's layout as the documents of a data file's {@code shardlab_data.catalog} namespace, and back: one
 * {@code {_id: "cluster"}} document (format, release, seed, chunk size, shards and their zones, the balancer,
 * auto-split and auto-merge settings), one {@code {_id: "database:NAME", primary, partitioned}} per database, and
 * one {@code {_id: "collection:NS", snapshot}} per sharded collection whose {@code snapshot} is the collection's
 * layout in the snapshot file's JSON ({@link SnapshotFile}: key, chunks with their shards and jumbo flags, zones,
 * shards). What is not kept: the chunks' history and the changelog, migrations in progress (they finish first:
 * the data file is written between commands), unsplittable collections' placement (8.0's moveCollection).
 */
public final class CatalogDocuments {

    /** The {@code format} of the cluster document. */
    public static final String FORMAT = "shardlab-data";

    /** The format version written, and the newest read. */
    public static final int VERSION = 1;

    private CatalogDocuments() {}

    /** The documents of {@code catalog}'s layout. */
    public static List<BsonDocument> of(ShardedCatalog catalog) {
        return capture(catalog).documents();
    }

    /**
     * {@code catalog}'s layout as it is now, as values: what a save takes between two commands (the catalog changes
     * with the next one), leaving the documents' JSON to be written on another thread ({@link Captured#documents()}).
     */
    public static Captured capture(ShardedCatalog catalog) {
        List<BsonDocument> head = head(catalog);
        List<Captured.Collection> collections = new ArrayList<>();
        for (ShardedCatalog.CollectionEntry c : catalog.collections().values()) {
            collections.add(new Captured.Collection(
                    c.namespace(), c.cluster().snapshot().cluster()));
        }
        return new Captured(head, collections, catalog.now(), catalog.config().version());
    }

    /**
     * A catalog's layout taken between two commands: immutable, so its documents may be written on any thread.
     *
     * @param head the cluster document and one per database, written already (they are few and small)
     * @param collections each sharded collection's layout, by namespace
     * @param now the catalog's simulated time when it was taken, ms
     * @param release the release the catalog simulates
     */
    public record Captured(List<BsonDocument> head, List<Collection> collections, long now, MongoVersion release) {

        public Captured {
            head = List.copyOf(head);
            collections = List.copyOf(collections);
        }

        /** A sharded collection's layout. */
        public record Collection(String namespace, ClusterSnapshot layout) {}

        /** The namespace's documents: the head's, then one per sharded collection with its snapshot JSON. */
        public List<BsonDocument> documents() {
            List<BsonDocument> out = new ArrayList<>(head);
            for (Collection c : collections) {
                StringWriter json = new StringWriter();
                try {
                    SnapshotFile.write(
                            json,
                            new SnapshotFile.Contents(
                                    c.layout(),
                                    List.of(),
                                    Instant.ofEpochMilli(now),
                                    "ShardLab data file, simulated MongoDB " + release));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                out.add(new BsonDocument("_id", new BsonString("collection:" + c.namespace()))
                        .append("snapshot", new BsonString(json.toString())));
            }
            return out;
        }
    }

    /** The cluster document and one per database. */
    private static List<BsonDocument> head(ShardedCatalog catalog) {
        List<BsonDocument> out = new ArrayList<>();
        SimulationConfig config = catalog.config();
        BsonArray shards = new BsonArray();
        for (Shard s : catalog.shards()) {
            BsonArray zones = new BsonArray();
            s.zones().stream().sorted().forEach(z -> zones.add(new BsonString(z)));
            shards.add(new BsonDocument("_id", new BsonString(s.id())).append("zones", zones));
        }
        BsonDocument cluster = new BsonDocument("_id", new BsonString("cluster"))
                .append("format", new BsonString(FORMAT))
                .append("version", new BsonInt32(VERSION))
                .append("release", new BsonString(config.version().toString()))
                .append("seed", new BsonInt64(config.seed()))
                .append("maxChunkSizeBytes", new BsonInt64(config.maxChunkSizeBytes()))
                .append("shards", shards)
                .append("balancer", BsonBoolean.valueOf(catalog.balancerEnabled()));
        catalog.settings().autoSplit().ifPresent(v -> cluster.append("autoSplit", BsonBoolean.valueOf(v)));
        catalog.settings().autoMerge().ifPresent(v -> cluster.append("autoMerge", BsonBoolean.valueOf(v)));
        catalog.settings().chunkSize().ifPresent(mb -> cluster.append("chunkSizeMegabytes", new BsonInt32(mb)));
        catalog.settings().windowAsWritten().ifPresent(w -> cluster.append("balancerActiveWindow", w));
        out.add(cluster);
        for (ShardedCatalog.DatabaseEntry db : catalog.databases().values()) {
            out.add(new BsonDocument("_id", new BsonString("database:" + db.name()))
                    .append("primary", new BsonString(db.primaryShard()))
                    .append("partitioned", BsonBoolean.valueOf(db.partitioned())));
        }
        return out;
    }

    /**
     * The catalog {@code documents} describe, its sharded collections' chunks empty (the documents restored
     * afterwards land in them).
     *
     * @param source names the file in the messages
     * @throws IllegalArgumentException with one line naming the source and the problem
     */
    public static ShardedCatalog catalog(List<BsonDocument> documents, String source) {
        BsonDocument cluster = documents.stream()
                .filter(d -> new BsonString("cluster").equals(d.get("_id")))
                .findFirst()
                .orElseThrow(() -> problem(source, "holds no shardlab_data.catalog cluster document"));
        if (!new BsonString(FORMAT).equals(cluster.get("format"))) {
            throw problem(source, "is not a ShardLab data file: its catalog's format is not '" + FORMAT + "'");
        }
        if (!cluster.isNumber("version") || cluster.getNumber("version").intValue() > VERSION) {
            throw problem(
                    source,
                    "is of a newer ShardLab data format (" + cluster.get("version") + "); this ShardLab reads version "
                            + VERSION);
        }
        try {
            SimulationConfig config = SimulationConfig.of(MongoVersion.parseModelled(
                            cluster.getString("release").getValue()))
                    .withSeed(cluster.getNumber("seed").longValue())
                    .withMaxChunkSizeBytes(
                            cluster.getNumber("maxChunkSizeBytes").longValue());
            List<String> shardIds = new ArrayList<>();
            for (BsonValue s : cluster.getArray("shards")) {
                shardIds.add(s.asDocument().getString("_id").getValue());
            }
            ShardedCatalog catalog = new ShardedCatalog(config, shardIds);
            for (BsonValue s : cluster.getArray("shards")) {
                for (BsonValue zone : s.asDocument().getArray("zones")) {
                    catalog.executeOnShards(new AddShardToZone(
                            s.asDocument().getString("_id").getValue(),
                            zone.asString().getValue()));
                }
            }
            for (BsonDocument d : documents) {
                String id = d.get("_id").isString() ? d.getString("_id").getValue() : "";
                if (id.startsWith("database:")) {
                    String name = id.substring("database:".length());
                    String primary = d.getString("primary").getValue();
                    if (d.getBoolean("partitioned", BsonBoolean.FALSE).getValue()) {
                        catalog.enableSharding(name, primary);
                    } else {
                        catalog.createDatabase(name, primary);
                    }
                } else if (id.startsWith("collection:")) {
                    ClusterSnapshot layout = SnapshotFile.read(
                                    new StringReader(d.getString("snapshot").getValue()),
                                    source + " (" + id.substring("collection:".length()) + ")")
                            .cluster();
                    catalog.loadCollection(new LoadLayout(layout, List.of()));
                }
            }
            catalog.setBalancerEnabled(
                    cluster.getBoolean("balancer", BsonBoolean.TRUE).getValue());
            if (cluster.isBoolean("autoSplit")) {
                catalog.settings().setAutoSplit(cluster.getBoolean("autoSplit").getValue());
            }
            if (cluster.isBoolean("autoMerge")) {
                catalog.settings().setAutoMerge(cluster.getBoolean("autoMerge").getValue());
            }
            if (cluster.isNumber("chunkSizeMegabytes")) {
                catalog.settings()
                        .setChunkSize(cluster.getNumber("chunkSizeMegabytes").intValue());
            }
            if (cluster.isDocument("balancerActiveWindow")) {
                ConfigDatabaseWrites.ActiveWindowAsWritten window =
                        ConfigDatabaseWrites.activeWindow(cluster.getDocument("balancerActiveWindow"));
                catalog.settings()
                        .setWindow(Optional.of(
                                new CatalogSettings.WrittenWindow(window.window(), window.start(), window.stop())));
            }
            return catalog;
        } catch (RuntimeException e) {
            if (e.getMessage() != null && e.getMessage().startsWith(source)) {
                throw e;
            }
            throw problem(source, "has a catalog ShardLab cannot read: " + e.getMessage());
        }
    }

    private static IllegalArgumentException problem(String source, String what) {
        return new IllegalArgumentException(source + " " + what);
    }
}
