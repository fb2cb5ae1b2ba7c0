package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every file a command writes ({@code export --out}, {@code simulate --snapshot-out}, {@code snapshot --out}) is
 * checked before the command works and written atomically: a target that cannot be written gets one line naming
 * it and why, never a temporary file's path, and an existing file stays as it was.
 */
class OutputFilesTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            simulate --workload age --key {age:1} --shards 2 --snapshot-out DIR/missing/a.shardlab | simulate: --snapshot-out: DIR/missing/a.shardlab: cannot be written: the folder DIR/missing does not exist
            export --key {a:1} --ns shop.orders --out DIR/missing/a.png                           | export: --out: DIR/missing/a.png: cannot be written: the folder DIR/missing does not exist
            export --key {a:1} --ns shop.orders --out DIR/folder.png                              | export: --out: DIR/folder.png: cannot be written: it is a folder
            snapshot --snapshot DIR/none.json --out DIR/missing/b.json                             | snapshot: --out: DIR/missing/b.json: cannot be written: the folder DIR/missing does not exist
            """)
    void aTargetThatCannotBeWrittenIsNamedBeforeAnyWork(String args, String expected) throws IOException {
        Files.createDirectory(dir.resolve("folder.png"));

        CliRun run = CliRun.of(args.replace("DIR", dir.toString()).split(" "));

        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.err());
        assertEquals(expected.replace("DIR", dir.toString()), run.err().strip());
        assertEquals("", run.out());
        try (Stream<Path> written = Files.list(dir)) {
            assertEquals(1, written.count(), "nothing but the folder made here");
        }
    }

    @Test
    void aReadOnlyFolderIsNamedAndNothingIsLeftInIt() throws IOException {
        assumeFalse("root".equals(System.getProperty("user.name")), "root writes into read-only folders");
        Path folder = Files.createDirectory(dir.resolve("locked"));
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("r-xr-xr-x"));
        Path out = folder.resolve("a.png");

        CliRun run = CliRun.of("export", "--key", "{a: 1}", "--ns", "shop.orders", "--out", out.toString());

        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.err());
        assertEquals(
                "export: --out: cannot create " + out + ": the folder " + folder + " is read-only",
                run.err().strip());
    }

    @Test
    void anExportReplacesTheOldFileWholeAndLeavesNoTemporaryFile() throws IOException {
        Path out = dir.resolve("layout.svg");
        Files.writeString(out, "old");

        CliRun run = CliRun.of("export", "--key", "{a: 1}", "--ns", "shop.orders", "--out", out.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertEquals("<?xml", Files.readString(out).substring(0, 5));
        try (Stream<Path> written = Files.list(dir)) {
            assertEquals(1, written.count());
        }
    }
}
