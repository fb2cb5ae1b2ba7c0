package io.shardlab.mongos;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt64;

/**
 * A mongos over a storage that keeps nothing (every read finds no document, every write is acknowledged), for the
 * tests of what the command layer decides before the storage matters: the table and the arguments.
 */
final class StubMongos {

    private StubMongos() {}

    /** A mongos of {@code release} over shards shard01–shard03. */
    static MongosCommands of(String release) {
        MongosRelease mongosRelease = MongosRelease.of(MongoVersion.parseModelled(release));
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(mongosRelease.version()).withSeed(1), List.of("shard01", "shard02", "shard03"));
        return new MongosCommands(
                catalog,
                mongosRelease,
                new ConfigDatabase(catalog, mongosRelease, 0, "localhost:27017"),
                new EmptyStorage(),
                64L << 20,
                () -> 0L,
                line -> {},
                new NoMachine(),
                new ServerCounters(10));
    }

    /** A mongos of {@code release} with database app (primary shard01) and app.c sharded on {@code {x: 1}}. */
    static MongosCommands withShardedCollection(String release) {
        MongosCommands mongos = of(release);
        mongos.run("admin", BsonDocument.parse("{enableSharding: 'app', primaryShard: 'shard01'}"));
        mongos.run("admin", BsonDocument.parse("{shardCollection: 'app.c', key: {x: 1}}"));
        return mongos;
    }

    /** Every read finds nothing; every other command is acknowledged. */
    private static final class EmptyStorage implements DocumentStorage {
        @Override
        public BsonDocument run(String database, BsonDocument command) {
            return new BsonDocument(
                            "cursor",
                            new BsonDocument("firstBatch", new BsonArray())
                                    .append("nextBatch", new BsonArray())
                                    .append("id", new BsonInt64(0)))
                    .append("ok", new BsonDouble(1));
        }

        @Override
        public int keptBytesPerDocument() {
            return 0;
        }

        @Override
        public void replace(String database, String collection, List<BsonDocument> documents) {}

        @Override
        public void changeIndexDescription(
                String database, String collection, String indexName, Set<String> removed, BsonDocument appended) {}
    }

    private static final class NoMachine implements HostMachine {
        @Override
        public String hostName() {
            return "localhost";
        }

        @Override
        public long pid() {
            return 1;
        }

        @Override
        public String osType() {
            return "Linux";
        }

        @Override
        public String osName() {
            return "Linux";
        }

        @Override
        public String osVersion() {
            return "6";
        }

        @Override
        public String cpuArch() {
            return "x86_64";
        }

        @Override
        public int cores() {
            return 2;
        }

        @Override
        public long memSizeMB() {
            return 0;
        }

        @Override
        public OptionalLong residentMB() {
            return OptionalLong.empty();
        }

        @Override
        public OptionalLong virtualMB() {
            return OptionalLong.empty();
        }
    }
}
