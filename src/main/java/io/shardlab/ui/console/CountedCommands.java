package io.shardlab.ui.console;

import io.shardlab.session.CommandLayer;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonDocument;

/**
 * A command layer that counts the commands it passes on (refused ones too: each reached the cluster), so that the
 * Shell panel can say how far a lesson's step has got ("n of N commands"). Thread-safe: the script thread sends,
 * the panel reads.
 */
final class CountedCommands implements CommandLayer {

    private final CommandLayer commands;
    private final Runnable afterEach;
    private final AtomicLong sent = new AtomicLong();

    /**
     * @param commands where the commands run
     * @param afterEach called on the sending thread after each command, answered or refused
     */
    CountedCommands(CommandLayer commands, Runnable afterEach) {
        this.commands = Objects.requireNonNull(commands, "commands");
        this.afterEach = Objects.requireNonNull(afterEach, "afterEach");
    }

    /** The commands sent so far. */
    long sent() {
        return sent.get();
    }

    @Override
    public BsonDocument run(String database, BsonDocument command) {
        try {
            return commands.run(database, command);
        } finally {
            sent.incrementAndGet();
            afterEach.run();
        }
    }

    @Override
    public void sleep(long millis, Runnable check) {
        commands.sleep(millis, check);
    }
}
