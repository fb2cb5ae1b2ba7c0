package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoCredential;
import com.mongodb.MongoSecurityException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.mongos.UserAccounts;
import io.shardlab.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Users through the Java driver: SCRAM-SHA-256 and SCRAM-SHA-1 as the driver runs them, a wrong password refused
 * with AuthenticationFailed, commands before authentication refused with Unauthorized, each role's rules, and
 * connectionStatus / usersInfo / logout.
 */
class AuthenticationTest {

    private final List<AutoCloseable> open = new ArrayList<>();
    private MongosServer server;

    @BeforeEach
    void serve() {
        ShardedCatalog catalog =
                new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01", "shard02"));
        server = MongosServer.start(
                new MongosServer.Settings(
                        catalog,
                        "127.0.0.1",
                        0,
                        0,
                        64L << 20,
                        ConnectionLimits.DEFAULT,
                        UserAccounts.parse(List.of(
                                "teacher:t3acher",
                                "alice:wonderland:own,readAnyDatabase",
                                "viewer:v:readAnyDatabase",
                                "monitor:m:clusterMonitor"))),
                line -> {});
        open.add(server);
    }

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private MongoClient client(MongoCredential credential) {
        MongoClientSettings.Builder settings = MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(server.connectionString() + "?directConnection=true"))
                .applyToClusterSettings(c -> c.serverSelectionTimeout(5, TimeUnit.SECONDS));
        if (credential != null) {
            settings.credential(credential);
        }
        MongoClient client = MongoClients.create(settings.build());
        open.add(client);
        return client;
    }

    private MongoClient as(String user, String password) {
        return client(MongoCredential.createCredential(user, "admin", password.toCharArray()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(textBlock = """
            SCRAM-SHA-256
            SCRAM-SHA-1
            """)
    void the_driver_authenticates_with_either_mechanism(String mechanism) {
        char[] password = "t3acher".toCharArray();
        MongoCredential credential = mechanism.equals("SCRAM-SHA-1")
                ? MongoCredential.createScramSha1Credential("teacher", "admin", password)
                : MongoCredential.createScramSha256Credential("teacher", "admin", password);

        Document status = client(credential).getDatabase("admin").runCommand(new Document("connectionStatus", 1));

        Document authInfo = status.get("authInfo", Document.class);
        assertEquals(
                List.of(new Document("user", "teacher").append("db", "admin")),
                authInfo.getList("authenticatedUsers", Document.class));
        assertEquals(
                List.of(new Document("role", "root").append("db", "admin")),
                authInfo.getList("authenticatedUserRoles", Document.class));
    }

    @Test
    void a_wrong_password_is_authentication_failed() {
        MongoSecurityException e = assertThrows(
                MongoSecurityException.class,
                () -> as("teacher", "wrong").getDatabase("app").runCommand(new Document("ping", 1)));

        MongoCommandException cause = (MongoCommandException) e.getCause();
        assertEquals(18, cause.getErrorCode());
        assertEquals("Authentication failed.", cause.getErrorMessage());
    }

    @Test
    void an_unknown_user_reads_the_same_as_a_wrong_password() {
        MongoSecurityException e = assertThrows(
                MongoSecurityException.class,
                () -> as("mallory", "x").getDatabase("app").runCommand(new Document("ping", 1)));

        assertEquals(18, ((MongoCommandException) e.getCause()).getErrorCode());
    }

    @Test
    void without_credentials_only_the_handshake_answers() {
        MongoClient anonymous = client(null);

        Document ping = anonymous.getDatabase("admin").runCommand(new Document("ping", 1));
        MongoCommandException e = assertThrows(
                MongoCommandException.class,
                () -> anonymous.getDatabase("app").getCollection("c").countDocuments());

        assertEquals(1.0, ((Number) ping.get("ok")).doubleValue());
        assertEquals(13, e.getErrorCode());
        assertEquals("Unauthorized", e.getErrorCodeName());
        assertEquals("command aggregate requires authentication", e.getErrorMessage());
    }

    /** Role rules from mongo src/mongo/db/auth/builtin_roles.cpp (dbOwner, readAnyDatabase, clusterMonitor, root). */
    @ParameterizedTest(name = "{0} {2} on {1}: {3}")
    @CsvSource(delimiter = '|', textBlock = """
            alice   | alice  | {insert: 'c', documents: [{_id: 1}]}                  | allowed
            alice   | alice  | {dropDatabase: 1}                                     | allowed
            alice   | bob    | {insert: 'c', documents: [{_id: 1}]}                  | refused
            alice   | bob    | {dropDatabase: 1}                                     | refused
            alice   | bob    | {find: 'c', filter: {}}                               | allowed
            alice   | admin  | {enableSharding: 'alice'}                             | refused
            viewer  | bob    | {find: 'c', filter: {}}                               | allowed
            viewer  | bob    | {insert: 'c', documents: [{_id: 1}]}                  | refused
            viewer  | config | {find: 'chunks', filter: {}}                          | refused
            viewer  | admin  | {serverStatus: 1}                                     | refused
            monitor | config | {find: 'chunks', filter: {}}                          | allowed
            monitor | admin  | {serverStatus: 1}                                     | allowed
            monitor | bob    | {find: 'c', filter: {}}                               | refused
            teacher | admin  | {shardCollection: 'bob.c', key: {_id: 1}}             | allowed
            teacher | bob    | {dropDatabase: 1}                                     | allowed
            """)
    void each_role_allows_what_mongodb_s_built_in_role_allows(String user, String db, String command, String outcome) {
        String password = switch (user) {
            case "teacher" -> "t3acher";
            case "alice" -> "wonderland";
            case "viewer" -> "v";
            default -> "m";
        };
        MongoClient client = as(user, password);
        Document parsed = Document.parse(command);

        if (outcome.equals("allowed")) {
            client.getDatabase(db).runCommand(parsed);
        } else {
            MongoCommandException e = assertThrows(
                    MongoCommandException.class, () -> client.getDatabase(db).runCommand(parsed));
            assertEquals(13, e.getErrorCode());
            assertTrue(
                    e.getErrorMessage()
                            .startsWith("not authorized on " + db + " to execute command { "
                                    + parsed.keySet().iterator().next() + ": "),
                    e.getErrorMessage());
        }
    }

    @Test
    void users_info_lists_every_user_to_root_and_only_itself_to_others() {
        Document all = as("teacher", "t3acher").getDatabase("admin").runCommand(new Document("usersInfo", 1));
        Document own = as("viewer", "v").getDatabase("admin").runCommand(new Document("usersInfo", 1));

        assertEquals(
                List.of("teacher", "alice", "viewer", "monitor"),
                all.getList("users", Document.class).stream()
                        .map(u -> u.getString("user"))
                        .toList());
        Document viewer = own.getList("users", Document.class).get(0);
        assertEquals(1, own.getList("users", Document.class).size());
        assertEquals("admin.viewer", viewer.getString("_id"));
        assertEquals(List.of("SCRAM-SHA-1", "SCRAM-SHA-256"), viewer.getList("mechanisms", String.class));
        assertEquals(
                List.of(new Document("role", "readAnyDatabase").append("db", "admin")),
                viewer.getList("roles", Document.class));
    }

    @Test
    void hello_names_the_mechanisms_of_a_known_user() {
        Document hello = client(null)
                .getDatabase("admin")
                .runCommand(new Document("hello", 1).append("saslSupportedMechs", "admin.alice"));

        assertEquals(List.of("SCRAM-SHA-1", "SCRAM-SHA-256"), hello.getList("saslSupportedMechs", String.class));
    }

    @Test
    void the_process_own_commands_need_no_password() {
        Document reply = Document.parse(server.commands()
                .run("app", BsonDocument.parse("{insert: 'c', documents: [{_id: 1}]}"))
                .toJson());

        assertEquals(1, reply.getInteger("n"));
    }
}
