package io.shardlab.mongos;

import io.shardlab.cluster.MongoVersion;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * The {@code scale} of a {@code dbStats} command: the divisor of its size fields ({@code dataSize},
 * {@code storageSize}, {@code indexSize}, {@code totalSize}, {@code fsUsedSize}, {@code fsTotalSize}), each shard's
 * sizes divided in whole numbers ({@code size / scale}) and the mongos summing the shards' divided sizes;
 * {@code avgObjSize} is not divided and {@code scaleFactor} is the scale (mongo
 * {@code src/mongo/db/catalog/database_impl.cpp} {@code getStats} of 4.4; {@code src/mongo/s/commands/
 * cluster_db_stats_cmd.cpp} {@code aggregateResults}; SERVER-7347).
 *
 * <p>How the mongos reads it, per release:
 * <ul>
 *   <li>4.4, the hand parser of the mongos' {@code ErrmsgCommandDeprecated} (and of the shards' {@code dbcommands.cpp}
 *       4.4): a number is taken as a 32-bit integer ({@code numberInt}), below 1 refused "scale has to be > 0"; a value
 *       that is no number but true ({@code trueValue}) "scale has to be a number > 0"; a false one (false, null) is no
 *       scale. Both refusals are an {@code errmsg} without a code;</li>
 *   <li>from 7.0, mongo {@code src/mongo/db/dbcommands.idl} ({@code dbStats.scale}: {@code safeInt64}, default 1)
 *       read by the mongos' {@code BasicCommandWithRequestParser}: not a number TypeMismatch "BSON field
 *       'dbStats.scale' is the wrong type 'string', expected types '[long, int, decimal, double]'", then BadValue
 *       "Scale must be greater than zero" below 1.</li>
 * </ul>
 * 5.0 to 6.3 read it as 4.4 does: a shard's {@code dbStats} of 2022 (mongo {@code src/mongo/db/commands/dbcommands.cpp},
 * the version whose note defers its IDL to SERVER-67519, with {@code freeStorage}) still hand-parses it with 4.4's
 * words and divides its sizes, and
 * the mongos passes the command to every shard and sums (the 4.x {@code cluster_db_stats_cmd.cpp}); their mongos'
 * own {@code cluster_db_stats_cmd.cpp} is not among the stored sources, so whether a refusal reaches the client
 * without a code (as ShardLab answers) or as the shards' error is not verified, nor whether the IDL (its file dates
 * from 2022) already reads it in 6.1 – 6.3. They had ignored the scale.
 *
 * @param divisor what each size is divided by, at least 1
 */
record DbStatsScale(long divisor) {

    /** No scale: sizes in bytes. */
    static final DbStatsScale BYTES = new DbStatsScale(1);

    DbStatsScale {
        if (divisor < 1) {
            throw new IllegalArgumentException("divisor: a scale is at least 1, got " + divisor);
        }
    }

    /**
     * The scale of {@code command} as {@code release}'s mongos reads it.
     *
     * @throws MongoCommandException as that mongos refuses a scale
     */
    static DbStatsScale of(BsonDocument command, MongoVersion release) {
        BsonValue v = command.get("scale");
        if (release.atLeast(7, 0)) {
            return fromIdl(v);
        }
        return fromHandParser(v);
    }

    /** The size {@code bytes} divided by the scale, as a shard writes it (whole units, rounded down). */
    long of(long bytes) {
        return bytes / divisor;
    }

    private static DbStatsScale fromHandParser(BsonValue v) {
        if (v == null) {
            return BYTES;
        }
        if (v.isNumber() || v.isDecimal128()) {
            int scale = numberInt(v);
            if (scale <= 0) {
                throw new MongoCommandException(ErrorCode.NO_CODE, "scale has to be > 0");
            }
            return new DbStatsScale(scale);
        }
        if (isTrue(v)) {
            throw new MongoCommandException(ErrorCode.NO_CODE, "scale has to be a number > 0");
        }
        return BYTES;
    }

    private static DbStatsScale fromIdl(BsonValue v) {
        if (v == null || v.isNull()) {
            return BYTES;
        }
        if (!v.isNumber() && !v.isDecimal128()) {
            throw CommandArguments.wrongType("dbStats.scale", v, ArgumentType.NUMBER);
        }
        long scale = safeNumberLong(v);
        if (scale <= 0) {
            throw new MongoCommandException(ErrorCode.BAD_VALUE, "Scale must be greater than zero");
        }
        return new DbStatsScale(scale);
    }

    /** {@code BSONElement::numberInt}: a double truncated toward zero (NaN 0), a long cut to its low 32 bits. */
    private static int numberInt(BsonValue v) {
        if (v.isInt32()) {
            return v.asInt32().getValue();
        }
        if (v.isInt64()) {
            return (int) v.asInt64().getValue();
        }
        double d = v.isDecimal128()
                ? v.asDecimal128().getValue().bigDecimalValue().doubleValue()
                : v.asDouble().getValue();
        return Double.isNaN(d) ? 0 : (int) d;
    }

    /** {@code BSONElement::safeNumberLong}: a double truncated toward zero and clamped, NaN 0. */
    private static long safeNumberLong(BsonValue v) {
        if (v.isInt32() || v.isInt64()) {
            return v.asNumber().longValue();
        }
        if (v.isDecimal128()
                && (v.asDecimal128().getValue().isNaN()
                        || v.asDecimal128().getValue().isInfinite())) {
            return v.asDecimal128().getValue().isNaN()
                    ? 0
                    : v.asDecimal128().getValue().isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        double d = v.isDecimal128()
                ? v.asDecimal128().getValue().bigDecimalValue().doubleValue()
                : v.asDouble().getValue();
        return Double.isNaN(d) ? 0 : (long) d;
    }

    /** {@code BSONElement::trueValue} of a value that is no number: false for false, null and undefined. */
    private static boolean isTrue(BsonValue v) {
        boolean isFalse = v.isBoolean() && !v.asBoolean().getValue();
        return !isFalse && !v.isNull() && v.getBsonType() != BsonType.UNDEFINED;
    }
}
