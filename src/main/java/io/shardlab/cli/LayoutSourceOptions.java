package io.shardlab.cli;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.live.ClusterInspector;
import io.shardlab.live.ClusterMetadata;
import io.shardlab.live.ConnectionStringSecrets;
import io.shardlab.live.LayoutHistory;
import io.shardlab.live.LayoutReader;
import io.shardlab.live.LayoutSource;
import io.shardlab.live.LiveClusterException;
import io.shardlab.live.LiveConnectionRequest;
import io.shardlab.live.SourceLayout;
import io.shardlab.live.SourceRead;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options every command that works on a real layout shares ({@code inspect}, {@code snapshot},
 * and {@code explain}, {@code export}, {@code simulate} when they start from a real cluster): where
 * the layout comes from, which collection, and optionally which moment.
 *
 * <pre>
 *   (--uri URI | --snapshot FILE | --config-dump DIR|FILE) [--ns NS] [--at TIME]
 *   [--tls-ca-file FILE] [--tls-certificate-key-file FILE] [--timeout SECONDS]
 * </pre>
 *
 * Use it as a picocli mixin ({@code @Mixin LayoutSourceOptions source;}). A connection string's
 * password may be left out: it is then asked for on the terminal, or taken from the
 * {@value #PASSWORD_ENV} environment variable, so it never has to be typed into a command line.
 * Every failure, including an unreachable server, is an {@link IllegalArgumentException} with one
 * line, which the CLI prints and turns into exit code 2.
 */
public final class LayoutSourceOptions {

    /** Environment variable holding a password for {@code --uri} strings that have a user but no password. */
    public static final String PASSWORD_ENV = ConnectionOptions.PASSWORD_ENV;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Source source;

    /** The three places a layout can come from; exactly one may be given. */
    static final class Source {
        @Option(names = "--uri", paramLabel = "URI")
        String uri;

        @Option(names = "--snapshot", paramLabel = "FILE")
        Path snapshot;

        @Option(names = "--config-dump", paramLabel = "DIR|FILE")
        Path configDump;
    }

    @Option(names = "--ns", paramLabel = "NS")
    String namespace;

    @Option(names = "--at", paramLabel = "TIME")
    String at;

    @Mixin
    ConnectionOptions connection;

    /** @param words the command line's language, for the password prompt ({@link ConnectionOptions}) */
    LayoutSourceOptions(CliLanguage words) {
        this.connection = new ConnectionOptions(words);
    }

    /** Whether one of {@code --uri}, {@code --snapshot}, {@code --config-dump} was given. */
    public boolean isGiven() {
        return source != null;
    }

    /** Where {@code --uri} connects; empty when the source is a file or a dump (or none was given). */
    Optional<LiveConnectionRequest> connectionRequest() {
        return source == null || source.uri == null ? Optional.empty() : Optional.of(connection.request(source.uri));
    }

    /** Whether {@code --at} was given. */
    boolean rewinds() {
        return at != null;
    }

    /** The {@code --ns} value, or null. */
    public String namespace() {
        return namespace;
    }

    /** What the source is, safe to show. */
    public String describe() {
        requireSource();
        if (source.uri != null) {
            return ConnectionStringSecrets.mask(source.uri);
        }
        return String.valueOf(source.snapshot != null ? source.snapshot : source.configDump);
    }

    /**
     * Reads the source: every sharded collection, or {@code --ns}, with its most recent chunk
     * changes; with {@code --at}, the chosen collection rewound to that moment.
     */
    public ClusterMetadata read(Clock clock) {
        return read(clock, false).metadata();
    }

    /** Reads with every recorded chunk change of the collections (what history and snapshots need). */
    public ClusterMetadata readWithHistory(Clock clock) {
        return read(clock, true).metadata();
    }

    /**
     * The layout of the chosen collection ({@code --ns}, or the only sharded one), at {@code --at}
     * when given: what explain, export and simulate work from.
     */
    public ClusterSnapshot snapshot(Clock clock) {
        return layout(clock).cluster();
    }

    /**
     * The chosen collection's layout ({@code --ns}, or the only sharded one), at {@code --at} when
     * given, with what the source knew besides (per-chunk statistics a snapshot recorded, the
     * server's version, per-shard data, balancer settings).
     *
     * @throws IllegalArgumentException with one line when the source cannot be read, the collection
     *     is missing or ambiguous, or its metadata is broken
     */
    SourceLayout layout(Clock clock) {
        return read(clock, false).layout(namespace);
    }

    /**
     * As {@link #layout(Clock)}, but a snapshot file read as it is (no {@code --at}) that holds another
     * collection than {@code --ns} is refused with {@code "--ns: FILE holds A, not B"} ({@code export}'s words).
     */
    SourceLayout layoutNamingTheSnapshotsCollection(Clock clock) {
        requireSource();
        if (source.snapshot != null && at == null && namespace != null) {
            SourceRead read = reader(clock)
                    .read(
                            new LayoutSource.SnapshotFileSource(source.snapshot, source.snapshot.toString()),
                            new ClusterInspector.Scope(null, 0));
            String holds = read.metadata().collections().get(0).namespace();
            if (!holds.equals(namespace)) {
                throw new RefusedInput(
                        Message.of("cli.source.otherNamespace", source.snapshot.toString(), holds, namespace));
            }
            return read.layout(namespace);
        }
        return layout(clock);
    }

    /** The read, with every recorded change when {@code withHistory} or {@code --at} asks for them, rewound to {@code --at}. */
    private SourceRead read(Clock clock, boolean withHistory) {
        requireSource();
        Instant moment = moment();
        int recentChanges = withHistory || moment != null ? 0 : ClusterInspector.Scope.OVERVIEW.recentChanges();
        ClusterInspector.Scope scope = new ClusterInspector.Scope(namespace, recentChanges);
        SourceRead read;
        try {
            read = reader(clock).read(layoutSource(), scope);
        } catch (LiveClusterException e) {
            throw new RefusedInput(e.said(), e);
        }
        if (moment == null) {
            return read;
        }
        // a missing or ambiguous collection is named by the read's own message, not as an --at problem
        read.metadata().layout(namespace);
        try {
            return read.withMetadata(LayoutHistory.rewound(read.metadata(), namespace, moment));
        } catch (IllegalArgumentException e) {
            throw new RefusedInput(Message.of("cli.source.atRefused", RefusedInput.said(e)), e);
        }
    }

    private static LayoutReader reader(Clock clock) {
        return new LayoutReader(clock);
    }

    private LayoutSource layoutSource() {
        if (source.snapshot != null) {
            return new LayoutSource.SnapshotFileSource(source.snapshot, source.snapshot.toString());
        }
        if (source.configDump != null) {
            return new LayoutSource.ConfigDumpSource(source.configDump);
        }
        return new LayoutSource.Connection(connection.request(source.uri));
    }

    private Instant moment() {
        if (at == null) {
            return null;
        }
        try {
            return Instant.parse(at);
        } catch (DateTimeParseException e) {
            throw new RefusedInput(Message.of("cli.source.badAt", at));
        }
    }

    private void requireSource() {
        if (source == null) {
            throw new RefusedInput(Message.of("cli.source.none"));
        }
    }
}
