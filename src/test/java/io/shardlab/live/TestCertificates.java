package io.shardlab.live;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;

/**
 * A self-signed certificate for 127.0.0.1 made by the JDK's own keytool, written as the PEM files a
 * DBA would have: the CA file (the certificate itself, since it is self-signed) and a
 * certificate-plus-key file in PKCS#8 and in PKCS#1 form.
 */
final class TestCertificates {

    final PrivateKey key;
    final X509Certificate certificate;
    final Path caFile;
    final Path pkcs8File;
    final Path pkcs1File;

    private TestCertificates(PrivateKey key, X509Certificate certificate, Path caFile, Path pkcs8File, Path pkcs1File) {
        this.key = key;
        this.certificate = certificate;
        this.caFile = caFile;
        this.pkcs8File = pkcs8File;
        this.pkcs1File = pkcs1File;
    }

    static TestCertificates create(Path dir) throws Exception {
        Path store = dir.resolve("server.p12");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(
                        keytool.toString(),
                        "-genkeypair",
                        "-alias",
                        "server",
                        "-keyalg",
                        "RSA",
                        "-keysize",
                        "2048",
                        "-dname",
                        "CN=localhost",
                        "-ext",
                        "SAN=ip:127.0.0.1,dns:localhost",
                        "-validity",
                        "2",
                        "-keystore",
                        store.toString(),
                        "-storetype",
                        "PKCS12",
                        "-storepass",
                        "changeit",
                        "-keypass",
                        "changeit")
                .redirectErrorStream(true)
                .start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException("keytool failed: " + output);
        }
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, "changeit".toCharArray());
        }
        PrivateKey key = (PrivateKey) ks.getKey("server", "changeit".toCharArray());
        X509Certificate cert = (X509Certificate) ks.getCertificate("server");
        String certPem = pem("CERTIFICATE", cert.getEncoded());
        Path ca = Files.writeString(dir.resolve("ca.pem"), certPem);
        Path pkcs8 = Files.writeString(dir.resolve("client-pkcs8.pem"), certPem + pem("PRIVATE KEY", key.getEncoded()));
        Path pkcs1 = Files.writeString(
                dir.resolve("client-pkcs1.pem"), pem("RSA PRIVATE KEY", pkcs1(key.getEncoded())) + certPem);
        return new TestCertificates(key, cert, ca, pkcs8, pkcs1);
    }

    static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                        .encodeToString(der) + "\n-----END " + type + "-----\n";
    }

    /** The RSAPrivateKey inside a PKCS#8 PrivateKeyInfo: the content of its OCTET STRING (RFC 5208). */
    static byte[] pkcs1(byte[] pkcs8) {
        int i = Der.at(pkcs8, 0).header(); // into SEQUENCE PrivateKeyInfo
        i += Der.at(pkcs8, i).size(); // skip INTEGER version
        i += Der.at(pkcs8, i).size(); // skip SEQUENCE AlgorithmIdentifier
        Der octets = Der.at(pkcs8, i); // OCTET STRING privateKey
        return java.util.Arrays.copyOfRange(pkcs8, i + octets.header(), i + octets.size());
    }

    /** A DER element's header and content lengths. */
    private record Der(int header, int content) {

        static Der at(byte[] der, int at) {
            int first = der[at + 1] & 0xff;
            if (first < 0x80) {
                return new Der(2, first);
            }
            int n = first & 0x7f;
            int length = 0;
            for (int k = 0; k < n; k++) {
                length = (length << 8) | (der[at + 2 + k] & 0xff);
            }
            return new Der(2 + n, length);
        }

        int size() {
            return header + content;
        }
    }

    List<Path> files() {
        return List.of(caFile, pkcs8File, pkcs1File);
    }
}
