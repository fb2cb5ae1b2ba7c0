package io.shardlab.cli;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.SnapshotFile;
import io.shardlab.live.ClusterInspector;
import io.shardlab.live.ClusterMetadata;
import io.shardlab.live.CollectionLayout;
import io.shardlab.live.ConfigDumpReader;
import io.shardlab.live.ConfigSource;
import io.shardlab.live.ConnectionStringSecrets;
import io.shardlab.live.LayoutHistory;
import io.shardlab.live.LiveCapture;
import io.shardlab.live.LiveClusterException;
import io.shardlab.live.LiveConfigSource;
import io.shardlab.live.LiveConnection;
import io.shardlab.live.LiveConnectionRequest;
import io.shardlab.live.LiveConnector;
import io.shardlab.live.LiveTimeouts;
import java.io.Console;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * The options every command that works on a real layout shares ({@code inspect}, {@code snapshot},
 * and {@code explain}, {@code export}, {@code simulate} when they start from a real cluster): where
 * the layout comes from, which collection, and optionally which moment.
 *
 * <pre>
 *   (--uri URI | --snapshot FILE | --config-dump DIR) [--ns NS] [--at TIME]
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
    public static final String PASSWORD_ENV = "SHARDLAB_PASSWORD";

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Source source;

    /** The three places a layout can come from; exactly one may be given. */
    static final class Source {
        @Option(names = "--uri", paramLabel = "URI", description = "Read a live cluster: a mongodb:// or mongodb+srv://"
                + " connection string to a mongos, a config server, or any mongod holding a restored config database.")
        String uri;

        @Option(names = "--snapshot", paramLabel = "FILE", description = "Read a ShardLab snapshot file "
                + "(written by 'snapshot' or 'simulate --snapshot-out').")
        Path snapshot;

        @Option(names = "--config-dump", paramLabel = "DIR", description = "Read a folder of 'mongodump --db config' "
                + "or 'mongoexport' output (chunks, collections, shards; databases, tags, settings, changelog if present).")
        Path configDump;
    }

    @Option(names = "--ns", paramLabel = "NS", description = "The sharded collection, db.collection "
            + "(needed when the source has more than one).")
    String namespace;

    @Option(names = "--at", paramLabel = "TIME", description = "Rewind the layout to this moment (ISO-8601, e.g. "
            + "2024-03-01T10:00:00Z) through config.changelog.")
    String at;

    @Option(names = "--tls-ca-file", paramLabel = "FILE", description = "PEM file of the CA that signed the servers' "
            + "certificates (turns TLS on).")
    Path tlsCaFile;

    @Option(names = "--tls-certificate-key-file", paramLabel = "FILE", description = "PEM file with the client "
            + "certificate and its unencrypted private key, for MONGODB-X509 authentication.")
    Path tlsCertificateKeyFile;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "10", description = "Give up when no server "
            + "answers within this many seconds (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    /** Whether one of {@code --uri}, {@code --snapshot}, {@code --config-dump} was given. */
    public boolean isGiven() {
        return source != null;
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
        Instant moment = moment();
        ClusterMetadata metadata = read(clock, moment == null ? ClusterInspector.Scope.OVERVIEW.recentChanges() : 0);
        return moment == null ? metadata : rewound(metadata, moment);
    }

    /** Reads with every recorded chunk change of the collections (what history and snapshots need). */
    public ClusterMetadata readWithHistory(Clock clock) {
        Instant moment = moment();
        ClusterMetadata metadata = read(clock, 0);
        return moment == null ? metadata : rewound(metadata, moment);
    }

    /**
     * The layout of the chosen collection ({@code --ns}, or the only sharded one), at {@code --at}
     * when given: what explain, export and simulate work from.
     */
    public ClusterSnapshot snapshot(Clock clock) {
        return read(clock).snapshot(namespace);
    }

    private ClusterMetadata read(Clock clock, int recentChanges) {
        requireSource();
        ClusterInspector inspector = new ClusterInspector(clock);
        ClusterInspector.Scope scope = new ClusterInspector.Scope(namespace, recentChanges);
        if (source.snapshot != null) {
            ClusterMetadata m = LiveCapture.fromSnapshotFile(SnapshotFile.read(source.snapshot), source.snapshot.toString());
            if (namespace != null) {
                m.layout(namespace);
            }
            return m;
        }
        if (source.configDump != null) {
            try (ConfigSource dump = ConfigDumpReader.open(source.configDump)) {
                return inspector.inspect(dump, scope);
            }
        }
        LiveConnectionRequest request = new LiveConnectionRequest(withPassword(source.uri), tlsCaFile,
                tlsCertificateKeyFile, timeouts());
        try (LiveConnection connection = new LiveConnector().connect(request);
                LiveConfigSource live = new LiveConfigSource(connection, false)) {
            return inspector.inspect(live, scope);
        } catch (LiveClusterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    private LiveTimeouts timeouts() {
        if (timeoutSeconds < 1 || timeoutSeconds > 3600) {
            throw new IllegalArgumentException("timeout: must be between 1 and 3600 seconds, got " + timeoutSeconds);
        }
        Duration t = Duration.ofSeconds(timeoutSeconds);
        return new LiveTimeouts(t, t, LiveTimeouts.DEFAULT.read().compareTo(t) > 0 ? LiveTimeouts.DEFAULT.read() : t);
    }

    /**
     * The connection string with a password from the terminal or {@value #PASSWORD_ENV} when it
     * names a user but no password and the mechanism uses one.
     */
    private static String withPassword(String uri) {
        if (!ConnectionStringSecrets.isConnectionString(uri) || ConnectionStringSecrets.hasPassword(uri)) {
            return uri;
        }
        String lower = uri.toLowerCase(Locale.ROOT);
        int scheme = uri.indexOf("://") + 3;
        int question = uri.indexOf('?', scheme);
        int at = uri.substring(scheme, question < 0 ? uri.length() : question).lastIndexOf('@');
        if (at < 0 || lower.contains("authmechanism=mongodb-x509") || lower.contains("authmechanism=mongodb-aws")
                || lower.contains("authmechanism=gssapi") || lower.contains("authmechanism=mongodb-oidc")) {
            return uri;
        }
        String user = uri.substring(scheme, scheme + at);
        String password = System.getenv(PASSWORD_ENV);
        Console console = System.console();
        if (password == null && console != null) {
            char[] typed = console.readPassword("Password for %s: ", user);
            password = typed == null ? null : new String(typed);
        }
        if (password == null) {
            return uri;
        }
        String encoded = URLEncoder.encode(password, StandardCharsets.UTF_8).replace("+", "%20");
        return uri.substring(0, scheme + at) + ":" + encoded + uri.substring(scheme + at);
    }

    private Instant moment() {
        if (at == null) {
            return null;
        }
        try {
            return Instant.parse(at);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("at: expected an ISO-8601 time such as 2024-03-01T10:00:00Z, got '" + at + "'");
        }
    }

    /** The metadata narrowed to the chosen collection, its layout rewound to {@code moment}. */
    private ClusterMetadata rewound(ClusterMetadata metadata, Instant moment) {
        CollectionLayout layout = metadata.layout(namespace);
        if (layout.map() == null) {
            throw new IllegalArgumentException("at: the current layout of " + layout.namespace()
                    + " is broken, so it cannot be rewound (" + layout.problems().get(0).message() + ")");
        }
        if (!metadata.changelogComplete()) {
            throw new IllegalArgumentException("at: " + metadata.source() + " does not hold the full changelog of "
                    + layout.namespace() + ", so the layout cannot be rewound");
        }
        LayoutHistory history = LayoutHistory.rewind(layout.map(), metadata.changes(layout.namespace()));
        ChunkMap then = history.layoutAt(moment);
        long replayed = metadata.changes(layout.namespace()).stream().filter(c -> c.time().isAfter(moment)).count();
        long inexact = history.steps().stream().filter(s -> !s.exact() && s.change().time().isAfter(moment)).count();
        List<String> notes = new ArrayList<>(metadata.notes());
        notes.add("layout of " + layout.namespace() + " rewound to " + moment + " by undoing " + replayed
                + " changelog entries" + (inexact > 0 ? " (" + inexact + " did not fit exactly)" : ""));
        if (!metadata.changes(layout.namespace()).isEmpty()
                && moment.isBefore(metadata.changes(layout.namespace()).get(0).time())) {
            notes.add("the changelog of " + layout.namespace() + " starts at "
                    + metadata.changes(layout.namespace()).get(0).time() + "; earlier moments show the layout before it");
        }
        CollectionLayout rewound = new CollectionLayout(layout.entry(), then.chunks(), then, layout.zones(), null,
                layout.problems());
        return new ClusterMetadata(metadata.source(), moment, metadata.server(), metadata.shards(), metadata.databases(),
                metadata.balancer(), List.of(rewound), metadata.changes(layout.namespace()).stream()
                        .filter(c -> !c.time().isAfter(moment)).toList(), metadata.changelogComplete(), notes,
                metadata.problems());
    }

    private void requireSource() {
        if (source == null) {
            throw new IllegalArgumentException("source: give one of --uri URI, --snapshot FILE or --config-dump DIR");
        }
    }
}
