package io.shardlab.live;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The file-based TLS options of a connection string, which mongosh reads but the Java driver does
 * not ({@code tlsCAFile}, {@code tlsCertificateKeyFile}, {@code tlsCertificateKeyFilePassword}: the
 * Java driver takes certificates from the JVM trust and key stores or from an {@code SSLContext}
 * set in {@code MongoClientSettings}, per its docs "Enable TLS/SSL on a Connection"), split from the
 * string that the driver is given, so ShardLab can build that context from the files.
 *
 * @param driverConnectionString the connection string without those options
 * @param tlsCaFile the {@code tlsCAFile} path, if given
 * @param tlsCertificateKeyFile the {@code tlsCertificateKeyFile} path, if given
 */
record LiveConnectionOptions(
        String driverConnectionString, Optional<Path> tlsCaFile, Optional<Path> tlsCertificateKeyFile) {

    private static final String CA = "tlscafile";
    private static final String CERT = "tlscertificatekeyfile";
    private static final String CERT_PASSWORD = "tlscertificatekeyfilepassword";

    static LiveConnectionOptions of(String connectionString) {
        int question = connectionString.indexOf('?');
        if (question < 0) {
            return new LiveConnectionOptions(connectionString, Optional.empty(), Optional.empty());
        }
        Path ca = null;
        Path cert = null;
        List<String> kept = new ArrayList<>();
        for (String option : connectionString.substring(question + 1).split("[&;]")) {
            if (option.isEmpty()) {
                continue;
            }
            int eq = option.indexOf('=');
            String key = (eq < 0 ? option : option.substring(0, eq)).toLowerCase(Locale.ROOT);
            String value = eq < 0 ? "" : URLDecoder.decode(option.substring(eq + 1), StandardCharsets.UTF_8);
            switch (key) {
                case CA -> ca = Path.of(value);
                case CERT -> cert = Path.of(value);
                case CERT_PASSWORD -> {}
                default -> kept.add(option);
            }
        }
        String base = connectionString.substring(0, question);
        String driver = kept.isEmpty() ? base : base + "?" + String.join("&", kept);
        return new LiveConnectionOptions(driver, Optional.ofNullable(ca), Optional.ofNullable(cert));
    }
}
