package io.shardlab.mongos;

import org.bson.BsonDocument;

/**
 * Hears of every command a {@link MongosCommands} ran, after it ran: what a mongos saw its clients send. The
 * exercises' checks ({@code io.shardlab.exercise}) read from it which queries each student ran and how mongos
 * targeted them, and which chunk commands ran while balancing was off.
 *
 * <p>Called on the thread that ran the command, inside the command layer's lock: an observer reads the catalog
 * (never changes it) and returns quickly, since every client command waits for it.
 */
@FunctionalInterface
public interface CommandObserver {

    /**
     * @param catalog the catalog as the command left it; read it during the call only
     * @param database the command's {@code $db}
     * @param command the command document as the client sent it; not to be changed
     * @param succeeded whether it ran without a command error ({@code ok: 1}, write errors included)
     */
    void ran(ShardedCatalog catalog, String database, BsonDocument command, boolean succeeded);
}
