package io.shardlab.live;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a user asks to connect to: a connection string and the TLS files that the Java driver
 * cannot take from it.
 *
 * <p>The connection string may carry a password; {@link #toString()} and {@link #masked()} never
 * show it. {@code tlsCAFile}, {@code tlsCertificateKeyFile} and {@code tlsCertificateKeyFilePassword}
 * in the string (as mongosh accepts them) are honoured like the explicit paths, which win.
 *
 * @param connectionString {@code mongodb://} or {@code mongodb+srv://}; may hold a password
 * @param tlsCaFile PEM file of the certificate authorities to trust, or null for the JDK's
 * @param tlsCertificateKeyFile PEM file with the client certificate and its unencrypted private key
 *     (X.509 authentication), or null
 * @param timeouts how long to wait
 */
public record LiveConnectionRequest(
        String connectionString, Path tlsCaFile, Path tlsCertificateKeyFile, LiveTimeouts timeouts) {

    public LiveConnectionRequest {
        if (connectionString == null || connectionString.isBlank()) {
            throw new RefusedInput(Message.of("live.refused.uriRequired"));
        }
        connectionString = connectionString.strip();
        if (!ConnectionStringSecrets.isConnectionString(connectionString)) {
            throw new RefusedInput(
                    Message.of("live.refused.uriScheme", ConnectionStringSecrets.mask(connectionString)));
        }
        if (timeouts == null) {
            timeouts = LiveTimeouts.DEFAULT;
        }
    }

    /** A request with default timeouts and no TLS files. */
    public static LiveConnectionRequest of(String connectionString) {
        return new LiveConnectionRequest(connectionString, null, null, LiveTimeouts.DEFAULT);
    }

    /** The same request with other timeouts. */
    public LiveConnectionRequest withTimeouts(LiveTimeouts t) {
        return new LiveConnectionRequest(connectionString, tlsCaFile, tlsCertificateKeyFile, t);
    }

    /** The connection string with its secrets masked, e.g. {@code mongodb://dba:****@db1/}. */
    public String masked() {
        return ConnectionStringSecrets.mask(connectionString);
    }

    /** The CA file to trust: the explicit one, else {@code tlsCAFile} from the string. */
    public Optional<Path> effectiveTlsCaFile() {
        return tlsCaFile != null
                ? Optional.of(tlsCaFile)
                : LiveConnectionOptions.of(connectionString).tlsCaFile();
    }

    /** The client certificate file: the explicit one, else {@code tlsCertificateKeyFile} from the string. */
    public Optional<Path> effectiveTlsCertificateKeyFile() {
        return tlsCertificateKeyFile != null
                ? Optional.of(tlsCertificateKeyFile)
                : LiveConnectionOptions.of(connectionString).tlsCertificateKeyFile();
    }

    @Override
    public String toString() {
        String name = "LiveConnectionRequest["; // untranslated: a debugging string
        return name + masked() + (tlsCaFile != null ? ", tlsCaFile=" + tlsCaFile : "")
                + (tlsCertificateKeyFile != null ? ", tlsCertificateKeyFile=" + tlsCertificateKeyFile : "") + "]";
    }
}
