package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import de.bwaldvogel.mongo.bson.BsonRegularExpression;
import de.bwaldvogel.mongo.bson.Document;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Regular expressions inside documents compare as BSON compares them (mongo {@code src/mongo/bson/bsonelement.cpp},
 * {@code compareElements}, {@code case BSONType::RegEx}): equal when pattern and options are.
 */
class RegexValueEqualityTest {

    @ParameterizedTest(name = "{0}/{1} vs {2}/{3} → {4}")
    @CsvSource(delimiter = '|', textBlock = """
            abcde.*  | ''  | abcde.*  | ''  | true
            abcde.*  | i   | abcde.*  | i   | true
            abcde.*  | ''  | abcde.*  | i   | false
            abcde.*  | ''  | abcde-.* | ''  | false
            """)
    void embeddedRegexesAreEqualWhenPatternAndOptionsAre(
            String storedPattern, String storedOptions, String queriedPattern, String queriedOptions, boolean equal) {
        // given a stored {a: {b: /stored/}} and a filter's value {b: /queried/}, each its own object
        Document stored = new Document("b", new BsonRegularExpression(storedPattern, storedOptions));
        Document queried = new Document("b", new BsonRegularExpression(queriedPattern, queriedOptions));

        // when both are read with value equality
        Object storedValue = RegexValueEquality.comparable(stored);
        Object queriedValue = RegexValueEquality.comparable(queried);

        // then they are equal exactly when MongoDB's comparison says so, both ways round
        assertEquals(equal, storedValue.equals(queriedValue));
        assertEquals(equal, queriedValue.equals(storedValue));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', textBlock = """
            a is a regex, a match not an equality | false
            a is a document holding a regex       | true
            a is an array holding a regex         | true
            a is a string                         | false
            """)
    void onlyARegexBelowAFieldsValueNeedsValueEquality(String filter, boolean needed) {
        BsonRegularExpression regex = new BsonRegularExpression("abcde.*");
        Object value = switch (filter) {
            case "a is a regex, a match not an equality" -> regex;
            case "a is a document holding a regex" -> new Document("b", regex);
            case "a is an array holding a regex" -> List.of(regex);
            default -> "abcde-1";
        };
        assertEquals(needed, RegexValueEquality.isNeededFor(new Document("a", value)));
    }
}
