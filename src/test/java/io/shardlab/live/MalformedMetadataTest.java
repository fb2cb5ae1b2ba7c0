package io.shardlab.live;

import static io.shardlab.live.ConfigFixture.USERS;
import static io.shardlab.live.ConfigFixture.doc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.live.ConfigFixture.Shape;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.codecs.DecoderContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Broken metadata is reported, never fatal: the reader shows what it can and says what is wrong. */
class MalformedMetadataTest {

    static final ChunkDocumentCodec CODEC = new ChunkDocumentCodec(USERS, ShardKeyPattern.parse("{user_id: 1}"));

    static ChunkDocument decode(String json) {
        return CODEC.decode(
                new BsonDocumentReader(BsonDocument.parse(json)),
                DecoderContext.builder().build());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # config.chunks document (uuid era)                                                                  | problem
            {_id: 1, min: {user_id: 5}, max: {user_id: 9}, lastmod: Timestamp(1, 0)}                             | chunk [(5), (9)): no 'shard'
            {_id: 2, min: {user_id: 5}, max: {user_id: 9}, shard: 's1'}                                           | chunk [(5), (9)): no 'lastmod'
            {_id: 3, min: {user_id: 9}, max: {user_id: 5}, shard: 's1', lastmod: Timestamp(1, 0)}               | chunk [(9), (5)): min (9) is not less than max (5)
            {_id: 4, min: {x: 5}, max: {user_id: 9}, shard: 's1', lastmod: Timestamp(1, 0)}                     | chunk 4: 'min' has field 'x' where the shard key { user_id: 1 } has 'user_id'
            {_id: 5, min: {user_id: 5, b: 1}, max: {user_id: 9}, shard: 's1', lastmod: Timestamp(1, 0)}         | chunk 5: 'min' has field 'b' where the shard key { user_id: 1 } has no more fields
            {_id: 'c6', min: {}, max: {user_id: 9}, shard: 's1', lastmod: Timestamp(1, 0)}                       | chunk 'c6': 'min' is empty
            {_id: 7, min: 5, max: {user_id: 9}, shard: 's1', lastmod: Timestamp(1, 0)}                            | chunk 7: 'min' is a INT32, expected an object
            {_id: 8, min: {user_id: 5}, max: {user_id: 9}, shard: 3, lastmod: Timestamp(1, 0)}                  | chunk [(5), (9)): 'shard' is a INT32, expected a string
            {_id: 9, min: {user_id: 5}, max: {user_id: 9}, shard: 's1', lastmod: '1-0'}                          | chunk [(5), (9)): 'lastmod' is a STRING, expected a Timestamp
            {_id: 10, min: {user_id: 5}, max: {user_id: 9}, shard: 's1', lastmod: Timestamp(1, 0), jumbo: 'yes'} | chunk [(5), (9)): 'jumbo' is a STRING, expected a boolean
            """)
    void aMalformedChunkDocumentBecomesAProblem(String json, String problem) {
        ChunkDocument d = decode(json);
        assertNull(d.chunk());
        assertEquals(problem, d.problem().message());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # config.chunks document (uuid era)                                                                  | its problem in Chinese
            {_id: 1, min: {user_id: 5}, max: {user_id: 9}, lastmod: Timestamp(1, 0)}                             | 数据块 [(5), (9))：缺少 'shard'
            {_id: 3, min: {user_id: 9}, max: {user_id: 5}, shard: 's1', lastmod: Timestamp(1, 0)}               | 数据块 [(9), (5))：min (9) 不小于 max (5)
            {_id: 4, min: {x: 5}, max: {user_id: 9}, shard: 's1', lastmod: Timestamp(1, 0)}                     | 数据块 4：'min' 中是字段 'x'，而分片键 { user_id: 1 } 在此处是 'user_id'
            {_id: 9, min: {user_id: 5}, max: {user_id: 9}, shard: 's1', lastmod: '1-0'}                          | 数据块 [(5), (9))：'lastmod' 是 STRING，应为 Timestamp
            """)
    void aMalformedChunkDocumentIsSaidInChineseWithMongoDbsFieldAndTypeNames(String json, String problem) {
        ChunkDocument d = decode(json);
        assertEquals(
                problem,
                Messages.of(Language.SIMPLIFIED_CHINESE).text(d.problem().said()));
    }

    @Test
    void aDateLastmodIsReadAsTheSame64Bits() {
        // ChunkType::parseFromConfigBSON accepts a Date and reads its 64 bits as Timestamp(secs, inc).
        ChunkDocument d = decode("{min: {user_id: 1}, max: {user_id: 2}, shard: 's1', lastmod: {$date: 4294967298}}");
        assertEquals(new io.shardlab.cluster.ChunkVersion(1, 2), d.chunk().version());
    }

    static ClusterMetadata inspect(Map<String, List<BsonDocument>> config) {
        return new ClusterInspector(LiveInspectionTest.CLOCK)
                .inspect(new DocumentConfigSource("test", config, "offline"), ClusterInspector.Scope.OVERVIEW);
    }

    static Map<String, List<BsonDocument>> fixtureWithUsers(Shape shape, List<BsonDocument> usersChunks) {
        Map<String, List<BsonDocument>> config = new LinkedHashMap<>(ConfigFixture.config(shape));
        List<BsonDocument> chunks = new ArrayList<>();
        for (BsonDocument c : config.get("chunks")) {
            boolean users = c.isString("ns")
                    ? c.getString("ns").getValue().equals(USERS)
                    : c.get("uuid")
                            .equals(BsonDocument.parse("{u: UUID('" + ConfigFixture.USERS_UUID + "')}")
                                    .get("u"));
            if (!users) {
                chunks.add(c);
            }
        }
        chunks.addAll(usersChunks);
        config.put("chunks", chunks);
        return config;
    }

    static BsonDocument usersChunk(Object min, Object max, String shard) {
        return doc(
                "{uuid: UUID('%s'), min: {user_id: %s}, max: {user_id: %s}, shard: '%s', lastmod: Timestamp(1, 0)}",
                ConfigFixture.USERS_UUID, min, max, shard);
    }

    @Test
    void gapsOverlapsAndUnknownShardsAreAllReportedAndTheChunksStillShown() {
        List<BsonDocument> broken = List.of(
                usersChunk("MinKey", 100, "shard01"),
                usersChunk(150, 300, "shard02"), // gap [100, 150)
                usersChunk(250, 400, "shard03"), // overlaps [250, 300)
                usersChunk(400, "MaxKey", "shard09"), // unknown shard
                doc(
                        "{uuid: UUID('%s'), min: {user_id: 1}, shard: 'shard01', lastmod: Timestamp(1, 0)}",
                        ConfigFixture.USERS_UUID));
        ClusterMetadata m = inspect(fixtureWithUsers(Shape.V6_0, broken));
        CollectionLayout users = m.collection(USERS).orElseThrow();
        assertNull(users.map());
        assertEquals(4, users.chunks().size());
        List<String> problems =
                users.problems().stream().map(MetadataProblem::message).toList();
        assertEquals(
                List.of(
                        "chunk with min (1): no 'max'",
                        "1 chunk is on shard 'shard09', which config.shards does not list",
                        "gap: no chunk covers [(100), (150)) between [(MinKey()), (100)) on shard01 and [(150), (300)) on shard02",
                        "overlap: [(150), (300)) on shard02 and [(250), (400)) on shard03 share keys"),
                problems);
        IllegalArgumentException e =
                org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> m.snapshot(USERS));
        assertTrue(
                e.getMessage().startsWith("ns: the chunks of test.users do not form a valid layout (chunk with min"),
                e.getMessage());
        assertNotNull(m.collection(ConfigFixture.EVENTS).orElseThrow().map(), "other collections are unaffected");
    }

    @Test
    void missingEndsAndAnEmptyCollectionAreReported() {
        ClusterMetadata m = inspect(fixtureWithUsers(Shape.V5_0, List.of(usersChunk(0, 100, "shard01"))));
        List<String> problems = m.collection(USERS).orElseThrow().problems().stream()
                .map(MetadataProblem::message)
                .toList();
        assertEquals(
                List.of(
                        "gap: no chunk covers [MinKey, (0)); the first chunk is [(0), (100)) on shard01",
                        "gap: no chunk covers [(100), MaxKey); the last chunk is [(0), (100)) on shard01"),
                problems);

        ClusterMetadata none = inspect(fixtureWithUsers(Shape.V5_0, List.of()));
        assertEquals(
                List.of("config.chunks has no chunks for this collection (looked up by uuid " + ConfigFixture.USERS_UUID
                        + " and ns)"),
                none.collection(USERS).orElseThrow().problems().stream()
                        .map(MetadataProblem::message)
                        .toList());
    }

    @Test
    void malformedCatalogDocumentsAreSkippedWithAProblem() {
        Map<String, List<BsonDocument>> config = new LinkedHashMap<>(ConfigFixture.config(Shape.V7_0));
        List<BsonDocument> shards = new ArrayList<>(config.get("shards"));
        shards.add(doc("{host: 'nohost/h:1'}"));
        config.put("shards", shards);
        List<BsonDocument> collections = new ArrayList<>(config.get("collections"));
        collections.add(doc("{_id: 'test.badkey', key: {a: -1}, unique: false}"));
        collections.add(doc("{_id: 'nodot'}"));
        config.put("collections", collections);
        List<BsonDocument> tags = new ArrayList<>(config.get("tags"));
        tags.add(doc("{ns: '%s', min: {user_id: 150}, max: {user_id: 250}, tag: 'LON'}", USERS));
        tags.add(doc("{ns: '%s', min: {zip: 1}, max: {zip: 2}, tag: 'NYC'}", USERS));
        config.put("tags", tags);
        ClusterMetadata m = inspect(config);
        List<String> all =
                m.allProblems().stream().map(MetadataProblem::toString).toList();
        assertTrue(all.contains("config.shards document { host: 'nohost/h:1' } has no string _id"), all::toString);
        assertTrue(
                all.contains("config.collections document { _id: 'nodot' } has no 'db.collection' _id"), all::toString);
        assertTrue(
                all.stream().anyMatch(p -> p.startsWith("test.badkey: shard key { a: -1 } is invalid: ")),
                all::toString);
        assertTrue(
                all.contains(
                        "test.users: zone range [(150), (250)) uses zone 'LON', which no shard in config.shards belongs to"),
                all::toString);
        assertTrue(
                all.contains("test.users: zone ranges [(100), (200)) 'NYC' and [(150), (250)) 'LON' overlap"),
                all::toString);
        assertTrue(
                all.contains(
                        "test.users: zone 'NYC' min { zip: 1 } does not have the shard key's fields { user_id: 1 }"),
                all::toString);
        assertNotNull(m.collection(USERS).orElseThrow().map(), "zone problems do not invalidate the chunks");
    }

    @Test
    void malformedMetadataOnALiveServerIsReportedToo() {
        try (FakeCluster cluster = FakeCluster.mongos("7.0.12", 21)) {
            cluster.seed(fixtureWithUsers(
                    Shape.V7_0, List.of(usersChunk("MinKey", 100, "shard01"), usersChunk(200, "MaxKey", "shard01"))));
            ClusterMetadata m = LiveInspectionTest.inspect(cluster, null, ClusterInspector.Scope.OVERVIEW);
            assertEquals(
                    List.of("gap: no chunk covers [(100), (200)) between [(MinKey()), (100)) on shard01 and "
                            + "[(200), (MaxKey())) on shard01"),
                    m.collection(USERS).orElseThrow().problems().stream()
                            .map(MetadataProblem::message)
                            .toList());
        }
    }
}
