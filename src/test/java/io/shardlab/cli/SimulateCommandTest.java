package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.AppInfo;
import io.shardlab.bson.BsonLiterals;
import io.shardlab.cluster.SnapshotFile;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SimulateCommandTest {

    @TempDir
    Path dir;

    /** Exit code, stdout and stderr of one run. */
    record Run(int exit, String out, String err) {
        BsonDocument json() {
            return BsonLiterals.parseDocument(out);
        }
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Cli.create(new AppInfo("ShardLab", "test"), new PrintWriter(out), new PrintWriter(err))
                .execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private static long sum(BsonArray array, String field) {
        long total = 0;
        for (BsonValue v : array) {
            total += v.asDocument().get(field).asNumber().longValue();
        }
        return total;
    }

    @Test
    void jsonReportsTheLayoutTheDataAndWhereTheWritesWent() {
        Run r = run(
                "simulate",
                "--workload",
                "monotonic",
                "--key",
                "{counter: 1}",
                "--shards",
                "4",
                "--docs",
                "20000",
                "--chunk-size",
                "1",
                "--doc-size",
                "200",
                "--mongodb-version",
                "5.0",
                "--json");

        assertEquals(0, r.exit(), r.err());
        BsonDocument d = r.json();
        assertEquals(
                List.of(
                        "key",
                        "mongodbVersion",
                        "shards",
                        "chunks",
                        "splits",
                        "migrations",
                        "merges",
                        "meanMaxWriteShare",
                        "events"),
                List.copyOf(d.keySet()));
        assertEquals(BsonLiterals.parseDocument("{counter: 1}"), d.getDocument("key"));
        assertEquals("5.0", d.getString("mongodbVersion").getValue());
        BsonArray shards = d.getArray("shards");
        assertEquals(
                List.of("name", "chunks", "docs", "bytes", "writes"),
                List.copyOf(shards.get(0).asDocument().keySet()));
        assertEquals(4, shards.size());
        assertEquals(20_000, sum(shards, "docs"));
        assertEquals(20_000, sum(shards, "writes"));
        assertEquals(20_000L * 200, sum(shards, "bytes"));
        BsonArray chunks = d.getArray("chunks");
        assertEquals(
                List.of("min", "max", "shard", "docs", "bytes", "jumbo"),
                List.copyOf(chunks.get(0).asDocument().keySet()));
        assertEquals(sum(shards, "chunks"), chunks.size());
        assertEquals(20_000, sum(chunks, "docs"));
        assertTrue(d.getNumber("meanMaxWriteShare").doubleValue() >= 0.95, "a counter key piles writes on one shard");
        assertTrue(d.getNumber("splits").longValue() > 0);
        assertTrue(d.getNumber("events").longValue() > 0);
    }

    @Test
    void chunksAreInKeyOrderWithCanonicalExtendedJsonBounds() {
        Run r = run(
                "simulate",
                "--workload",
                "timestamp",
                "--key",
                "{ts: 1}",
                "--shards",
                "2",
                "--docs",
                "20000",
                "--chunk-size",
                "1",
                "--doc-size",
                "300",
                "--mongodb-version",
                "4.4",
                "--json");

        assertEquals(0, r.exit(), r.err());
        assertTrue(
                r.out()
                        .contains(
                                "{\"min\": {\"ts\": {\"$minKey\": 1}}, \"max\": {\"ts\": {\"$date\": {\"$numberLong\": "),
                r.out());
        BsonArray chunks = r.json().getArray("chunks");
        ShardKeyPattern key = ShardKeyPattern.parse("{ts: 1}");
        List<ShardKey> bounds = new ArrayList<>();
        for (BsonValue c : chunks) {
            bounds.add(ShardKey.of(c.asDocument().getDocument("min").get("ts")));
        }
        for (int i = 1; i < chunks.size(); i++) {
            assertEquals(
                    chunks.get(i - 1).asDocument().getDocument("max"),
                    chunks.get(i).asDocument().getDocument("min"));
            assertTrue(bounds.get(i - 1).compareTo(bounds.get(i)) < 0);
        }
        assertEquals(
                BsonLiterals.parseDocument("{ts: MaxKey}"),
                chunks.get(chunks.size() - 1).asDocument().getDocument("max"));
        assertEquals(1, key.arity());
    }

    @Test
    void aHashedKeySpreadsTheSameWritesEvenly() {
        Run r = run(
                "simulate",
                "--workload",
                "monotonic",
                "--key",
                "{counter: 'hashed'}",
                "--shards",
                "4",
                "--docs",
                "20000",
                "--json");

        assertEquals(0, r.exit(), r.err());
        assertTrue(r.json().getNumber("meanMaxWriteShare").doubleValue() <= 0.35, r.out());
    }

    @Test
    void balancerDecisionExplainsTheNextRoundInTheReleasesNumbers() {
        // when
        Run r = run(
                "simulate",
                "--workload",
                "categorical-continents",
                "--key",
                "{continent: 1}",
                "--shards",
                "3",
                "--docs",
                "30000",
                "--chunk-size",
                "1",
                "--doc-size",
                "300",
                "--mongodb-version",
                "8.0",
                "--balancer-decision");

        // then the data-size rule of 6.0.3+: 3 × the 1 MiB chunk size
        assertEquals(0, r.exit(), r.err());
        String text = r.out();
        assertTrue(text.contains("\nBalancer decision (MongoDB 8.0 rules):\n"), text);
        assertTrue(text.contains("  outside every zone: shard01 "), text);
        assertTrue(text.contains(" per shard; threshold 3MiB (3 × the chunk size, donor minus receiver)\n"), text);
        assertTrue(text.contains("  next round:"), text);
    }

    @Test
    void theTextReportReadsLikeShStatusAndGetShardDistribution() {
        Run r = run(
                "simulate",
                "--workload",
                "categorical-continents",
                "--key",
                "{continent: 1}",
                "--shards",
                "3",
                "--docs",
                "30000",
                "--chunk-size",
                "1",
                "--doc-size",
                "300",
                "--mongodb-version",
                "5.0");

        assertEquals(0, r.exit(), r.err());
        String text = r.out();
        assertTrue(text.startsWith("--- Sharding Status --- (simulated MongoDB 5.0)\n"), text);
        assertTrue(text.contains("                test.categorical-continents\n"), text);
        assertTrue(text.contains("                        shard key: { continent: 1 }\n"), text);
        assertTrue(text.contains("                        { continent: MinKey() } -->> "), text);
        assertTrue(text.contains("\nShard shard01 at shard01/"), text);
        assertTrue(text.contains(" estimated docs per chunk : "), text);
        assertTrue(text.contains("\nTotals\n data : "), text);
        assertTrue(text.contains("% docs in cluster, avg obj size on shard : 300B"), text);
        assertTrue(text.contains(" meanMaxWriteShare : "), text);
    }

    @Test
    void snapshotOutWritesTheFinalLayoutForExplain() {
        Path file = dir.resolve("layout.json");
        Run r = run(
                "simulate",
                "--workload",
                "uniform",
                "--key",
                "{userId: 1}",
                "--shards",
                "3",
                "--docs",
                "20000",
                "--chunk-size",
                "1",
                "--doc-size",
                "300",
                "--mongodb-version",
                "5.0",
                "--snapshot-out",
                file.toString(),
                "--json");

        assertEquals(0, r.exit(), r.err());
        SnapshotFile.Contents snapshot = SnapshotFile.read(file);
        BsonArray chunks = r.json().getArray("chunks");
        assertEquals(chunks.size(), snapshot.cluster().chunks().size());
        assertEquals("test.uniform", snapshot.cluster().namespace());
        assertEquals("simulated MongoDB 5.0", snapshot.source());
        for (int i = 0; i < chunks.size(); i++) {
            BsonDocument c = chunks.get(i).asDocument();
            assertEquals(
                    c.getString("shard").getValue(),
                    snapshot.cluster().chunks().get(i).shard());
            assertEquals(
                    c.getNumber("docs").longValue(),
                    snapshot.chunkStatistics().get(i).documents());
        }
    }

    @Test
    void queriesRouteTheWorkloadsQueryMixOnTheFinalLayout() {
        Run r = run(
                "simulate",
                "--workload",
                "inbox",
                "--key",
                "{owner: 1, sequence: 1}",
                "--shards",
                "4",
                "--docs",
                "20000",
                "--queries",
                "500",
                "--json");

        assertEquals(0, r.exit(), r.err());
        BsonDocument reads = r.json().getDocument("reads");
        assertEquals(500, reads.getNumber("sampleSize").intValue());
        assertEquals(
                "read an inbox",
                reads.getArray("queries").get(0).asDocument().getString("name").getValue());
    }

    @Test
    void replaysACsvDatasetInFileOrder() throws IOException {
        Path file = dir.resolve("zips.csv");
        StringBuilder csv = new StringBuilder("zip.string(),state.string()\n");
        for (int i = 0; i < 5_000; i++) {
            csv.append(String.format("%05d,%s%n", i, i < 2_500 ? "MA" : "NY"));
        }
        Files.writeString(file, csv);

        Run r = run("simulate", "--dataset", file.toString(), "--key", "{zip: 1}", "--shards", "2", "--json");

        assertEquals(0, r.exit(), r.err());
        assertEquals(5_000, sum(r.json().getArray("shards"), "docs"));
    }

    @Test
    void theShippedZipCodesReplayAsAWorkload() {
        Run r = run("simulate", "--workload", "zipcodes", "--key", "{state: 1}", "--shards", "2", "--json");

        assertEquals(0, r.exit(), r.err());
        assertEquals(42_555, sum(r.json().getArray("shards"), "docs"));
    }

    @Test
    void helpListsEveryWorkload() {
        Run r = run("simulate", "--help");

        assertEquals(0, r.exit());
        for (String name : List.of(
                "monotonic",
                "timestamp",
                "objectid",
                "uniform",
                "zipf",
                "hotspot",
                "categorical-states",
                "categorical-continents",
                "age",
                "compound-month-user",
                "inbox",
                "identities",
                "presplit-minutes",
                "zipcodes",
                "coarse-prefix-3",
                "coarse-prefix-12",
                "coarse-prefix-1000",
                "uk-addresses",
                "us-addresses")) {
            assertTrue(r.out().contains("\n  " + name + " "), name);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            --workload nope --key {a:1} --shards 2                    | simulate: unknown workload 'nope'; known workloads: monotonic,
            --workload age --key {age:1} --shards 2 --mongodb-version 3.6 | simulate: --mongodb-version: version: MongoDB 3.6 is older than 4.0
            --workload age --key {age:1} --shards 0                   | simulate: --shards: between 1 and 1000 shards, got 0
            --workload age --key {age:1} --shards 2 --chunk-size 2048 | simulate: --chunk-size: between 1 and 1024 MB, got 2048
            --workload age --key {age:1} --shards 2 --doc-size 4      | simulate: --doc-size: between 5 and 16777216 bytes
            --workload age --key {age:1} --shards 2 --docs 0          | simulate: --docs: at least 1 document, got 0
            --workload age --key {age:1} --shards 2 --window 0        | simulate: --window: between 1 and 100000000 inserts per window, got 0
            --workload age --key {age:2} --shards 2                   | simulate: Shard key { age: 2 }
            --workload age --key {age:1 --shards 2                    | simulate: '{age:1' is not valid
            --workload age --key {nope:1} --shards 2 --docs 10        | simulate: workload 'age' line 1: the document has no field 'nope' of the shard key { nope: 1 } (its fields: _id, name, age, role)
            --workload presplit-minutes --key {_id:'hashed'} --shards 2 | simulate: the workload pre-splits the shard key { _id: 1 }, but the collection is sharded on { _id: 'hashed' }
            --key {a:1} --shards 2                                    | simulate: input: give --workload NAME or --dataset FILE, or start from a layout with --uri, --snapshot or --config-dump
            --workload age --shards 2                                 | simulate: --key: give the shard key of the new collection, or start from a layout with --uri, --snapshot or --config-dump
            --workload age --key {age:1}                              | simulate: --shards: give the number of shards of the new cluster, or start from a layout with --uri, --snapshot or --config-dump
            --workload age --key {age:1} --shards 2 --balancer-rounds 0 | simulate: --balancer-rounds: between 1 and 100000 rounds, got 0
            --workload age --key {age:1} --shards 2 --balancer-decision --json | simulate: --balancer-decision: explains in text; leave out --json
            --workload age --dataset x.csv --key {a:1} --shards 2     | simulate: Error: --dataset=FILE, --workload=NAME are mutually exclusive
            --dataset missing.csv --key {a:1} --shards 2              | simulate: missing.csv: no such file
            """)
    void badInputGetsOneClearLine(String args, String message) {
        Run r = run(("simulate " + args).split(" "));

        assertEquals(Cli.BAD_INPUT, r.exit(), r.out() + r.err());
        assertTrue(r.err().startsWith(message), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void aDatasetLineThatIsNotADocumentNamesFileAndLine() throws IOException {
        Path file = dir.resolve("bad.jsonl");
        Files.writeString(file, "{\"a\": 1}\n{\"a\": 2}\nnot json\n");

        Run r = run("simulate", "--dataset", file.toString(), "--key", "{a: 1}", "--shards", "2");

        assertEquals(Cli.BAD_INPUT, r.exit());
        assertTrue(r.err().startsWith("simulate: " + file + " line 3: not a document"), r.err());
    }

    @Test
    void aDatasetDocumentWithoutTheKeyOrWithAnArrayInItIsRefused() throws IOException {
        Path missing = dir.resolve("missing.jsonl");
        Files.writeString(missing, "{\"a\": 1}\n{\"b\": 2}\n");
        Path array = dir.resolve("array.jsonl");
        Files.writeString(array, "{\"a\": 1}\n{\"a\": 2}\n{\"a\": [3, 4]}\n");

        Run m = run("simulate", "--dataset", missing.toString(), "--key", "{a: 1}", "--shards", "2");
        Run a = run("simulate", "--dataset", array.toString(), "--key", "{a: 'hashed'}", "--shards", "2");

        assertEquals(Cli.BAD_INPUT, m.exit());
        assertTrue(
                m.err()
                        .startsWith("simulate: " + missing + " line 2: the document has no field 'a' of the shard key "
                                + "{ a: 1 }"),
                m.err());
        assertEquals(Cli.BAD_INPUT, a.exit());
        assertEquals(
                "simulate: " + array + " line 3: Shard key cannot contain array values or array descendants. "
                        + "Found array at path: a",
                a.err().strip());
        assertFalse(a.out().contains("Sharding Status"), "no report after a refused document");
    }
}
