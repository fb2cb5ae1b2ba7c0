package io.shardlab.mongos;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.routing.FilterParser.BsonTypeNames;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * The {@code expireAfterSeconds} of a {@code createIndexes} command's specifications, as the mongod a mongos
 * forwards it to checks it: after every specification has passed {@link IndexSpecifications} (the shard validates
 * the specifications' form first, then the TTL options), each specification that has the field is checked in the
 * command's order, on the specification as sent. Every refusal is CannotCreateIndex (67).
 *
 * <p>4.2 and 4.4 ({@code validateTTLOptions} in mongo {@code src/mongo/db/commands/create_indexes.cpp} of those
 * lines): a value that is not a number, "TTL index 'expireAfterSeconds' option must be numeric, but received a type
 * of 'string'. Index spec: { … }"; then its whole seconds below 0, "… option cannot be less than 0. Index spec:
 * { … }"; then more seconds than the epoch has now (or too many to count in milliseconds), "… option must be within
 * an acceptable range, try a lower number. Index spec: { … }"; then a compound key, "TTL indexes are single-field
 * indexes, compound indexes do not support TTL. Index spec: { … }".
 *
 * <p>From 7.0 ({@code validateIndexSpecTTL} and {@code validateExpireAfterSeconds} in mongo
 * {@code src/mongo/db/catalog/index_key_validate.cpp}, called by {@code validateTTLOptions} in
 * {@code src/mongo/db/commands/create_indexes_cmd.cpp} after {@code parseAndValidateIndexSpecs}): not a number,
 * "TTL index 'expireAfterSeconds' option must be numeric, but received a type of 'string" (the quote left open as
 * MongoDB leaves it); NaN, "… option must not be NaN"; outside a 32-bit integer once truncated, "TTL index
 * 'expireAfterSeconds' must be within the range of a 32-bit integer"; below 0, "… option cannot be less than 0";
 * each given the context ". Index spec: { … } :: caused by :: " ({@code Status::withContext}). A compound key is
 * refused as in 4.4 without the context.
 *
 * <p>5.0 and 6.0 are not checked here: their {@code create_indexes.cpp} / {@code index_key_validate.cpp} are not
 * among the stored sources, so what they answer is not verified. Nor is 4.0.
 */
final class TtlIndexOptions {

    private static final String FIELD = "expireAfterSeconds";

    private TtlIndexOptions() {}

    /**
     * Refuses a TTL index on a capped collection where {@code release} does: CannotCreateIndex "Cannot create TTL
     * index on a capped collection", checked after the specifications' TTL values (mongo
     * {@code src/mongo/db/catalog/index_catalog_impl.cpp}, {@code prepareSpecForCreate}). From 5.2 (SERVER-26287;
     * "Before version 5.2, TTL indexes were allowed to be created on capped collections", SERVER-61545) to 7.0;
     * 7.1 lets a capped collection have TTL indexes again (SERVER-77586, feature flag
     * {@code TTLIndexesOnCappedCollections}; the 8.x {@code prepareSpecForCreate} has no such check).
     *
     * @throws MongoCommandException CannotCreateIndex when {@code capped} and a specification has the option
     */
    static void requireNoTtlOnCapped(BsonArray indexes, boolean capped, MongoVersion release) {
        if (!capped || !release.atLeast(5, 2) || release.atLeast(7, 1)) {
            return;
        }
        for (BsonValue v : indexes) {
            if (v instanceof BsonDocument spec && spec.containsKey(FIELD)) {
                throw new MongoCommandException(
                        ErrorCode.CANNOT_CREATE_INDEX, "Cannot create TTL index on a capped collection");
            }
        }
    }

    /**
     * Refuses the first specification of {@code indexes} whose {@code expireAfterSeconds} {@code release}'s shards
     * refuse; the specifications have passed {@link IndexSpecifications#checked} already.
     *
     * @param nowMillis the wall clock in milliseconds since the epoch (4.2–4.4 refuse more seconds than it counts)
     * @throws MongoCommandException CannotCreateIndex with the release's words
     */
    static void check(BsonArray indexes, MongoVersion release, long nowMillis) {
        boolean fourFour = release.atLeast(4, 2) && !release.atLeast(5, 0);
        boolean sevenOh = release.atLeast(7, 0);
        if (!fourFour && !sevenOh) {
            return;
        }
        for (BsonValue v : indexes) {
            if (v instanceof BsonDocument spec && spec.containsKey(FIELD)) {
                if (fourFour) {
                    checkAsFourFour(spec, nowMillis);
                } else {
                    checkAsSevenOh(spec);
                }
                if (spec.get("key") instanceof BsonDocument key && key.size() != 1) {
                    throw refused(
                            "TTL indexes are single-field indexes, compound indexes do not support TTL. Index spec: "
                                    + BsonPrinter.serverString(spec));
                }
            }
        }
    }

    private static void checkAsFourFour(BsonDocument spec, long nowMillis) {
        refusal(spec.get(FIELD), MongoVersion.V4_4, nowMillis).ifPresent(reason -> {
            throw refused(reason + ". Index spec: " + BsonPrinter.serverString(spec));
        });
    }

    private static void checkAsSevenOh(BsonDocument spec) {
        refusal(spec.get(FIELD), MongoVersion.V7_0, 0).ifPresent(reason -> {
            throw refused(". Index spec: " + BsonPrinter.serverString(spec) + " :: caused by :: " + reason);
        });
    }

    /**
     * Why a shard of {@code release} refuses {@code seconds} as a TTL index's {@code expireAfterSeconds}
     * ({@code validateExpireAfterSeconds} of mongo {@code index_key_validate.cpp}, or 4.4's
     * {@code validateTTLOptions}): before 7.0 not a number, below 0, more seconds than the epoch has now; from 7.0
     * not a number (the quote left open), NaN, outside a 32-bit integer, below 0. Empty when it takes the value.
     * {@code collMod} gives the same reasons for the {@code expireAfterSeconds} of its {@code index} from 5.1
     * ({@link IndexOptionChange}).
     *
     * @param nowMillis the wall clock in milliseconds since the epoch (only read before 7.0)
     */
    static Optional<String> refusal(BsonValue seconds, MongoVersion release, long nowMillis) {
        String option = "TTL index '" + FIELD + "' option ";
        if (!seconds.isNumber() && !seconds.isDecimal128()) {
            return Optional.of(option + "must be numeric, but received a type of '" + BsonTypeNames.of(seconds)
                    + (release.atLeast(7, 0) ? "" : "'"));
        }
        long whole = safeNumberLong(seconds);
        if (release.atLeast(7, 0)) {
            if (isNaN(seconds)) {
                return Optional.of(option + "must not be NaN");
            }
            if (whole < Integer.MIN_VALUE || whole > Integer.MAX_VALUE) {
                return Optional.of("TTL index '" + FIELD + "' must be within the range of a 32-bit integer");
            }
        }
        if (whole < 0) {
            return Optional.of(option + "cannot be less than 0");
        }
        if (!release.atLeast(7, 0) && (whole > Long.MAX_VALUE / 1000 || whole * 1000 > nowMillis)) {
            return Optional.of(option + "must be within an acceptable range, try a lower number");
        }
        return Optional.empty();
    }

    private static boolean isNaN(BsonValue v) {
        return (v.isDouble() && Double.isNaN(v.asDouble().getValue()))
                || (v.isDecimal128() && v.asDecimal128().getValue().isNaN());
    }

    /**
     * MongoDB's {@code BSONElement::safeNumberLong}: a double or decimal truncated toward zero and clamped to the
     * 64-bit range, NaN as 0.
     */
    static long safeNumberLong(BsonValue v) {
        if (v.isInt32() || v.isInt64()) {
            return v.asNumber().longValue();
        }
        if (v.isDecimal128()) {
            Decimal128 d = v.asDecimal128().getValue();
            if (d.isNaN()) {
                return 0;
            }
            if (d.isInfinite()) {
                return d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
            }
            return (long) d.bigDecimalValue().doubleValue();
        }
        double d = v.asDouble().getValue();
        return Double.isNaN(d) ? 0 : (long) d;
    }

    private static MongoCommandException refused(String message) {
        return new MongoCommandException(ErrorCode.CANNOT_CREATE_INDEX, message);
    }
}
