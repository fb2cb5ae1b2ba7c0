package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.sim.InsertBatch;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a shard refuses of a document to insert (mongo {@code src/mongo/db/ops/insert.cpp}
 * {@code fixDocumentForInsert}): more than 16 MB, or objects nested 180 levels deep ({@code validateDepth},
 * {@code BSONDepth::getMaxDepthForUserStorage()}).
 */
class ShardInsertCheckTest {

    /** {@code {_id: 1, a: {a: … {x: 1}}}} with {@code levels} objects nested below the document. */
    private static BsonDocument nested(int levels, boolean arrays) {
        BsonValue inner = new BsonDocument("x", new BsonInt32(1));
        for (int i = 1; i < levels; i++) {
            inner = arrays && i % 2 == 0 ? new BsonArray(List.of(inner)) : new BsonDocument("a", inner);
        }
        return new BsonDocument("_id", new BsonInt32(1)).append("a", inner);
    }

    @ParameterizedTest(name = "{0} levels (arrays among them: {1}): {2}")
    @CsvSource(textBlock = """
            179, false, stored
            180, false, refused
            180, true,  refused
            500, false, refused
            """)
    void aShardStoresDocumentsNestedAtMost179LevelsDeep(int levels, boolean arrays, String outcome) {
        Optional<BsonDocument> refusal = ShardInsertCheck.refusal(nested(levels, arrays));

        if (outcome.equals("stored")) {
            assertEquals(Optional.empty(), refusal);
        } else {
            assertEquals(
                    Optional.of(BsonDocument.parse(
                            "{code: 15, errmsg: 'cannot insert document because it exceeds 180 levels of nesting'}")),
                    refusal);
        }
    }

    @ParameterizedTest(name = "16 MB + {0} bytes: {1}")
    @CsvSource(textBlock = """
            0, stored
            1, refused
            """)
    void aShardStoresDocumentsOfAtMost16Megabytes(int extra, String outcome) {
        BsonDocument document = new BsonDocument("_id", new BsonInt32(0)).append("x", new BsonString(""));
        int size = InsertBatch.bsonSize(document);
        document.put("x", new BsonString("a".repeat(ShardInsertCheck.MAX_USER_SIZE + extra - size)));

        Optional<BsonDocument> refusal = ShardInsertCheck.refusal(document);

        if (outcome.equals("stored")) {
            assertEquals(Optional.empty(), refusal);
        } else {
            assertEquals(
                    Optional.of(
                            BsonDocument.parse(
                                    "{code: 2, errmsg: 'object to insert too large. size in bytes: 16777217, max size: 16777216'}")),
                    refusal);
        }
    }

    /** The size the check counts is the BSON size, for every type, nested or not (seeded random documents). */
    @Test
    void theSizeCountedIsTheDocumentsBsonSize() {
        Random random = new Random(28);
        for (int round = 0; round < 2000; round++) {
            BsonDocument document = randomDocument(random, 0);

            assertEquals(
                    InsertBatch.bsonSize(document),
                    ShardInsertCheck.shape(document).bytes(),
                    document.toJson());
        }
    }

    private static BsonDocument randomDocument(Random random, int depth) {
        BsonDocument d = new BsonDocument();
        int fields = random.nextInt(6);
        for (int i = 0; i < fields; i++) {
            d.append("f" + i + (random.nextBoolean() ? "é" : ""), randomValue(random, depth));
        }
        return d;
    }

    private static BsonValue randomValue(Random random, int depth) {
        return switch (random.nextInt(depth < 3 ? 16 : 14)) {
            case 0 -> new BsonDouble(random.nextDouble());
            case 1 -> new BsonString("s" + "ü".repeat(random.nextInt(3)));
            case 2 -> new BsonBinary(new byte[random.nextInt(9)]);
            case 3 -> new BsonObjectId();
            case 4 -> BsonBoolean.valueOf(random.nextBoolean());
            case 5 -> new BsonDateTime(random.nextLong());
            case 6 -> BsonNull.VALUE;
            case 7 -> new BsonRegularExpression("^a.*", "i");
            case 8 -> new BsonInt32(random.nextInt());
            case 9 -> new BsonTimestamp(random.nextLong());
            case 10 -> new BsonInt64(random.nextLong());
            case 11 -> new BsonDecimal128(Decimal128.parse("3.14"));
            case 12 -> new BsonMinKey();
            case 13 -> new BsonMaxKey();
            case 14 -> randomDocument(random, depth + 1);
            default -> {
                BsonArray a = new BsonArray();
                for (int i = random.nextInt(4); i > 0; i--) {
                    a.add(randomValue(random, depth + 1));
                }
                yield a;
            }
        };
    }
}
