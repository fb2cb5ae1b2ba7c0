package io.shardlab.bson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DottedPathTest {

    private static final BsonDocument DOCUMENT =
            BsonDocument.parse("{a: 1, b: {c: 'x', d: {e: true}}, f: [{g: 2}], h: null}");

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', nullValues = "none", textBlock = """
            # path | the value there, as JSON; none: no value
            a      | 1
            b.c    | "x"
            b.d.e  | true
            b.d    | {"e": true}
            h      | null
            z      | none
            b.z.e  | none
            a.b    | none
            f.g    | none
            """)
    void reads_the_value_at_a_dotted_path_field_by_field_and_not_into_arrays(String path, String expected) {
        // given the document, when the path is read
        BsonValue value = DottedPath.valueAt(DOCUMENT, path);

        // then the value there, or none where a field is missing or is not a document
        assertEquals(
                expected,
                value == null ? null : new BsonDocument("v", value).toJson().replaceAll("^\\{\"v\": |}$", ""));
    }
}
