package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code shardlab shell}: prints what {@code mongosh --eval} / {@code --file} print; exit 2 with one line. */
class ShellCommandTest {

    @Test
    void eval_prints_its_last_value_and_files_print_only_what_they_print(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("count.js");
        Files.writeString(file, "db.c.insertOne({_id: 2});\nprint(db.c.countDocuments({}));\n");

        CliRun run = CliRun.of("shell", "--shards", "3", "--eval", "db.c.insertOne({_id: 1})", file.toString());

        assertEquals(
                "{ acknowledged: true, insertedId: 1 }\n2\n", run.out(), "laid out as piped mongosh lays out a value");
        assertEquals("", run.err());
        assertEquals(0, run.exitCode());
    }

    @Test
    void the_release_is_the_one_chosen() {
        CliRun run =
                CliRun.of("shell", "--mongodb-version", "6.0", "--eval", "db.adminCommand({buildInfo: 1}).version");

        assertEquals(0, run.exitCode(), run.err());
        assertEquals("6.0", run.out().strip().substring(0, 3));
    }

    @Test
    void an_endless_loop_is_stopped_by_the_timeout_with_exit_2() {
        CliRun run = CliRun.of("shell", "--timeout", "0.5", "--eval", "while (true) {}");

        assertEquals(2, run.exitCode());
        assertEquals("Error: the script ran longer than its time budget of 0.5 s and was stopped\n", run.err());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            --eval;db.runCommand({split: 'x.y', middle: {a: 1}})     | MongoServerError: split may only be run against the admin database.
            --eval;x +                                               | SyntaxError: Unexpected token (1:3)
            --timeout;-1;--eval;1                                    | shell: --timeout: expected seconds, at least 0, got -1.0
            no-such-script.js                                        | shell: no-such-script.js: no such file
            --shards;0;--eval;1                                      | shell: --shards: between 1 and 1000 shards, got 0
            --uri;mongodb://127.0.0.1:1/;--connect-timeout;0;--eval;1 | shell: --connect-timeout: between 1 and 3600 seconds, got 0
            --shards;3;--snapshot;no-such.json;--eval;1              | shell: --shards: sizes a new cluster; the layout from no-such.json has its own shards
            --snapshot;no-such.json;--eval;1                         | shell: no-such.json: no such file
            """)
    void a_failing_script_or_bad_input_is_one_line_and_exit_2(String args, String line) {
        CliRun run = CliRun.of(("shell;" + args).split(";"));

        assertEquals(2, run.exitCode());
        assertEquals(line, run.err().strip().lines().findFirst().orElse(""));
        if (!line.startsWith("SyntaxError")) { // mongosh prints Babel's code frame under a SyntaxError's line
            assertFalse(run.err().strip().contains("\n"));
        }
    }

    @Test
    void a_snapshot_is_forked_read_only_and_the_scripts_see_its_collection(@TempDir Path dir) throws IOException {
        Path snapshot = dir.resolve("layout.json");
        CliRun simulated = CliRun.of(
                "simulate",
                "--shards",
                "3",
                "--key",
                "{ counter: 1 }",
                "--workload",
                "monotonic",
                "--docs",
                "2000",
                "--snapshot-out",
                snapshot.toString());
        assertEquals(0, simulated.exitCode(), simulated.err());
        byte[] before = Files.readAllBytes(snapshot);

        CliRun run = CliRun.of(
                "shell",
                "--snapshot",
                snapshot.toString(),
                "--eval",
                "db.getSiblingDB('config').collections.findOne({}, {_id: 1})._id + ' on ' "
                        + "+ db.adminCommand({listShards: 1}).shards.length + ' shards'");

        assertEquals(0, run.exitCode(), run.err());
        assertEquals("test.monotonic on 3 shards\n", run.out());
        assertTrue(run.err().startsWith("shell: test.monotonic from " + snapshot + ": "), run.err());
        assertTrue(run.err().contains("forked (the source is only read)"), run.err());
        org.junit.jupiter.api.Assertions.assertArrayEquals(
                before, Files.readAllBytes(snapshot), "the source is only read");
    }

    @Test
    void the_forked_line_is_said_in_the_language_of_lang(@TempDir Path dir) {
        // given a saved layout of test.monotonic on 3 shards
        Path snapshot = dir.resolve("layout.json");
        CliRun simulated = CliRun.of(
                "simulate",
                "--shards",
                "3",
                "--key",
                "{ counter: 1 }",
                "--workload",
                "monotonic",
                "--docs",
                "2000",
                "--snapshot-out",
                snapshot.toString());
        assertEquals(0, simulated.exitCode(), simulated.err());

        // when the shell forks it in Chinese
        CliRun run = CliRun.of("--lang", "zh-CN", "shell", "--snapshot", snapshot.toString(), "--eval", "1");

        // then the line saying what was forked is Chinese, the data's own words as they are
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.err().startsWith("shell：test.monotonic（来自 " + snapshot + "）："), run.err());
        assertTrue(run.err().contains("个分片上，已复制（数据源只读不写）；按 MongoDB "), run.err());
    }

    @Test
    void the_timeout_bounds_the_script_while_connect_timeout_is_the_layout_sources() {
        CliRun run = CliRun.of(
                "shell", "--uri", "mongodb://127.0.0.1:1/", "--connect-timeout", "1", "--timeout", "5", "--eval", "1");

        assertEquals(2, run.exitCode());
        assertTrue(run.err().startsWith("shell: no server answered at mongodb://127.0.0.1:1/"), run.err());
    }
}
