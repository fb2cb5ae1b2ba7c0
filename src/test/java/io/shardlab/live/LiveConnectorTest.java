package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.live.ConfigFixture.Shape;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Connecting fails fast with one clear line: nothing listening, a server that stops in the middle of
 * a read, refused credentials, an untrusted certificate. A connect can be cancelled. No message
 * ever holds the password.
 */
class LiveConnectorTest {

    static final LiveTimeouts SHORT = LiveTimeouts.all(Duration.ofSeconds(2));
    static final String PASSWORD = "Tr0ub4dor&3xyzzy";

    @TempDir
    static Path dir;

    static TestCertificates certificates;

    @BeforeAll
    static void certificates() throws Exception {
        certificates = TestCertificates.create(dir);
    }

    static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    static void assertOneLineWithoutPassword(String message) {
        assertFalse(message.contains("\n"), message);
        assertFalse(message.contains(PASSWORD), message);
    }

    @Test
    void whenNothingListensTheConnectFailsAtOnceRatherThanAfterTheTimeoutAndSaysSo() throws Exception {
        int port = freePort();
        String uri = "mongodb://dba:" + PASSWORD + "@127.0.0.1:" + port + "/";
        long start = System.nanoTime();
        LiveClusterException e = assertThrows(
                LiveClusterException.class,
                () -> new LiveConnector()
                        .connect(LiveConnectionRequest.of(uri).withTimeouts(LiveTimeouts.all(Duration.ofSeconds(30)))));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(LiveClusterException.Kind.UNREACHABLE, e.kind());
        assertEquals(
                "no server answered at mongodb://dba:****@127.0.0.1:" + port + "/: 127.0.0.1:" + port
                        + " refused the connection (nothing listens there; is the server running, and is the port right?)",
                e.getMessage());
        assertTrue(millis < 5000, "a refusal is final; it took " + millis + " ms of a 30 s timeout");
        assertOneLineWithoutPassword(e.getMessage());
    }

    @Test
    void aRefusedConnectIsSaidInChineseWithTheServerStillMasked() throws Exception {
        // given a server address where nothing listens, its URI holding a password
        int port = freePort();
        String uri = "mongodb://dba:" + PASSWORD + "@127.0.0.1:" + port + "/";

        // when the connect fails
        LiveClusterException e = assertThrows(
                LiveClusterException.class, () -> new LiveConnector().connect(LiveConnectionRequest.of(uri)));

        // then its words in Chinese name the masked URI and the refusing address, never the password
        String chinese = Messages.of(Language.SIMPLIFIED_CHINESE).text(e.said());
        assertEquals(
                "mongodb://dba:****@127.0.0.1:" + port + "/ 上没有服务器应答：127.0.0.1:" + port
                        + " 拒绝了连接（那里没有进程在监听；服务器是否在运行，端口是否正确？）",
                chinese);
        assertOneLineWithoutPassword(chinese);
    }

    @Test
    void anSrvNameThatDoesNotResolveFailsAsUnreachable() {
        String uri = "mongodb+srv://dba:" + PASSWORD + "@cluster0.nonexistent.invalid/";
        LiveClusterException e = assertThrows(
                LiveClusterException.class,
                () -> new LiveConnector().connect(LiveConnectionRequest.of(uri).withTimeouts(SHORT)));
        assertEquals(LiveClusterException.Kind.UNREACHABLE, e.kind());
        assertTrue(
                e.getMessage()
                        .startsWith("no server answered at mongodb+srv://dba:****@cluster0.nonexistent.invalid/ "
                                + "within 2 s ("),
                e.getMessage());
        assertOneLineWithoutPassword(e.getMessage());
    }

    @Test
    void refusedCredentialsNameTheUserButNeverThePassword() {
        try (FakeCluster cluster = FakeCluster.of(Shape.V7_0).refusingLogins()) {
            String uri = cluster.connectionString("dba", PASSWORD) + "/?authSource=admin";
            LiveClusterException e = assertThrows(
                    LiveClusterException.class,
                    () -> new LiveConnector()
                            .connect(LiveConnectionRequest.of(uri).withTimeouts(SHORT)));
            assertEquals(LiveClusterException.Kind.AUTHENTICATION, e.kind());
            assertTrue(e.getMessage().startsWith("authentication failed for user 'dba' ("), e.getMessage());
            assertTrue(e.getMessage().endsWith(": Authentication failed."), e.getMessage());
            assertTrue(e.getMessage().contains("mongodb://dba:****@127.0.0.1:"), e.getMessage());
            assertOneLineWithoutPassword(e.getMessage());
        }
    }

    @Test
    void aServerThatStopsInTheMiddleOfAReadGivesAClearError() {
        try (FakeCluster cluster = FakeCluster.mongos("5.0.26", 13)) {
            cluster.seed(ConfigFixture.config(Shape.V5_0));
            cluster.stoppingAtChunksRead();
            LiveClusterException e;
            try (LiveConnection connection = new LiveConnector()
                            .connect(LiveConnectionRequest.of(cluster.connectionString())
                                    .withTimeouts(SHORT));
                    LiveConfigSource source = new LiveConfigSource(connection, false)) {
                e = assertThrows(
                        LiveClusterException.class,
                        () -> new ClusterInspector(LiveInspectionTest.CLOCK)
                                .inspect(source, ClusterInspector.Scope.OVERVIEW));
            }
            assertEquals(LiveClusterException.Kind.CONNECTION_LOST, e.kind(), e.getMessage());
            assertTrue(e.getMessage().startsWith("lost the connection to 127.0.0.1:"), e.getMessage());
            assertTrue(
                    e.getMessage().contains(" while reading config.chunks of config.system.sessions: "),
                    e.getMessage());
            assertOneLineWithoutPassword(e.getMessage());
        }
    }

    @Test
    void tlsWithACustomCaFileConnectsAndWithoutItFailsAsATlsProblem() {
        try (FakeCluster cluster = FakeCluster.tls("7.0.12", 21, certificates.key, certificates.certificate)) {
            String uri = cluster.connectionString();
            LiveConnectionRequest trusted = new LiveConnectionRequest(uri, certificates.caFile, null, SHORT);
            try (LiveConnection connection = new LiveConnector().connect(trusted)) {
                assertEquals("7.0.12", connection.server().version());
            }
            String inUri = uri + "&tlsCAFile=" + certificates.caFile.toUri().getPath();
            try (LiveConnection connection =
                    new LiveConnector().connect(LiveConnectionRequest.of(inUri).withTimeouts(SHORT))) {
                assertEquals(
                        ServerRole.MONGOS,
                        connection.server().role(),
                        "tlsCAFile in the string works like --tls-ca-file");
            }
            LiveClusterException e = assertThrows(
                    LiveClusterException.class,
                    () -> new LiveConnector()
                            .connect(LiveConnectionRequest.of(uri).withTimeouts(SHORT)));
            assertEquals(LiveClusterException.Kind.TLS, e.kind(), e.getMessage());
            assertTrue(e.getMessage().startsWith("TLS handshake failed at mongodb://127.0.0.1:"), e.getMessage());
            assertTrue(
                    e.getMessage().endsWith("(check tls=true and give the servers' CA with --tls-ca-file)"),
                    e.getMessage());
        }
    }

    @Test
    void aConnectCanBeCancelledAndReturnsAtOnce() throws Exception {
        ExecutorService executor = Executors.newSingleThreadExecutor();
        // a port that takes connections and never answers, so the connect waits (a refusal would end it at once)
        try (java.net.ServerSocket silent =
                new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            int port = silent.getLocalPort();
            LiveConnectionRequest request = LiveConnectionRequest.of("mongodb://127.0.0.1:" + port + "/")
                    .withTimeouts(LiveTimeouts.all(Duration.ofSeconds(30)));
            ConnectionAttempt attempt = ConnectionAttempt.start(new LiveConnector(), request, executor);
            Thread.sleep(300);
            long start = System.nanoTime();
            attempt.cancel();
            CompletionException e = assertThrows(
                    CompletionException.class, () -> attempt.result().join());
            LiveClusterException live = assertInstanceOf(LiveClusterException.class, e.getCause());
            assertEquals(LiveClusterException.Kind.CANCELLED, live.kind());
            executor.shutdown();
            assertTrue(executor.awaitTermination(5, TimeUnit.SECONDS), "the background connect stopped");
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 5000);
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void aConnectAttemptHandsOutTheConnectionWhenItSucceeds() {
        try (FakeCluster cluster = FakeCluster.of(Shape.V6_0)) {
            ConnectionAttempt attempt = ConnectionAttempt.start(
                    new LiveConnector(),
                    LiveConnectionRequest.of(cluster.connectionString()).withTimeouts(SHORT),
                    Runnable::run);
            try (LiveConnection connection = attempt.result().join()) {
                assertEquals("6.0.16", connection.server().version());
            }
            assertFalse(cluster.applicationNames().isEmpty());
            assertTrue(
                    cluster.applicationNames().stream().allMatch("ShardLab"::equals),
                    cluster.applicationNames()::toString);
        }
    }

    @Test
    void pemFilesLoadInPkcs8AndPkcs1FormAndBadOnesAreNamed() throws Exception {
        assertTrue(PemTlsMaterial.keyStore(certificates.pkcs8File).isKeyEntry("client"));
        var pkcs1 = PemTlsMaterial.keyStore(certificates.pkcs1File);
        assertEquals(
                java.util.Arrays.toString(certificates.key.getEncoded()),
                java.util.Arrays.toString(pkcs1.getKey("client", new char[0]).getEncoded()));
        assertEquals(
                1,
                java.util.Collections.list(
                                PemTlsMaterial.trustStore(certificates.caFile).aliases())
                        .size());

        Path encrypted = Files.writeString(
                dir.resolve("enc.pem"),
                Files.readString(certificates.caFile)
                        + TestCertificates.pem("ENCRYPTED PRIVATE KEY", new byte[] {1, 2, 3}));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> PemTlsMaterial.keyStore(encrypted));
        assertTrue(
                e.getMessage().startsWith("tls-certificate-key-file: " + encrypted + " holds an encrypted private key"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> PemTlsMaterial.keyStore(certificates.caFile));
        assertTrue(
                e.getMessage()
                        .endsWith(
                                "holds no private key (-----BEGIN PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----)"),
                e.getMessage());
        e = assertThrows(
                IllegalArgumentException.class, () -> PemTlsMaterial.sslContext(dir.resolve("nope.pem"), null));
        assertEquals("tls-ca-file: " + dir.resolve("nope.pem") + ": no such file", e.getMessage());
    }

    @Test
    void aBadPemFileIsSaidInChineseNamingTheOptionAndTheFile() throws Exception {
        // given a CA file whose certificate is not base64
        Path ca = Files.writeString(
                dir.resolve("not-base64.pem"), "-----BEGIN CERTIFICATE-----\nZZZZ!!!\n-----END CERTIFICATE-----\n");

        // when it is read
        RefusedInput e = assertThrows(RefusedInput.class, () -> PemTlsMaterial.sslContext(ca, null));

        // then the problem is the bundle's Chinese, the option and the file as given
        assertEquals(
                "tls-ca-file：" + ca + "：第 1 个证书不是 base64 文本：第 5 个字符是 '!'",
                Messages.of(Language.SIMPLIFIED_CHINESE).text(e.said()));
    }

    @Test
    void x509SettingsCarryTheClientCertificateAndTheAppName() {
        LiveConnectionRequest request = new LiveConnectionRequest(
                "mongodb://db1:27017/?authMechanism=MONGODB-X509&tls=true&appName=Other",
                certificates.caFile,
                certificates.pkcs8File,
                SHORT);
        var settings =
                LiveConnector.baseSettings(request, new LiveErrors(request)).build();
        assertEquals("ShardLab", settings.getApplicationName());
        assertTrue(settings.getSslSettings().isEnabled());
        assertEquals(
                com.mongodb.AuthenticationMechanism.MONGODB_X509,
                settings.getCredential().getAuthenticationMechanism());
        assertEquals(2000, settings.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS));
    }
}
