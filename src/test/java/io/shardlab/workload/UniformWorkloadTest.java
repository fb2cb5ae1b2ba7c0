package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code uniform} over a layout's own key fields: one value per field, of the kind the layout's chunk bounds show. */
class UniformWorkloadTest {

    @ParameterizedTest(name = "{0} with a bound {1} plays {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # the key                      | a chunk bound                                       | the stream's name (a number or date: the range around it)
            { region: 1, orderId: 1 }      | { region: 'EU', orderId: 1000 }                     | uniform:region=string,orderId=number(0..2000)
            { at: 1 }                      | { at: ISODate('2024-03-01T00:00:00Z') }             | uniform:at=date(1677715200000..1740787200000)
            { owner: 1 }                   | { owner: ObjectId('65e1a2b3c4d5e6f708192a3b') }     | uniform:owner=objectid
            { 'a.b': 1 }                   | { 'a.b': MinKey }                                   | uniform:a.b=number
            { email: 'hashed' }            | { email: NumberLong(-4611686018427387902) }         | uniform:email=number
            """)
    void eachKeyFieldTakesTheKindItsChunkBoundsShow(String key, String bound, String name) {
        ShardKeyPattern pattern = ShardKeyPattern.parse(key);

        UniformWorkload workload = UniformWorkload.overKey(pattern, List.of(boundOf(pattern, bound)));

        assertEquals(name, workload.name());
        assertEquals(name, UniformWorkload.named(name).name());
        assertEquals(name, WorkloadRegistry.standard().named(name).name());
    }

    @Test
    void everyDocumentCarriesEachKeyFieldOfItsKind() {
        // given the stream over a key on a string, a number and a nested date
        UniformWorkload workload = UniformWorkload.named("uniform:region=string,orderId=number,meta.at=date");

        // when it makes 200 documents
        List<BsonDocument> documents = new ArrayList<>();
        try (InsertStream stream = workload.open(WorkloadSettings.of(200, 11))) {
            stream.forEachRemaining(d -> documents.add(d.document()));
        }

        // then each holds an ObjectId _id and one value per key field, of the field's kind
        assertEquals(200, documents.size());
        assertEquals(List.of("_id", "region", "orderId", "meta"), workload.fields());
        for (BsonDocument d : documents) {
            assertEquals(BsonType.OBJECT_ID, d.get("_id").getBsonType());
            assertEquals(BsonType.STRING, d.get("region").getBsonType());
            assertEquals(BsonType.INT64, d.get("orderId").getBsonType());
            assertEquals(BsonType.DATE_TIME, d.getDocument("meta").get("at").getBsonType());
        }
        // and the strings fall on both sides of upper- and lower-case bounds
        assertTrue(documents.stream()
                .anyMatch(d -> d.getString("region").getValue().compareTo("M") < 0));
        assertTrue(documents.stream()
                .anyMatch(d -> d.getString("region").getValue().compareTo("m") > 0));
    }

    @ParameterizedTest(name = "bounds {0} draw from {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # the chunk bounds' values of orderId (MinKey and MaxKey around them) | the range drawn from, upper end excluded
            1000, 2000, 3000, 4000                                                | number(0..5000)
            -50, 50                                                               | number(-150..150)
            1000, 250000                                                          | number(0..499000)
            1.5, 2.5                                                              | number(0..4)
            MinKey                                                                | number
            """)
    void numbersAreDrawnFromTheRangeTheLayoutsBoundsSpanWidenedByAChunk(String values, String range) {
        ShardKeyPattern pattern = ShardKeyPattern.parse("{ orderId: 1 }");
        List<ShardKey> bounds = new ArrayList<>();
        for (String value : values.split(",")) {
            bounds.add(boundOf(pattern, "{ orderId: " + value.trim() + " }"));
        }

        UniformWorkload workload = UniformWorkload.overKey(pattern, bounds);

        assertEquals("uniform:orderId=" + range, workload.name());
        assertEquals(workload.name(), UniformWorkload.named(workload.name()).name());
    }

    @Test
    void aForkedLayoutsInsertsLandInEveryChunkNotAllInTheTopOne() {
        // given a recorded layout on orderId cut at 1,000 … 9,000 (ten chunks), whose bounds span far less than 10^12
        ShardKeyPattern pattern = ShardKeyPattern.parse("{ orderId: 1 }");
        List<ShardKey> bounds = new ArrayList<>();
        for (int cut = 1_000; cut <= 9_000; cut += 1_000) {
            bounds.add(boundOf(pattern, "{ orderId: " + cut + " }"));
        }

        // when the stream over its key makes 2,000 documents
        long[] perChunk = new long[10];
        try (InsertStream stream = UniformWorkload.overKey(pattern, bounds).open(WorkloadSettings.of(2_000, 7))) {
            stream.forEachRemaining(d -> {
                long orderId = d.document().getInt64("orderId").getValue();
                perChunk[(int) Math.max(0, Math.min(9, orderId / 1_000))]++;
            });
        }

        // then every chunk takes about its tenth (the outer two a chunk's width of values below and above the cuts)
        for (int chunk = 0; chunk < 10; chunk++) {
            assertTrue(perChunk[chunk] > 120 && perChunk[chunk] < 280, "chunk " + chunk + ": " + perChunk[chunk]);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(textBlock = """
            uniform:
            uniform:region
            uniform:region=country
            uniform:=string
            uniform:region=string(1..5)
            uniform:orderId=number(1..x)
            uniform:orderId=number(5..5)
            uniform:orderId=number(99999999999999999999..1)
            """)
    void aBadNameSaysWhatANameIs(String name) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UniformWorkload.named(name));

        assertEquals(
                "'" + name + "' is not uniform:<field>=<kind>,… of the kinds number, string, objectid, date",
                e.getMessage());
    }

    private static ShardKey boundOf(ShardKeyPattern pattern, String text) {
        BsonDocument document = BsonLiterals.parseDocument(text);
        return ShardKey.of(
                pattern.fields().stream().map(f -> document.get(f.path())).toList());
    }
}
