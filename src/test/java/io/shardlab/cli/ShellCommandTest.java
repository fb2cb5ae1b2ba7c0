package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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

        assertEquals("{ acknowledged: true, insertedId: 1 }\n2\n", run.out(), "laid out as piped mongosh lays out a value");
        assertEquals("", run.err());
        assertEquals(0, run.exitCode());
    }

    @Test
    void the_release_is_the_one_chosen() {
        CliRun run = CliRun.of("shell", "--mongodb-version", "6.0", "--eval", "db.adminCommand({buildInfo: 1}).version");

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
            --eval;db.runCommand({split: 'x.y', middle: {a: 1}})     | MongoServerError[Unauthorized]: split may only be run against the admin database.
            --eval;x +                                               | SyntaxError: Unexpected end of file (line 1)
            --timeout;-1;--eval;1                                    | shell: --timeout: expected seconds, at least 0, got -1.0
            no-such-script.js                                        | shell: no-such-script.js: no such file
            --shards;0;--eval;1                                      | shell: --shards: between 1 and 1000 shards, got 0
            """)
    void a_failing_script_or_bad_input_is_one_line_and_exit_2(String args, String line) {
        CliRun run = CliRun.of(("shell;" + args).split(";"));

        assertEquals(2, run.exitCode());
        assertEquals(line, run.err().strip());
        assertFalse(run.err().strip().contains("\n"));
    }
}
