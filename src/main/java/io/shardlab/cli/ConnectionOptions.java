package io.shardlab.cli;

import io.shardlab.live.ConnectionStringSecrets;
import io.shardlab.live.LiveConnectionRequest;
import io.shardlab.live.LiveTimeouts;
import java.io.Console;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * How the CLI connects to a server given by {@code --uri}: the TLS files and the timeout, and the
 * password when the connection string names a user without one. Shared as a picocli mixin by
 * {@link LayoutSourceOptions} (every command that reads a layout) and {@code analyze} (a live sample), made by
 * the command with the command line's language, in which the password prompt reads (picocli keeps a mixin it
 * finds already made).
 *
 * <pre>
 *   [--tls-ca-file FILE] [--tls-certificate-key-file FILE] [--timeout SECONDS]
 * </pre>
 */
final class ConnectionOptions {

    /** Environment variable holding a password for {@code --uri} strings that have a user but no password. */
    static final String PASSWORD_ENV = "SHARDLAB_PASSWORD";

    @Option(names = "--tls-ca-file", paramLabel = "FILE")
    Path tlsCaFile;

    @Option(names = "--tls-certificate-key-file", paramLabel = "FILE")
    Path tlsCertificateKeyFile;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "10")
    int timeoutSeconds = 10;

    private final CliLanguage words;

    ConnectionOptions(CliLanguage words) {
        this.words = words;
    }

    /**
     * The request for {@code uri}: with the password from {@value #PASSWORD_ENV} or the terminal
     * when it names a user but no password, the TLS files and the timeouts.
     *
     * @throws IllegalArgumentException with one line for a bad timeout or connection string
     */
    LiveConnectionRequest request(String uri) {
        return new LiveConnectionRequest(withPassword(uri), tlsCaFile, tlsCertificateKeyFile, timeouts());
    }

    private LiveTimeouts timeouts() {
        OptionBounds.TIMEOUT.check(timeoutSeconds);
        Duration t = Duration.ofSeconds(timeoutSeconds);
        return new LiveTimeouts(t, t, LiveTimeouts.DEFAULT.read().compareTo(t) > 0 ? LiveTimeouts.DEFAULT.read() : t);
    }

    /**
     * The connection string with a password from the terminal or {@value #PASSWORD_ENV} when it
     * names a user but no password and the mechanism uses one.
     */
    private String withPassword(String uri) {
        if (!ConnectionStringSecrets.isConnectionString(uri) || ConnectionStringSecrets.hasPassword(uri)) {
            return uri;
        }
        String lower = uri.toLowerCase(Locale.ROOT);
        int scheme = uri.indexOf("://") + 3;
        int question = uri.indexOf('?', scheme);
        int at = uri.substring(scheme, question < 0 ? uri.length() : question).lastIndexOf('@');
        if (at < 0
                || lower.contains("authmechanism=mongodb-x509")
                || lower.contains("authmechanism=mongodb-aws")
                || lower.contains("authmechanism=gssapi")
                || lower.contains("authmechanism=mongodb-oidc")) {
            return uri;
        }
        String user = uri.substring(scheme, scheme + at);
        String password = System.getenv(PASSWORD_ENV);
        Console console = System.console();
        if (password == null && console != null) {
            char[] typed = console.readPassword("%s ", words.text("cli.connection.passwordPrompt", user));
            password = typed == null ? null : new String(typed);
        }
        if (password == null) {
            return uri;
        }
        String encoded = URLEncoder.encode(password, StandardCharsets.UTF_8).replace("+", "%20");
        return uri.substring(0, scheme + at) + ":" + encoded + uri.substring(scheme + at);
    }
}
