package io.shardlab.serve;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ConfigDatabase;
import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.MongosRelease;
import io.shardlab.mongos.ServerCounters;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.session.CommandLane;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt64;

/**
 * A mongos of one release over the real document engine, driven by raw commands as a driver sends them, with a wall
 * clock the test moves: for the session, transaction and retryable-write rules, written as MongoDB's jstests write
 * them ({@code {insert: …, lsid, txnNumber, startTransaction, autocommit}}).
 */
final class SessionMongos {

    final AtomicLong clock = new AtomicLong(1_700_000_000_000L);
    final MongosCommands commands;

    SessionMongos(String release) {
        MongosRelease mongosRelease = MongosRelease.of(MongoVersion.parseModelled(release));
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(mongosRelease.version()).withSeed(1), List.of("shard01", "shard02"));
        ServerCounters counters = new ServerCounters(10);
        commands = new ShardLabBackend(
                        storage -> new MongosCommands(
                                catalog,
                                mongosRelease,
                                new ConfigDatabase(catalog, mongosRelease, 0, "localhost:27017"),
                                storage,
                                64L << 20,
                                clock::get,
                                line -> {},
                                new ThisMachine(),
                                counters),
                        CommandLane.DIRECT,
                        line -> {})
                .commands();
    }

    /** A new session's {@code lsid}. */
    static BsonDocument newSession(long seed) {
        return new BsonDocument("id", new BsonBinary(new UUID(seed, seed)));
    }

    /** {@code command} (Extended JSON) run on {@code db}, with {@code lsid} and {@code txnNumber} when given. */
    BsonDocument run(String db, String command, BsonDocument lsid, Long txnNumber) {
        BsonDocument body = BsonDocument.parse(command);
        if (lsid != null) {
            body.put("lsid", lsid);
        }
        if (txnNumber != null) {
            body.put("txnNumber", new BsonInt64(txnNumber));
        }
        return commands.run(db, body);
    }

    /** {@code command} on {@code db} without a session. */
    BsonDocument run(String db, String command) {
        return run(db, command, null, null);
    }

    /** The refusal of {@code command}, or a failure of the test when it succeeds. */
    MongoCommandException refusal(String db, String command, BsonDocument lsid, Long txnNumber) {
        try {
            BsonDocument reply = run(db, command, lsid, txnNumber);
            throw new AssertionError("expected a refusal of " + command + ", got " + reply.toJson());
        } catch (MongoCommandException e) {
            return e;
        }
    }
}
