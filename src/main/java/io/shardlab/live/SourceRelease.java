package io.shardlab.live;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The MongoDB release a source's metadata came from, and how ShardLab knows it: what the simulator
 * applies to a layout read from that source unless the user names another release.
 *
 * @param version the release (exact when a server, snapshot or dump recorded it; a release line when
 *     inferred)
 * @param basis how it was found
 * @param found what it was found from, one line to be said in the user's language, e.g. {@code "the server
 *     reports 7.0.12"} or {@code "config.chunks keyed by ns and 'dropped' in config.collections mean 4.0 to 4.4"}
 */
public record SourceRelease(MongoVersion version, Basis basis, Message found) {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    /** How the release was found, most reliable first. */
    public enum Basis {
        /** The server answered {@code buildInfo}. */
        SERVER,
        /** A snapshot recorded the server it was captured from, or the release it was simulated with. */
        SNAPSHOT,
        /** A mongodump archive's prelude recorded {@code server_version}. */
        DUMP,
        /** {@code config.mongos} recorded each router's {@code mongoVersion}. */
        ROUTERS,
        /** Inferred from the metadata's shape (which fields MongoDB writes in which release). */
        INFERRED,
        /** Nothing told: ShardLab's default release. */
        ASSUMED
    }

    public SourceRelease {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(basis, "basis");
        Objects.requireNonNull(found, "found");
    }

    /** {@link #found()} in English: for {@code --json}. */
    public String evidence() {
        return ENGLISH.text(found);
    }

    /** Whether the release is a guess (inferred or assumed) rather than recorded. */
    public boolean guessed() {
        return basis == Basis.INFERRED || basis == Basis.ASSUMED;
    }

    /**
     * One line for notes and reports: {@code "MongoDB 4.4 rules, inferred: config.chunks keyed by ns …"},
     * with the nearest-lower-line note for a version ShardLab does not know; to be said in the user's language.
     */
    public Message said() {
        String key = switch (basis) {
            case INFERRED -> "live.release.inferred";
            case ASSUMED -> "live.release.assumed";
            default -> "live.release.recorded";
        };
        Message rules = Message.of(key, version.toString(), found);
        return modellingNote(version)
                .map(note -> Message.of("live.release.modelled", rules, note))
                .orElse(rules);
    }

    /**
     * {@link MongoVersion#modellingNote()} to be said in the user's language: why a version ShardLab does not know
     * gets the rules of the nearest lower line; empty for a known one.
     */
    public static Optional<Message> modellingNote(MongoVersion version) {
        if (version.known()) {
            return Optional.empty();
        }
        List<MongoVersion> lines = MongoVersion.releaseLines();
        boolean newer = version.line().compareTo(lines.get(lines.size() - 1)) > 0;
        return Optional.of(Message.of(
                newer ? "live.release.newerThanKnown" : "live.release.unknownLine",
                version.toString(),
                version.modelledLine().toString()));
    }

    /** {@link #said()} in English: for {@code --json} and logs. */
    public String note() {
        return ENGLISH.text(said());
    }
}
