package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The release of a source's metadata: recorded where the source recorded it, else inferred from the shape
 * MongoDB writes in each release (documents in the shapes of mongodb-sharding.md §3 and
 * mongodb-releases.md §3).
 */
class ReleaseInferenceTest {

    // docs config-database (4.x era) and DOCS-14450 / type_chunk.h (5.0+) shapes
    private static final String CHUNK_4X = "{_id: 'db.c-x_MinKey', lastmod: Timestamp(1, 0), lastmodEpoch: "
            + "ObjectId('5d8aa9fbe7a2f52c300e8e6f'), ns: 'db.c', min: {x: MinKey()}, max: {x: MaxKey()}, shard: 's1', "
            + "history: [{validAfter: Timestamp(1569368571, 27), shard: 's1'}]}";
    private static final String COLLECTION_4X = "{_id: 'db.c', lastmod: ISODate('1970-01-16T15:00:58.107Z'), "
            + "dropped: false, key: {x: 1}, unique: false, lastmodEpoch: ObjectId('5078407bd58b175c5c225fdc'), "
            + "uuid: UUID('f8669e52-5c1b-4ea2-bbdc-a00189b341da')}";
    private static final String CHUNK_50 = "{_id: ObjectId('69c5e0c2eb017217d5f0a637'), "
            + "uuid: UUID('28439244-edec-410e-b3ab-07e5dd7100ab'), min: {x: MinKey()}, max: {x: MaxKey()}, shard: 's1', "
            + "lastmod: Timestamp(1, 0), history: [{validAfter: Timestamp(1626966434, 13), shard: 's1'}]}";
    private static final String CHUNK_70 = "{_id: ObjectId('69c5e0c2eb017217d5f0a637'), "
            + "uuid: UUID('28439244-edec-410e-b3ab-07e5dd7100ab'), min: {x: MinKey()}, max: {x: MaxKey()}, shard: 's1', "
            + "lastmod: Timestamp(1, 0), onCurrentShardSince: Timestamp(1774575815, 2659), "
            + "history: [{validAfter: Timestamp(1774575815, 2659), shard: 's1'}]}";
    private static final String COLLECTION_50 = "{_id: 'db.c', lastmodEpoch: ObjectId('60f989a2430bfdd95d8cfa20'), "
            + "lastmod: ISODate('2021-07-22T15:07:14.301Z'), timestamp: Timestamp(1626966434, 13), "
            + "uuid: UUID('28439244-edec-410e-b3ab-07e5dd7100ab'), key: {x: 1}, unique: false, noBalance: false}";
    private static final String SHARD = "{_id: 's1', host: 'rs1/h1:27018', state: 1}";
    private static final String SHARD_50 =
            "{_id: 's1', host: 'rs1/h1:27018', state: 1, topologyTime: " + "Timestamp(1626966434, 1)}";
    private static final String SHARD_80 = "{_id: 's1', host: 'rs1/h1:27018', state: 1, topologyTime: "
            + "Timestamp(1626966434, 1), replSetConfigVersion: NumberLong(-1)}";

    @ParameterizedTest(name = "{0}: MongoDB {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # what the dump holds                          | release | evidence names
            4.x chunks and collections                     | 4.4     | keyed by ns
            4.x chunks, 4.x collections                    | 4.4     | 'dropped' in config.collections
            5.0 collections and chunks                     | 5.0     | 'timestamp' in config.collections
            5.0 collections, maxChunkSizeBytes             | 6.0     | 'maxChunkSizeBytes' in config.collections
            5.0 collections, 7.0 chunks                    | 7.0     | 'onCurrentShardSince' on every chunk
            5.0 collections, 7.0 chunks, 8.0 shards        | 8.0     | 'replSetConfigVersion' in config.shards
            5.0 collections, unsplittable collection       | 8.0     | 'unsplittable' in config.collections
            """)
    void theMetadatasShapeNamesTheRelease(String dump, String release, String evidence) {
        SourceRelease r = ReleaseInference.of(source(dump, Optional.empty()));
        assertEquals(MongoVersion.parse(release), r.version());
        assertEquals(SourceRelease.Basis.INFERRED, r.basis());
        assertTrue(r.evidence().contains(evidence), r.evidence());
        assertTrue(r.note().startsWith("MongoDB " + release + " rules, inferred: "), r.note());
    }

    @Test
    void realFourZeroMetadataGetsFourZeroEraRulesNotEightZero() {
        // the case: a dump written by MongoDB 4.0 used to get 8.0 rules
        SourceRelease r = ReleaseInference.of(source("4.x chunks, 4.x collections", Optional.empty()));
        assertTrue(r.version().atLeast(MongoVersion.V4_0) && !r.version().atLeast(MongoVersion.V5_0), r.note());
        assertTrue(r.evidence().contains("release 4.0 to 4.4"), r.evidence());
    }

    @Test
    void anArchivesRecordedServerVersionBeatsTheShape() {
        SourceRelease r = ReleaseInference.of(source("4.x chunks, 4.x collections", Optional.of("4.0.28")));
        assertEquals(MongoVersion.parse("4.0.28"), r.version());
        assertEquals(SourceRelease.Basis.DUMP, r.basis());
        assertEquals("MongoDB 4.0.28 rules: the mongodump archive's prelude records server_version 4.0.28", r.note());
    }

    @Test
    void theReleaseIsSaidInChineseWithMongoDBsNamesKept() {
        // given a 4.x dump, whose shape and 'dropped' field tell 4.0 to 4.4
        SourceRelease r = ReleaseInference.of(source("4.x chunks, 4.x collections", Optional.empty()));

        // when it is said in Chinese, then the words are Chinese and MongoDB's names stay as MongoDB writes them
        assertEquals(
                "MongoDB 4.4 的规则（推断）：config.chunks 中的数据块按 ns 标识、config.collections 中有 'dropped' 和 "
                        + "每个数据块都有 'history'（FCV 4.0 或更高），表明是 4.0 到 4.4 版本；采用 4.4，即写出这种结构的最新版本"
                        + "（仅凭结构无法区分 4.0、4.2 和 4.4）",
                Messages.of(Language.SIMPLIFIED_CHINESE).text(r.said()));
    }

    @Test
    void theRouterThatPingedLastNamesTheRelease() {
        Map<String, List<BsonDocument>> docs = shape("4.x chunks, 4.x collections");
        docs.put(
                "mongos",
                List.of(
                        BsonDocument.parse(
                                "{_id: 'r1:27017', ping: ISODate('2024-01-01T00:00:00Z'), mongoVersion: '4.0.27'}"),
                        BsonDocument.parse(
                                "{_id: 'r2:27017', ping: ISODate('2024-02-01T00:00:00Z'), mongoVersion: '4.2.1'}")));
        SourceRelease r = ReleaseInference.of(new DocumentConfigSource("dump", docs, "offline"));
        assertEquals(MongoVersion.parse("4.2.1"), r.version());
        assertEquals(SourceRelease.Basis.ROUTERS, r.basis());
    }

    @Test
    void aStopShardDrainingInTheChangelogMeans83OrLater() {
        // given an 8.0-shaped dump whose changelog records stopShardDraining (8.3's command, logged by
        // sharding_catalog_manager_shard_operations.cpp stopDrain)
        Map<String, List<BsonDocument>> docs = shape("5.0 collections, unsplittable collection");
        docs.put(
                "changelog",
                List.of(BsonDocument.parse("{_id: 'c1', server: 'cfg1', what: 'removeShard.stopShardDraining', "
                        + "ns: '', time: ISODate('2026-05-01T00:00:00Z'), details: {shard: 's2'}}")));

        // when
        SourceRelease r = ReleaseInference.of(new DocumentConfigSource("dump", docs, "offline"));

        // then
        assertEquals(MongoVersion.V8_3, r.version());
        assertEquals(SourceRelease.Basis.INFERRED, r.basis());
        assertTrue(r.evidence().contains("removeShard.stopShardDraining"), r.evidence());
    }

    @Test
    void metadataWithoutCollectionsAssumesTheDefaultAndSaysSo() {
        SourceRelease r = ReleaseInference.of(
                new DocumentConfigSource("dump", Map.of("shards", List.of(BsonDocument.parse(SHARD))), "offline"));
        assertEquals(MongoVersion.DEFAULT, r.version());
        assertTrue(r.guessed());
        assertTrue(r.note().contains("assumed"), r.note());
    }

    @ParameterizedTest(name = "snapshot ''{0}'' with capture {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            cluster db1:27017       | {server: {version: '7.0.12'}} | 7.0.12 | SNAPSHOT
            simulated MongoDB 6.0.2 | {}                            | 6.0.2  | SNAPSHOT
            cluster db1:27017       | {collection: {}}              | 4.4    | INFERRED
            somewhere               | {}                            | 8.0    | ASSUMED
            """)
    void aSnapshotRecordsItsRelease(String source, String capture, String release, SourceRelease.Basis basis) {
        SourceRelease r = ReleaseInference.ofSnapshot(source, BsonDocument.parse(capture), false);
        assertEquals(MongoVersion.parse(release), r.version());
        assertEquals(basis, r.basis());
    }

    private static DocumentConfigSource source(String dump, Optional<String> recorded) {
        return new DocumentConfigSource("dump", shape(dump), "offline", recorded);
    }

    /** Documents for a description such as "5.0 collections, 7.0 chunks, 8.0 shards". */
    private static Map<String, List<BsonDocument>> shape(String dump) {
        List<String> parts = Arrays.asList(dump.split(",\\s*"));
        boolean old = dump.startsWith("4.x");
        String chunk = old ? CHUNK_4X : parts.contains("7.0 chunks") ? CHUNK_70 : CHUNK_50;
        String collection = old ? COLLECTION_4X : COLLECTION_50;
        if (parts.contains("maxChunkSizeBytes")) {
            collection =
                    collection.replace("noBalance: false", "noBalance: false, maxChunkSizeBytes: NumberLong(67108864)");
        }
        if (parts.contains("unsplittable collection")) {
            collection = collection.replace("noBalance: false", "noBalance: false, unsplittable: true");
        }
        String shard = old ? SHARD : parts.contains("8.0 shards") ? SHARD_80 : SHARD_50;
        Map<String, List<BsonDocument>> docs = new LinkedHashMap<>();
        docs.put("collections", List.of(BsonDocument.parse(collection)));
        docs.put("chunks", List.of(BsonDocument.parse(chunk)));
        docs.put("shards", List.of(BsonDocument.parse(shard)));
        return docs;
    }
}
