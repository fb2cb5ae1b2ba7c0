package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.key.ShardKey;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeyLabelFormatTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            # value (mongosh literal)                    | label (18 characters at most)
            MinKey()                                      | MinKey
            MaxKey()                                      | MaxKey
            42                                            | 42
            -7                                            | -7
            Long('12345678')                              | 12345678
            Long('123456789')                             | 1.23e8
            Long('-4611686018427387902')                  | -4.61e18
            Long('9223372036854775807')                   | 9.22e18
            3.14159                                       | 3.142
            2.5                                           | 2.5
            1e21                                          | 1e21
            0.0001234                                     | 1.23e-4
            NaN                                           | NaN
            Decimal128('12.50')                           | 12.5
            ISODate('2024-03-01T00:00:00Z')               | 2024-03-01
            ISODate('2024-03-01T12:30:00Z')               | 2024-03-01 12:30
            ISODate('2024-03-01T12:30:05Z')               | 2024-03-01 12:30:05
            ISODate('2024-03-01T12:30:05.250Z')           | 2024-03-01 12:30:05.250
            'Springfield'                                 | 'Springfield'
            'Springfield, Illinois'                       | 'Springfield, Il…'
            ObjectId('65f1a2b3c4d5e6f708091a2b')          | ObjectId('65f1a…')
            true                                          | true
            null                                          | null
            """)
    void single_field_bounds_print_their_mongosh_value_shortened(String literal, String label) {
        ShardKey key = ShardKey.of(BsonLiterals.parseValue(literal));
        assertEquals(label, KeyLabelFormat.standard().format(key));
    }

    @Test
    void quotes_inside_strings_are_escaped_as_mongosh_does() {
        assertEquals("'it\\'s'", KeyLabelFormat.value(new org.bson.BsonString("it's"), 18));
    }

    @Test
    void bounds_of_all_minkey_or_all_maxkey_print_as_one_word() {
        assertEquals("MinKey", KeyLabelFormat.standard().format(ShardKey.globalMin(3)));
        assertEquals("MaxKey", KeyLabelFormat.standard().format(ShardKey.globalMax(2)));
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            # compound bound (mongosh values, ; between fields)      | label (18 characters at most)
            5; MinKey                                                 | 5, MinKey
            MinKey; MaxKey                                            | MinKey, MaxKey
            'US'; 'Chicago'                                           | 'US', 'Chicago'
            '2024-03'; 'u020917'                                      | '2024-03', 'u020…'
            '2024-03'; 'u0053'; 'x'                                   | '2024-03', …
            'Springfield, Illinois'; 'x'                              | 'Springfield,…', …
            ISODate('2024-03-01T12:30:05Z'); Long('42')               | 2024-03-01 12:30:05, …
            """)
    void compound_bounds_keep_their_leading_field_and_abbreviate_the_rest(String fields, String label) {
        BsonValue[] values = java.util.Arrays.stream(fields.split(";"))
                .map(String::trim)
                .map(BsonLiterals::parseValue)
                .toArray(BsonValue[]::new);
        assertEquals(label, KeyLabelFormat.standard().format(ShardKey.of(values)));
    }

    @Test
    void a_wider_budget_keeps_more() {
        ShardKey id = ShardKey.of(BsonLiterals.parseValue("ObjectId('65f1a2b3c4d5e6f708091a2b')"));
        assertEquals("ObjectId('65f1a2b3c4d5e6f708091a2b')", new KeyLabelFormat(40).format(id));
        assertEquals("ObjectId('65f1a2b3c4d5e6f…')", new KeyLabelFormat(28).format(id));
        assertThrows(IllegalArgumentException.class, () -> new KeyLabelFormat(5));
    }
}
