package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.cluster.MongoVersion;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code expireAfterSeconds} of {@code createIndexes}' specifications as the shard refuses it: 4.4 by
 * {@code validateTTLOptions} of mongo {@code src/mongo/db/commands/create_indexes.cpp}, 7.0 and later by
 * {@code validateIndexSpecTTL} of {@code src/mongo/db/catalog/index_key_validate.cpp}. The codes are asserted by
 * {@code jstests/core/ttl_index_options.js} (a string, -1, an overflow, a compound key: CannotCreateIndex; 0 works;
 * from 6.2 a time past the epoch's seconds works).
 */
class TtlIndexOptionsTest {

    /** Sat Dec 5 2026, the wall clock the 4.4 range check compares with. */
    private static final long NOW_MILLIS = 1_796_428_800_000L;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            4.4 | {key: {x: 1}, name: 'x_1', expireAfterSeconds: 'invalidOption'}          | TTL index 'expireAfterSeconds' option must be numeric, but received a type of 'string'. Index spec: { key: { x: 1 }, name: "x_1", expireAfterSeconds: "invalidOption" }
            4.4 | {key: {x: 1}, name: 'x_1', expireAfterSeconds: -1}                       | TTL index 'expireAfterSeconds' option cannot be less than 0. Index spec: { key: { x: 1 }, name: "x_1", expireAfterSeconds: -1 }
            4.4 | {key: {x: 1}, name: 'x_1', expireAfterSeconds: 9999999999999999}         | TTL index 'expireAfterSeconds' option must be within an acceptable range, try a lower number. Index spec: { key: { x: 1 }, name: "x_1", expireAfterSeconds: 9999999999999999 }
            4.4 | {key: {x: 1}, name: 'x_1', expireAfterSeconds: 2000000000}               | TTL index 'expireAfterSeconds' option must be within an acceptable range, try a lower number. Index spec: { key: { x: 1 }, name: "x_1", expireAfterSeconds: 2000000000 }
            4.4 | {key: {x: 1, y: 1}, name: 'x_1_y_1', expireAfterSeconds: 100}            | TTL indexes are single-field indexes, compound indexes do not support TTL. Index spec: { key: { x: 1, y: 1 }, name: "x_1_y_1", expireAfterSeconds: 100 }
            7.0 | {key: {x: 1}, name: 'x_1', expireAfterSeconds: 'invalidOption'}          | . Index spec: { key: { x: 1 }, name: "x_1", expireAfterSeconds: "invalidOption" } :: caused by :: TTL index 'expireAfterSeconds' option must be numeric, but received a type of 'string
            8.0 | {key: {x: 1}, name: 'x_1', expireAfterSeconds: -1}                       | . Index spec: { key: { x: 1 }, name: "x_1", expireAfterSeconds: -1 } :: caused by :: TTL index 'expireAfterSeconds' option cannot be less than 0
            8.0 | {key: {x: 1}, name: 'x_1', expireAfterSeconds: {$numberLong: '4294967296'}} | . Index spec: { key: { x: 1 }, name: "x_1", expireAfterSeconds: 4294967296 } :: caused by :: TTL index 'expireAfterSeconds' must be within the range of a 32-bit integer
            7.0 | {key: {x: 1}, name: 'x_1', expireAfterSeconds: {$numberDouble: 'NaN'}}   | . Index spec: { key: { x: 1 }, name: "x_1", expireAfterSeconds: nan.0 } :: caused by :: TTL index 'expireAfterSeconds' option must not be NaN
            8.0 | {key: {x: 1, y: 1}, name: 'x_1_y_1', expireAfterSeconds: 100}            | TTL indexes are single-field indexes, compound indexes do not support TTL. Index spec: { key: { x: 1, y: 1 }, name: "x_1_y_1", expireAfterSeconds: 100 }
            """)
    void aBadExpireAfterSecondsIsCannotCreateIndex(String release, String spec, String message) {
        // given one specification with expireAfterSeconds
        BsonArray specs = new BsonArray();
        specs.add(BsonDocument.parse(spec));

        // when the shard of that release checks it
        MongoCommandException e = assertThrows(
                MongoCommandException.class,
                () -> TtlIndexOptions.check(specs, MongoVersion.parseModelled(release), NOW_MILLIS));

        // then CannotCreateIndex with that release's words
        assertEquals(ErrorCode.CANNOT_CREATE_INDEX, e.code());
        assertEquals(message, e.getMessage());
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            4.4 | {key: {z: 1}, name: 'z_1', expireAfterSeconds: 0}
            4.4 | {key: {x: 1, expireAfterSeconds: 1}, name: 'x_1'}
            7.0 | {key: {x: 1}, name: 'x_1', expireAfterSeconds: 2000000000}
            8.0 | {key: {x: 1}, name: 'x_1', expireAfterSeconds: 3600.5}
            """)
    void aValidExpireAfterSecondsPasses(String release, String spec) {
        BsonArray specs = new BsonArray();
        specs.add(BsonDocument.parse(spec));

        assertDoesNotThrow(() -> TtlIndexOptions.check(specs, MongoVersion.parseModelled(release), NOW_MILLIS));
    }
}
