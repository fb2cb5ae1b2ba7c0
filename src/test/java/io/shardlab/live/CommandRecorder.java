package io.shardlab.live;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Records every command a driver client sends, to prove the reader only reads.
 *
 * <p>Reads are: {@code find}, {@code getMore}, {@code aggregate} without a {@code $out} or
 * {@code $merge} stage, {@code balancerStatus}, {@code buildInfo}, {@code ping}, the handshake
 * ({@code hello}/{@code isMaster}) and authentication ({@code saslStart}/{@code saslContinue});
 * {@code killCursors} and {@code endSessions} only release server resources the client itself
 * opened.
 */
public final class CommandRecorder implements CommandListener {

    static final Set<String> READS = Set.of(
            "find",
            "getMore",
            "aggregate",
            "balancerStatus",
            "buildInfo",
            "ping",
            "hello",
            "isMaster",
            "ismaster",
            "saslStart",
            "saslContinue",
            "killCursors",
            "endSessions");

    final List<BsonDocument> commands = new CopyOnWriteArrayList<>();

    @Override
    public void commandStarted(CommandStartedEvent event) {
        commands.add(event.getCommand().clone());
    }

    /** Commands that are not reads, as one line each; empty when every command was a read. */
    List<String> nonReads() {
        List<String> out = new ArrayList<>();
        for (BsonDocument command : commands) {
            String name = command.getFirstKey();
            if (!READS.contains(name)) {
                out.add(command.toJson());
            } else if (name.equals("aggregate")) {
                for (BsonValue stage : command.getArray("pipeline")) {
                    if (stage.asDocument().containsKey("$out")
                            || stage.asDocument().containsKey("$merge")) {
                        out.add(command.toJson());
                    }
                }
            }
        }
        return out;
    }

    /** The command names in order. */
    List<String> names() {
        return commands.stream().map(BsonDocument::getFirstKey).toList();
    }
}
