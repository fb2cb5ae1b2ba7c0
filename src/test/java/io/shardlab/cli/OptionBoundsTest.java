package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every numeric option is bounded the same way in every command, and checked before any work starts: a
 * value out of range gets exit 2 and one line naming the option, the value and the range, and no file is
 * written.
 */
class OptionBoundsTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            explain --key {a:1} --filter {a:1} --shards 1001                 | explain: --shards: between 1 and 1000 shards, got 1001
            explain --key {a:1} --filter {a:1} --shards 2147483647           | explain: --shards: between 1 and 1000 shards, got 2147483647
            explain --key {a:1} --filter {a:1} --shards 0                    | explain: --shards: between 1 and 1000 shards, got 0
            simulate --workload age --key {age:1} --shards 1001              | simulate: --shards: between 1 and 1000 shards, got 1001
            export --key {a:1} --shards 1001 --out DIR/x.png                 | export: --shards: between 1 and 1000 shards, got 1001
            export --key {a:1} --shards 1001 --workload age --out DIR/x.png  | export: --shards: between 1 and 1000 shards, got 1001
            analyze --dataset zipcodes --key {zip:1} --shards 1001           | analyze: --shards: between 1 and 1000 shards, got 1001
            simulate --workload age --key {age:1} --shards 2 --chunk-size 0  | simulate: --chunk-size: between 1 and 1024 MB, got 0
            analyze --dataset zipcodes --key {zip:1} --chunk-size 1025       | analyze: --chunk-size: between 1 and 1024 MB, got 1025
            simulate --workload age --key {age:1} --shards 2 --rate 0        | simulate: --rate: between 0.001 and 1000000000 inserts per second, got 0
            simulate --workload age --key {age:1} --shards 2 --rate NaN      | simulate: --rate: between 0.001 and 1000000000 inserts per second, got NaN
            simulate --workload age --key {age:1} --shards 2 --queries -1    | simulate: --queries: between 0 and 10000000 queries, got -1
            analyze --dataset zipcodes --key {zip:1} --docs 0                | analyze: --docs: between 1 and 2147483639 documents, got 0
            export --key {a:1} --out DIR/x.png --scale 0                     | export: --scale: between 0.25 and 8, got 0
            export --key {a:1} --out DIR/x.png --scale 8.5                   | export: --scale: between 0.25 and 8, got 8.5
            export --key {a:1} --out DIR/x.png --width 20001                 | export: --width: between 200 and 20000 px, got 20001
            export --key {a:1} --out DIR/x.png --height 99                   | export: --height: between 100 and 20000 px, got 99
            export --key {a:1} --out DIR/x.png --chunk-width bogus           | export: --chunk-width: expected equal, size or key, got 'bogus'
            export --key {a:1} --out DIR/x.png --view bogus                  | export: --view: expected numberline, lanes, heatmap or all, got 'bogus'
            inspect --snapshot DIR/none.json --changes -1                    | inspect: --changes: between 0 and 1000000 changes, got -1
            inspect --uri mongodb://127.0.0.1:9 --timeout 0                  | inspect: --timeout: between 1 and 3600 seconds, got 0
            inspect --uri mongodb://127.0.0.1:9 --timeout 3601               | inspect: --timeout: between 1 and 3600 seconds, got 3601
            """)
    void aValueOutOfRangeIsRefusedInOneLineNamingTheOption(String args, String expected) throws IOException {
        CliRun run = CliRun.of(args.replace("DIR", dir.toString()).split(" "));

        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.err());
        assertEquals(expected, run.err().strip());
        assertEquals("", run.out());
        try (Stream<Path> written = Files.list(dir)) {
            assertEquals(0, written.count(), "nothing is written");
        }
    }

    @Test
    void aPictureBeyondThePixelBudgetIsRefusedBeforeTheSimulationRuns() throws IOException {
        CliRun run = CliRun.of(
                "export",
                "--key",
                "{counter: 1}",
                "--shards",
                "4",
                "--workload",
                "monotonic",
                "--docs",
                "5000000",
                "--width",
                "20000",
                "--height",
                "20000",
                "--scale",
                "8",
                "--out",
                dir.resolve("huge.png").toString());

        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.err());
        assertEquals(
                "export: size: 160,000 × 160,000 px at scale 8 is 25,600,000,000 pixels, more than a picture "
                        + "may have (100,000,000); lower the width, height or scale, or export SVG or PDF",
                run.err().strip());
        try (Stream<Path> written = Files.list(dir)) {
            assertEquals(0, written.count(), "nothing is written");
        }
    }

    @Test
    void thePixelBudgetHoldsForAnAutomaticHeightTooAndLeavesAnOldFileAlone() throws IOException {
        Path out = dir.resolve("wide.png");
        Files.writeString(out, "old");

        CliRun run = CliRun.of(
                "export",
                "--key",
                "{a: 1}",
                "--ns",
                "shop.orders",
                "--shards",
                "4",
                "--width",
                "20000",
                "--scale",
                "8",
                "--out",
                out.toString());

        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        org.junit.jupiter.api.Assertions.assertTrue(run.err().startsWith("export: size: 160,000 × "), run.err());
        assertEquals("old", Files.readString(out));
        try (Stream<Path> written = Files.list(dir)) {
            assertEquals(1, written.count(), "no temporary file is left");
        }
    }

    @Test
    void moreDocumentsThanTheHeapHoldsAreRefusedAtOnce() {
        CliRun run = CliRun.of(
                "simulate",
                "--workload",
                "monotonic",
                "--key",
                "{counter: 1}",
                "--shards",
                "2",
                "--docs",
                "99999999999");

        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.err());
        org.junit.jupiter.api.Assertions.assertTrue(
                run.err()
                        .startsWith(
                                "simulate: --docs: 99,999,999,999 documents do not fit in memory: a simulated run keeps about 64 bytes "
                                        + "per document"),
                run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
    }

    @ParameterizedTest(name = "{0} documents on a {1} MB heap")
    @CsvSource(delimiter = '|', textBlock = """
            10000000 | 1024
            1        | 1
            """)
    void aRunThatFitsTheHeapIsAccepted(long docs, long heapMb) {
        assertEquals(docs, OptionBounds.simulatedDocs(docs, heapMb << 20));
    }

    @Test
    void theDocumentBudgetIsTheHeapOverTheBytesPerDocument() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> OptionBounds.simulatedDocs(16_777_217, 1024L << 20));
        assertEquals(
                "--docs: 16,777,217 documents do not fit in memory: a simulated run keeps about 64 bytes per "
                        + "document and this Java heap holds 1,024 MB (-Xmx), so at most 16,777,216 documents; give fewer, or "
                        + "start Java with a larger -Xmx",
                e.getMessage());
    }
}
