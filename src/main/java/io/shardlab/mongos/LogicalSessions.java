package io.shardlab.mongos;

import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The sessions a mongos knows, by {@code lsid.id}: created by the first command naming them, kept while used, and
 * forgotten once idle for {@code localLogicalSessionTimeoutMinutes} (30 minutes, mongo
 * {@code src/mongo/db/session/logical_session_cache.idl}) on the command layer's wall clock, or once the client ended
 * them ({@code endSessions}) and no transaction of theirs is open. Forgetting a session aborts its open transaction
 * (mongo {@code session_catalog_mongod.cpp}, reaping). So the memory kept is one small record, and one reply, per
 * session in use.
 *
 * <p>Threading: not thread-safe; the command layer runs one command at a time.
 */
final class LogicalSessions {

    /** localLogicalSessionTimeoutMinutes' default, 30 minutes, in ms. */
    static final long TIMEOUT_MILLIS = 30L * 60 * 1000;

    /** How often idle sessions are looked for, in ms of the wall clock (the logical session cache refreshes every 5 minutes; ShardLab looks more often, it costs nothing). */
    private static final long SWEEP_EVERY_MILLIS = 60_000;

    private final Map<BsonValue, LogicalSession> sessions = new HashMap<>();
    private long lastSweepMillis = Long.MIN_VALUE;

    /** The session {@code lsid} names, created if new, used at {@code nowMillis}. */
    LogicalSession use(BsonDocument lsid, long nowMillis) {
        sweep(nowMillis);
        LogicalSession session = sessions.computeIfAbsent(lsid.get("id"), id -> new LogicalSession(lsid, nowMillis));
        session.touch(nowMillis);
        return session;
    }

    /** The client ended the sessions {@code lsids} names ({@code endSessions}); unknown ones are ignored. */
    void end(List<BsonDocument> lsids) {
        for (BsonDocument lsid : lsids) {
            LogicalSession session = sessions.get(lsid.get("id"));
            if (session != null) {
                session.end();
            }
        }
        lastSweepMillis = Long.MIN_VALUE;
    }

    /** Sessions known now. */
    int size() {
        return sessions.size();
    }

    /**
     * Forgets the sessions idle for the timeout (aborting their open transaction) and those ended without an open
     * transaction; at most once a minute of the wall clock.
     */
    void sweep(long nowMillis) {
        if (lastSweepMillis != Long.MIN_VALUE && nowMillis - lastSweepMillis < SWEEP_EVERY_MILLIS) {
            return;
        }
        lastSweepMillis = nowMillis;
        for (Iterator<LogicalSession> i = sessions.values().iterator(); i.hasNext(); ) {
            LogicalSession s = i.next();
            boolean idle = nowMillis - s.lastUseMillis() >= TIMEOUT_MILLIS;
            if (idle || (s.ended() && !s.inTransaction())) {
                s.transaction().ifPresent(Transaction::abort);
                i.remove();
            }
        }
    }
}
