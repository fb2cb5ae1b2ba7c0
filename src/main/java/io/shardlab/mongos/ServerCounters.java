package io.shardlab.mongos;

import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * What {@code serverStatus} counts on a mongos: the {@code opcounters}, the {@code network} bytes
 * and requests, and the {@code connections}. Thread-safe: the wire adapter counts bytes and
 * connections on its own threads while the command layer counts operations.
 *
 * <p>The operation counters follow mongos (mongo {@code src/mongo/db/stats/counters.h} and
 * {@code src/mongo/s/commands/strategy.cpp}): {@code find} adds one query, {@code getMore} one
 * getmore, {@code insert} one per document, {@code update} / {@code delete} one per statement; those
 * five do not count as commands ({@code shouldAffectCommandCounter() == false}), every other command
 * adds one command.
 */
public final class ServerCounters {

    private final AtomicLong insert = new AtomicLong();
    private final AtomicLong query = new AtomicLong();
    private final AtomicLong update = new AtomicLong();
    private final AtomicLong delete = new AtomicLong();
    private final AtomicLong getmore = new AtomicLong();
    private final AtomicLong command = new AtomicLong();
    private final AtomicLong bytesIn = new AtomicLong();
    private final AtomicLong bytesOut = new AtomicLong();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong connections = new AtomicLong();
    private final AtomicLong connectionsCreated = new AtomicLong();
    private final AtomicLong userAsserts = new AtomicLong();
    private final long maxConnections;

    /** @param maxConnections connections the server accepts at once ({@code connections.available} counts down from it) */
    public ServerCounters(long maxConnections) {
        this.maxConnections = maxConnections;
    }

    /** Counts one command a client sent, by its canonical name, as mongos' opcounters do. */
    public void countOperation(String name, BsonDocument body) {
        switch (name) {
            case "find" -> query.incrementAndGet();
            case "getMore" -> getmore.incrementAndGet();
            case "insert" -> insert.addAndGet(statements(body.get("documents")));
            case "update" -> update.addAndGet(statements(body.get("updates")));
            case "delete" -> delete.addAndGet(statements(body.get("deletes")));
            default -> command.incrementAndGet();
        }
    }

    private static long statements(BsonValue batch) {
        return batch instanceof BsonArray a ? a.size() : 0;
    }

    /**
     * Counts one request that arrived over the wire and its reply.
     *
     * @param requestBytes bytes of the request message
     * @param replyBytes bytes of the reply message
     */
    public void countTraffic(long requestBytes, long replyBytes) {
        requests.incrementAndGet();
        bytesIn.addAndGet(requestBytes);
        bytesOut.addAndGet(replyBytes);
    }

    /** Counts a command refused with an error (a user assertion, {@code asserts.user}). */
    void countRefusal() {
        userAsserts.incrementAndGet();
    }

    /** A client connected. */
    public void connected() {
        connections.incrementAndGet();
        connectionsCreated.incrementAndGet();
    }

    /** A client left. */
    public void disconnected() {
        connections.decrementAndGet();
    }

    /** Clients connected now. */
    public long currentConnections() {
        return connections.get();
    }

    /** {@code serverStatus.opcounters}. */
    BsonDocument opcounters() {
        return new BsonDocument("insert", new BsonInt64(insert.get()))
                .append("query", new BsonInt64(query.get()))
                .append("update", new BsonInt64(update.get()))
                .append("delete", new BsonInt64(delete.get()))
                .append("getmore", new BsonInt64(getmore.get()))
                .append("command", new BsonInt64(command.get()));
    }

    /**
     * {@code serverStatus.network}: bytes in and out and requests (mongo {@code src/mongo/db/stats/counters.h}
     * NetworkCounter; without wire compression the physical bytes are the logical ones).
     */
    BsonDocument network() {
        return new BsonDocument("bytesIn", new BsonInt64(bytesIn.get()))
                .append("bytesOut", new BsonInt64(bytesOut.get()))
                .append("physicalBytesIn", new BsonInt64(bytesIn.get()))
                .append("physicalBytesOut", new BsonInt64(bytesOut.get()))
                .append("numRequests", new BsonInt64(requests.get()));
    }

    /** {@code serverStatus.connections}. */
    BsonDocument connections() {
        long current = connections.get();
        return new BsonDocument("current", new BsonInt32((int) current))
                .append("available", new BsonInt32((int) Math.max(0, maxConnections - current)))
                .append("totalCreated", new BsonInt64(connectionsCreated.get()));
    }

    /** {@code serverStatus.asserts}: ShardLab counts only the user assertions (commands refused). */
    BsonDocument asserts() {
        return new BsonDocument("regular", new BsonInt32(0))
                .append("warning", new BsonInt32(0))
                .append("msg", new BsonInt32(0))
                .append("user", new BsonInt32((int) userAsserts.get()))
                .append("rollovers", new BsonInt32(0));
    }
}
