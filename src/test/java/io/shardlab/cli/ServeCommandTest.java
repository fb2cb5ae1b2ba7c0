package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.sim.SimulationConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code serve}'s refusals: one line on stderr naming the option, exit code 2, before anything listens. */
class ServeCommandTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            --port 70000                 | '--port: expected 0 to 65535, got 70000'
            --shards 0                   | '--shards: between 1 and 1000 shards, got 0'
            --speed -1                   | '--speed: expected a number of at least 0, got -1.0'
            --chunk-size 2048            | '--chunk-size: between 1 and 1024 MB, got 2048'
            --mongodb-version 3.6        | 'version: MongoDB 3.6 is older than 4.0, the oldest release ShardLab models'
            --mongodb-version 4.2.24     | 'version: ShardLab answers as a mongos of MongoDB 4.4 or later; a 4.2.24 mongos (wire version 8) is refused by current drivers and mongosh 2.x, which need wire version 9'
            --bind 192.0.2.1             | '--bind: 192.0.2.1 is not a loopback address; add --allow-remote to accept clients from other machines'
            --bind no.such.host.invalid  | '--bind: unknown address ''no.such.host.invalid'''
            --max-connections 0          | '--max-connections: at least 1, got 0'
            --max-connections-per-address 0 | '--max-connections-per-address: at least 1, got 0'
            --idle-timeout 0             | '--idle-timeout: 1 to 10080 minutes (a week), got 0'
            """)
    void bad_options_are_one_line_and_exit_2(String options, String message) {
        String[] args = ("serve " + options).split(" ");

        CliRun run = CliRun.of(args);

        assertEquals(2, run.exitCode());
        assertEquals("serve: " + message, run.err().strip());
        assertFalse(run.err().strip().contains("\n"));
        assertEquals("", run.out());
    }

    @Test
    void a_port_in_use_is_one_line_and_exit_2() {
        ShardedCatalog catalog = new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01"));
        try (MongosServer taken =
                MongosServer.start(new MongosServer.Settings(catalog, "127.0.0.1", 0, 0, 0, 10), line -> {})) {
            CliRun run = CliRun.of("serve", "--port", String.valueOf(taken.port()));

            assertEquals(2, run.exitCode());
            assertTrue(
                    run.err().startsWith("serve: --port: 127.0.0.1:" + taken.port() + " is already in use"), run.err());
        }
    }

    @Test
    void an_address_of_another_machine_is_blamed_on_the_bind_not_the_port() {
        CliRun run = CliRun.of("serve", "--port", "0", "--bind", "192.0.2.1", "--allow-remote");

        assertEquals(2, run.exitCode());
        assertTrue(
                run.err().startsWith("serve: --bind: 192.0.2.1 is not an address of this machine (its addresses: "),
                run.err());
        assertFalse(run.err().strip().contains("\n"), "one line: " + run.err());
        assertEquals("", run.out());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            not base64       | ZZZZnotbase64!!!  | certificate 1 is not base64 text: '!' at character 14 of its text
            not a DER X.509  | AAAA              | certificate 1 is not an X.509 certificate (its 3 bytes do not decode as one)
            """)
    void a_bad_certificate_in_the_tls_ca_file_is_one_line_naming_the_file_and_exit_2(
            String what, String base64, String problem, @TempDir Path dir) throws Exception {
        Path ca = dir.resolve("ca.pem");
        Files.writeString(ca, "-----BEGIN CERTIFICATE-----\n" + base64 + "\n-----END CERTIFICATE-----\n");

        CliRun run =
                CliRun.of("serve", "--uri", "mongodb://127.0.0.1:9", "--timeout", "1", "--tls-ca-file", ca.toString());

        assertEquals(2, run.exitCode());
        assertEquals("serve: tls-ca-file: " + ca + ": " + problem, run.err().strip());
        assertFalse(run.err().contains("Exception"), run.err());
    }

    @Test
    void shards_and_a_layout_source_exclude_each_other() {
        CliRun run = CliRun.of("serve", "--shards", "3", "--snapshot", "no-such-file.json");

        assertEquals(2, run.exitCode());
        assertTrue(run.err().startsWith("serve: --shards: sizes a new cluster"), run.err());
    }
}
