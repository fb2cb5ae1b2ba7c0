package io.shardlab.session;

import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import java.util.function.BiFunction;
import org.bson.BsonDocument;

/**
 * What a script's commands and sleeps reach: the mongos command layer, on whichever thread owns its
 * cluster. {@code shardlab shell} runs commands on the script's own thread and moves the simulated
 * clock when a script sleeps ({@link #direct}); the GUI's Shell panel hands each command to the explorer's
 * simulation thread (which then redraws) and sleeps in wall-clock time while the explorer plays
 * ({@link ExplorerEngine#shellCommandLayer}). The shell (package {@code shell}) drives it.
 */
public interface CommandLayer {

    /** The longest wall-clock wait of a script's sleep between two checks of its cancel flag, in ms. */
    long SLEEP_SLICE_MILLIS = 50;

    /**
     * Runs one command and returns MongoDB's reply.
     *
     * @throws MongoCommandException with MongoDB's code and text when the command is refused
     * @throws IllegalStateException with one line when the layer cannot run it (e.g. no cluster loaded)
     */
    BsonDocument run(String database, BsonDocument command);

    /**
     * Lets {@code millis} ms pass for a script's {@code sleep}. A layer that waits in wall-clock time
     * calls {@code check} at least every {@value #SLEEP_SLICE_MILLIS} ms: it throws when the
     * script is cancelled or out of time, and what it throws must reach the caller.
     */
    void sleep(long millis, Runnable check);

    /**
     * A layer whose commands {@code run} answers and whose sleep waits {@code millis} ms of wall-clock time in
     * slices of at most {@value #SLEEP_SLICE_MILLIS} ms, calling {@code check} after each (a layer whose cluster
     * plays on while a script sleeps). Its sleep throws {@link IllegalStateException} when the waiting thread is
     * interrupted.
     */
    static CommandLayer inWallClock(BiFunction<String, BsonDocument, BsonDocument> run) {
        return new CommandLayer() {
            @Override
            public BsonDocument run(String database, BsonDocument command) {
                return run.apply(database, command);
            }

            @Override
            public void sleep(long millis, Runnable check) {
                long left = millis;
                while (left > 0) {
                    long slice = Math.min(left, SLEEP_SLICE_MILLIS);
                    try {
                        Thread.sleep(slice);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("the script's sleep was interrupted");
                    }
                    left -= slice;
                    check.run();
                }
            }
        };
    }

    /**
     * The command layer run on the caller's thread; {@code sleep(ms)} moves the simulated clock by
     * {@code ms * speed} (0 leaves it still).
     */
    static CommandLayer direct(MongosCommands commands, double speed) {
        return new CommandLayer() {
            @Override
            public BsonDocument run(String database, BsonDocument command) {
                return commands.run(database, command);
            }

            @Override
            public void sleep(long millis, Runnable check) {
                if (speed > 0) {
                    commands.advance(Math.round(millis * speed));
                }
            }
        };
    }
}
