package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.ShardKeyPattern;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExplainCommandTest {

    @ParameterizedTest(name = "{0} {1} on {2} shards: {3} {4}")
    @CsvSource(delimiter = '|', textBlock = """
            # key                | filter                   | shards | reached                             | targeting
            {a: 'hashed'}        | {a: 1}                   | 4      | shard04                             | single-shard
            {a: 'hashed'}        | {a: {$in: [1, 2]}}       | 4      | shard03,shard04                     | multi-shard
            {a: 'hashed'}        | {a: {$gt: 1}}            | 4      | shard01,shard02,shard03,shard04     | scatter-gather
            {a: 'hashed', b: 1}  | {a: 1, b: 2}             | 2      | shard02                             | single-shard
            {a: 1}               | {a: {$gt: 1}}            | 3      | shard01                             | multi-shard
            {a: 1, b: 'hashed'}  | {b: 1}                   | 3      | shard01                             | scatter-gather
            """)
    void routesOverTheEmptyCollectionLayout(
            String key, String filter, String shards, String reached, String targeting) {
        CliRun run = CliRun.of("explain", "--key", key, "--filter", filter, "--shards", shards, "--json");
        assertEquals(0, run.exitCode(), run.err());
        BsonDocument json = BsonDocument.parse(run.out());
        assertEquals(
                String.join(
                        ",",
                        json.getArray("shards").stream()
                                .map(v -> v.asString().getValue())
                                .toList()),
                reached);
        assertEquals(targeting, json.getString("targeting").getValue());
        assertTrue(json.getString("reason").getValue().endsWith("."));
    }

    @Test
    void textOutputNamesShardsClassAndReason() {
        CliRun run = CliRun.of("explain", "--key", "{a: 1}", "--filter", "{b: 1}");
        assertEquals(0, run.exitCode(), run.err());
        String[] lines = run.out().strip().split("\\R");
        assertEquals("shards: shard01", lines[0]);
        assertEquals("targeting: scatter-gather", lines[1]);
        assertTrue(lines[2].startsWith("reason: "), lines[2]);
    }

    @Test
    void aMultiWriteWithARangeOnAHashedKeyIsBroadcastWithoutError() {
        CliRun run = CliRun.of(
                "explain",
                "--key",
                "{a: 'hashed'}",
                "--filter",
                "{a: {$gt: 1}}",
                "--op",
                "updateMany",
                "--shards",
                "2",
                "--json");
        assertEquals(0, run.exitCode(), run.err());
        BsonDocument json = BsonDocument.parse(run.out());
        assertEquals(2, json.getArray("shards").size());
        assertTrue(!json.containsKey("error"));
        assertEquals("scatter-gather", json.getString("targeting").getValue());
    }

    @Test
    void jsonHasExactlyTheDocumentedFieldsForARoutedQuery() {
        CliRun run = CliRun.of("explain", "--key", "{a: 1}", "--filter", "{a: 5}", "--json");
        BsonDocument json = BsonDocument.parse(run.out());
        assertEquals(java.util.List.of("shards", "targeting", "reason"), java.util.List.copyOf(json.keySet()));
    }

    @ParameterizedTest(name = "bad input {0} exits 2 with one line")
    @CsvSource(delimiter = '|', textBlock = """
            {a: 2}               | {a: 1}
            {a: 1}               | {a: {$expr: 1}}
            {a: 1}               | not json
            """)
    void badInputExitsTwoWithOneLine(String key, String filter) {
        CliRun run = CliRun.of("explain", "--key", key, "--filter", filter);
        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.out());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().startsWith("explain: "), run.err());
    }

    @Test
    void zeroShardsIsBadInput() {
        CliRun run = CliRun.of("explain", "--key", "{a: 1}", "--filter", "{}", "--shards", "0");
        assertEquals(Cli.BAD_INPUT, run.exitCode());
        assertTrue(run.err().contains("--shards"), run.err());
    }

    @Test
    void hashedPrefixLayoutIsOneChunkPerShardAtMongoDbsSplitPoints() {
        ChunkMap chunks = EmptyCollectionLayout.of(ShardKeyPattern.parse("{a: 'hashed', b: 1}"), 4);
        assertEquals(4, chunks.size());
        assertEquals(
                "(Long('-4611686018427387902'), MinKey())", chunks.get(1).min().toString());
        assertEquals("shard04", chunks.get(3).shard());
        ChunkMap ranged = EmptyCollectionLayout.of(ShardKeyPattern.parse("{a: 1, b: 'hashed'}"), 4);
        assertEquals(1, ranged.size());
        assertEquals("shard01", ranged.get(0).shard());
    }
}
