package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Passwords in connection strings are shown masked, remembered never, and scrubbed from messages. */
class ConnectionStringSecretsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # connection string                                              | masked                                                        | remembered
            mongodb://dba:s3cret@db1:27017/?authSource=admin                  | mongodb://dba:****@db1:27017/?authSource=admin                 | mongodb://dba@db1:27017/?authSource=admin
            mongodb+srv://dba:p%40ss%2Fw0rd@cluster0.example.net/?appName=x   | mongodb+srv://dba:****@cluster0.example.net/?appName=x         | mongodb+srv://dba@cluster0.example.net/?appName=x
            mongodb://db1:27017,db2:27017/?replicaSet=cfg                     | mongodb://db1:27017,db2:27017/?replicaSet=cfg                  | mongodb://db1:27017,db2:27017/?replicaSet=cfg
            mongodb://CN=dba,OU=ops@db1/?authMechanism=MONGODB-X509&tls=true  | mongodb://CN=dba,OU=ops@db1/?authMechanism=MONGODB-X509&tls=true | mongodb://CN=dba,OU=ops@db1/?authMechanism=MONGODB-X509&tls=true
            mongodb://dba:raw/slash@pass@db1/                                 | mongodb://dba:****@db1/                                        | mongodb://dba@db1/
            mongodb://dba:x@db1/?tls=true&tlsCertificateKeyFilePassword=kp    | mongodb://dba:****@db1/?tls=true&tlsCertificateKeyFilePassword=**** | mongodb://dba@db1/?tls=true
            mongodb://k:s@db1/?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:tok | mongodb://k:****@db1/?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:**** | mongodb://k@db1/?authMechanism=MONGODB-AWS
            MONGODB://dba:pw@db1                                              | MONGODB://dba:****@db1                                         | MONGODB://dba@db1
            """)
    void masksAndStripsSecrets(String uri, String masked, String remembered) {
        assertEquals(masked, ConnectionStringSecrets.mask(uri));
        assertEquals(remembered, ConnectionStringSecrets.withoutSecrets(uri));
    }

    @Test
    void textThatIsNotAConnectionStringIsMaskedWhole() {
        assertEquals("****", ConnectionStringSecrets.mask("dba:secret@db1"));
        assertEquals("", ConnectionStringSecrets.mask(""));
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> ConnectionStringSecrets.withoutSecrets("http://dba:secret@db1"));
        assertFalse(e.getMessage().contains("secret"), e.getMessage());
    }

    @Test
    void redactRemovesThePasswordAsWrittenAndDecodedFromAnyText() {
        String uri = "mongodb://dba:p%40ss@db1/";
        String message = "failed for mongodb://dba:p%40ss@db1/ with password p@ss (p%40ss)";
        String redacted = ConnectionStringSecrets.redact(message, uri);
        assertFalse(redacted.contains("p@ss"), redacted);
        assertFalse(redacted.contains("p%40ss"), redacted);
        assertTrue(redacted.contains("mongodb://dba:****@db1/"), redacted);
    }

    @Test
    void noRandomPasswordSurvivesMaskingOrRemembering() {
        SplittableRandom random = new SplittableRandom(20240301);
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789%!*()-_.~";
        for (int i = 0; i < 500; i++) {
            StringBuilder pw = new StringBuilder("Q");
            for (int k = random.nextInt(4, 24); k > 0; k--) {
                pw.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String password = pw.toString();
            String uri = (random.nextBoolean() ? "mongodb://" : "mongodb+srv://") + "user" + i + ":" + password + "@h"
                    + i + ".example.net:27017/admin?appName=ShardLab&retryWrites=false";
            assertFalse(ConnectionStringSecrets.mask(uri).contains(password), uri);
            assertFalse(ConnectionStringSecrets.withoutSecrets(uri).contains(password), uri);
            assertFalse(
                    ConnectionStringSecrets.redact("x " + password + " y", uri).contains(password), uri);
        }
    }

    @Test
    void recentConnectionsRememberNoSecretsAndKeepTheNewestTen(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("prefs/recent-connections.txt");
        RecentConnections recent = new RecentConnections(file);
        assertEquals(List.of(), recent.list());
        for (int i = 0; i < 12; i++) {
            recent.remember("mongodb://dba:topsecret" + i + "@db" + i + ":27017/");
        }
        recent.remember("mongodb://dba:again@db11:27017/");
        List<String> list = recent.list();
        assertEquals(RecentConnections.LIMIT, list.size());
        assertEquals("mongodb://dba@db11:27017/", list.get(0));
        assertEquals("mongodb://dba@db10:27017/", list.get(1));
        assertFalse(Files.readString(file).contains("topsecret"));
        assertFalse(Files.readString(file).contains("again"));
        recent.forget("mongodb://dba:whatever@db11:27017/");
        assertEquals("mongodb://dba@db10:27017/", recent.list().get(0));
    }

    @Test
    void aRequestNeverShowsItsPassword() {
        LiveConnectionRequest request = LiveConnectionRequest.of("mongodb://dba:hunter2@db1:27017/");
        assertFalse(request.toString().contains("hunter2"));
        assertEquals("mongodb://dba:****@db1:27017/", request.masked());
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> LiveConnectionRequest.of("db1:27017 hunter2"));
        assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    }
}
