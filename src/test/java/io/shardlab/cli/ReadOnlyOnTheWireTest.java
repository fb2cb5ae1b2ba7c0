package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.shardlab.live.ConfigFixture;
import io.shardlab.live.FakeCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every command that talks to a live cluster sends only reads, as the server sees them: the names of the
 * commands a wire-protocol server (mongo-java-server on 127.0.0.1) answered while the command ran, compared
 * with the reads ShardLab may send. (Pipelines are checked for {@code $out}/{@code $merge} with a driver
 * command listener in the live package's tests; the watch is checked there too, in LiveWatchOnTheWireTest.)
 */
class ReadOnlyOnTheWireTest {

    /** The commands a read-only client sends: reads, the handshake, authentication and cursor clean-up. */
    static final Set<String> READS = Set.of(
            "find",
            "aggregate",
            "getMore",
            "killCursors",
            "count",
            "listCollections",
            "listIndexes",
            "listDatabases",
            "balancerStatus",
            "buildInfo",
            "ping",
            "hello",
            "isMaster",
            "ismaster",
            "saslStart",
            "saslContinue",
            "endSessions");

    static FakeCluster cluster;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        cluster = FakeCluster.of(ConfigFixture.Shape.V8_0);
        List<BsonDocument> users = new ArrayList<>();
        for (int i = 1; i <= 31; i++) {
            users.add(new BsonDocument("_id", new BsonInt64(i)).append("user_id", new BsonInt64(i * 37L % 101)));
        }
        try (MongoClient client = MongoClients.create(cluster.connectionString())) {
            client.getDatabase("test")
                    .getCollection("users", BsonDocument.class)
                    .insertMany(users);
        }
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @BeforeEach
    void forgetTheSeeding() {
        cluster.served().clear();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            inspect  | --ns test.users
            inspect  | --json
            snapshot | --ns test.users --out DIR/users.shardlab
            explain  | --ns test.users --filter {user_id:{$gt:10}}
            simulate | --ns test.users --balancer-rounds 3
            export   | --ns test.users --out DIR/users.svg
            analyze  | --ns test.users --key {user_id:1} --key {_id:"hashed"} --sample-size 20
            """)
    void aCommandOnALiveClusterSendsOnlyReads(String command, String args) {
        List<String> argv = new ArrayList<>(List.of(command, "--uri", cluster.connectionString()));
        for (String a : args.split(" ")) {
            argv.add(a.replace("DIR", dir.toString()));
        }

        CliRun run = CliRun.of(argv.toArray(String[]::new));

        assertEquals(0, run.exitCode(), run.err());
        Set<String> sent = new TreeSet<>(cluster.served());
        assertFalse(sent.isEmpty(), "the server saw the command's reads");
        Set<String> writes = new TreeSet<>(sent);
        writes.removeAll(READS);
        assertEquals(Set.of(), writes, "commands that are not reads, among " + sent);
    }
}
