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
            # the key                      | a chunk bound                                       | the stream's name
            { region: 1, orderId: 1 }      | { region: 'EU', orderId: 1000 }                     | uniform:region=string,orderId=number
            { at: 1 }                      | { at: ISODate('2024-03-01T00:00:00Z') }             | uniform:at=date
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

    @ParameterizedTest(name = "{0}")
    @CsvSource(textBlock = """
            uniform:
            uniform:region
            uniform:region=country
            uniform:=string
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
