package io.shardlab.bson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.FuzzInputs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Plain JSON skips the rewriting of mongosh syntax; whatever the text, the result is the full rewriting's. */
class MongoshSyntaxTest {

    /** The full rewriting's result, or its refusal's message. */
    private static String inFull(String text) {
        try {
            return MongoshSyntax.rewrittenInFull(text);
        } catch (BsonParseException e) {
            return "refused: " + e.getMessage();
        }
    }

    private static String withShortcut(String text) {
        try {
            return MongoshSyntax.toReaderSyntax(text, text);
        } catch (BsonParseException e) {
            return "refused: " + e.getMessage();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            {"_id":{"$oid":"65a1b2c3d4e5f60718293a4b"},"orderNo":1,"ts":{"$date":{"$numberLong":"17"}},"ok":true}
            {"a": -1.5e+3, "b": 2E-7, "c": [null, false, 0.000000000000000000001]}
            {"big": 123456789012345678901234567890}
            {"neg": -9223372036854775808, "pos": 9223372036854775807}
            {"s": "it's \\"quoted\\" (not a call) NumberLong(5) /x/"}
            {"a": true, "b": trueish}
            {"a": 1.}
            {"a": -}
            {"n": 1e400}
            {a: 1, 'b': NumberLong(5)}
            {"d": Date(0)}
            {"r": /ab+c/i}
            {"unterminated": "abc
            {"digits": ٣}
            """)
    void aTextReadsAsTheFullRewritingReadsIt(String text) {
        assertEquals(inFull(text), withShortcut(text));
    }

    @Test
    void mutatedTextsReadAsTheFullRewritingReadsThem() {
        List<String> corpus = new ArrayList<>(BsonLiteralsFuzzTest.VALID);
        corpus.add(
                "{\"_id\":{\"$oid\":\"65a1b2c3d4e5f60718293a4b\"},\"orderNo\":12,\"amount\":12.5,\"tags\":[\"a\",null]}");
        corpus.add("{\"n\": 922337203685477580, \"m\": -1e-5, \"t\": false}");
        FuzzInputs inputs = new FuzzInputs(21L, corpus);
        for (int i = 0; i < 20_000; i++) {
            String text = inputs.next();
            assertEquals(inFull(text), withShortcut(text), text);
        }
    }
}
