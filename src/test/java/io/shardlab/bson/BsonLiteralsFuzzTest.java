package io.shardlab.bson;

import io.shardlab.FuzzInputs;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Property: any text parses to a value or is refused in one line that quotes it. */
class BsonLiteralsFuzzTest {

    static final List<String> VALID = List.of(
            "42",
            "-1.5e3",
            "\"abc\"",
            "'x'",
            "{a: 1, 'b.c': [1, 2, {d: null}]}",
            "NumberLong('5')",
            "Long(5)",
            "Int32(7)",
            "Decimal128('1.5')",
            "Double(2)",
            "Timestamp({ t: 1, i: 2 })",
            "Timestamp(1, 2)",
            "ObjectId('47cc67093475061e3d95369d')",
            "ISODate('2020-01-01T00:00:00Z')",
            "new Date(0)",
            "BinData(0, 'AAEC')",
            "Binary.createFromBase64('AAEC', 4)",
            "UUID('00010203-0405-0607-0809-0a0b0c0d0e0f')",
            "MinKey",
            "MaxKey()",
            "/ab+c/i",
            "RegExp('a', 'i')",
            "BSONRegExp('a/b', 'i')",
            "Code('f()', {a: 1})",
            "DBRef('c', 5, 'db')",
            "DBPointer('db.c', ObjectId('010203040506070809101112'))",
            "BSONSymbol('s')",
            "{\"$numberLong\": \"5\"}",
            "{\"$date\": {\"$numberLong\": \"-1\"}}",
            "{\"$code\": \"f()\", \"$scope\": {\"a\": 1}}",
            "{\"$binary\": {\"base64\": \"AAEC\", \"subType\": \"80\"}}",
            "[MinKey, MaxKey, undefined, NaN, -Infinity]",
            "{_id: {$oid: '47cc67093475061e3d95369d'}, when: {$date: '2020-01-01T00:00:00Z'}}");

    /** The start of the input as a message quotes it: whitespace runs as one space. */
    static String quoted(String input) {
        String oneLine = input.replaceAll("\\s+", " ").strip();
        return "'" + oneLine.substring(0, Math.min(20, oneLine.length()));
    }

    @Test
    void everyTextIsAValueOrOneLineQuotingIt() {
        FuzzInputs inputs = new FuzzInputs(14L, VALID);
        for (int i = 0; i < 5_000; i++) {
            String input = inputs.next();
            FuzzInputs.assertResultOrOneLine(input, quoted(input), BsonLiterals::parseValue);
        }
    }

    @Test
    void everyTextIsADocumentOrOneLineQuotingIt() {
        FuzzInputs inputs = new FuzzInputs(1414L, VALID);
        for (int i = 0; i < 3_000; i++) {
            String input = inputs.next();
            FuzzInputs.assertResultOrOneLine(input, quoted(input), BsonLiterals::parseDocument);
        }
    }
}
