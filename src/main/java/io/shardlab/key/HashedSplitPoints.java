package io.shardlab.key;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonInt64;
import org.bson.BsonMinKey;
import org.bson.BsonValue;

/**
 * The initial split points of a hashed shard key: mongo
 * {@code src/mongo/db/s/config/initial_split_policy.cpp}, {@code calculateHashedSplitPoints}.
 *
 * <p>{@code intervalSize = (INT64_MAX / n) * 2} in integer arithmetic; for even n emit 0 and start at
 * {@code intervalSize}, for odd n start at {@code intervalSize / 2}; then {@code (n - 1) / 2} times
 * emit {@code +cur} and {@code -cur}, adding {@code intervalSize}; sorted. n = 1 gives none. For a
 * compound key each split point is the given prefix (the values of the fields before the hashed
 * one), then the hashed value, then MinKey for every field after it.
 */
public final class HashedSplitPoints {

    private HashedSplitPoints() {}

    /**
     * The sorted hashed values that cut the hashed space into {@code numChunks} chunks.
     *
     * @param numChunks at least 1
     */
    public static List<Long> of(int numChunks) {
        if (numChunks < 1) {
            throw new IllegalArgumentException("numChunks: must be at least 1, got " + numChunks);
        }
        List<Long> points = new ArrayList<>();
        if (numChunks == 1) {
            return points;
        }
        long intervalSize = (Long.MAX_VALUE / numChunks) * 2;
        long current = 0;
        if (numChunks % 2 == 0) {
            points.add(0L);
            current += intervalSize;
        } else {
            current += intervalSize / 2;
        }
        for (int i = 0; i < (numChunks - 1) / 2; i++) {
            points.add(current);
            points.add(-current);
            current += intervalSize;
        }
        points.sort(null);
        return points;
    }

    /**
     * The split points as shard keys of {@code pattern}: {@code prefix}, then the hashed value,
     * then MinKey for each later field ({@code buildSplitPoint} in {@code calculateHashedSplitPoints}).
     *
     * @param pattern a pattern with a hashed field
     * @param prefix one value per field before the hashed field (empty for a hashed prefix)
     * @param numChunks at least 1
     * @throws IllegalArgumentException if the pattern has no hashed field or the prefix has the
     *     wrong length
     */
    public static List<ShardKey> of(ShardKeyPattern pattern, List<? extends BsonValue> prefix, int numChunks) {
        int hashedIndex = pattern.hashedFieldIndex();
        if (hashedIndex < 0) {
            throw new IllegalArgumentException("pattern: " + pattern + " has no hashed field");
        }
        if (prefix.size() != hashedIndex) {
            throw new IllegalArgumentException("prefix: " + pattern + " needs " + hashedIndex
                    + (hashedIndex == 1 ? " value" : " values") + " before its hashed field, got " + prefix.size());
        }
        List<ShardKey> keys = new ArrayList<>();
        for (long point : of(numChunks)) {
            BsonValue[] values = new BsonValue[pattern.arity()];
            for (int i = 0; i < hashedIndex; i++) {
                values[i] = prefix.get(i);
            }
            values[hashedIndex] = new BsonInt64(point);
            for (int i = hashedIndex + 1; i < values.length; i++) {
                values[i] = new BsonMinKey();
            }
            keys.add(ShardKey.of(values));
        }
        return keys;
    }
}
