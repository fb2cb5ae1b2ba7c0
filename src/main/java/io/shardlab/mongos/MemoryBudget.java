package io.shardlab.mongos;

import java.util.List;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * The heap ShardLab lets the clients' documents take: a document is kept only while its bytes (its BSON bytes
 * and {@link DocumentStorage#keptBytesPerDocument()}) fit in the budget; a write that does not fit is refused,
 * never acknowledged and lost. Deletes and drops give the room back.
 *
 * <p>The refusal is the one MongoDB's in-memory storage engine gives when its data would pass
 * {@code inMemorySizeGB}: WiredTiger answers an insert or update with {@code WT_CACHE_FULL} ("any insert or update
 * operation when the cache is at capacity", WiredTiger's {@code in_memory} documentation and WT-2932), which mongod
 * turns into {@code ExceededMemoryLimit} (146) with the text {@code "-31807: WT_CACHE_FULL: operation would
 * overflow cache"} (mongo {@code src/mongo/db/storage/wiredtiger/wiredtiger_util.cpp} {@code wtRCToStatus_slow};
 * the code in {@code src/mongo/base/error_codes.yml}). OutOfDiskSpace (14031) is the disk engine's, for a full
 * file system; ShardLab keeps nothing on disk while it runs. mongos passes a shard's write error on per statement.
 *
 * <p>One line goes to the notices each time the use climbs past 50, 80 and 100 percent (again after it fell
 * below). Invariant: {@code 0 <= storedBytes}.
 *
 * <p>Threading: not thread-safe; the command layer runs one command at a time.
 */
final class MemoryBudget {

    /** The percentages whose crossing is announced. */
    static final List<Integer> ANNOUNCED_PERCENTS = List.of(50, MemoryBudgetUse.NEARLY_FULL_PERCENT, 100);

    /** WiredTiger's {@code WT_CACHE_FULL} return code and text ({@code wiredtiger_strerror}). */
    static final String CACHE_FULL = "-31807: WT_CACHE_FULL: operation would overflow cache";

    private final long budgetBytes;
    private final Consumer<String> notices;
    private long storedBytes;
    private int announced;

    /**
     * @param budgetBytes the bytes of kept documents allowed
     * @param notices receives one line at each announced percentage crossed upwards
     */
    MemoryBudget(long budgetBytes, Consumer<String> notices) {
        this.budgetBytes = budgetBytes;
        this.notices = notices;
    }

    /** Whether {@code bytes} more can be kept. */
    boolean fits(long bytes) {
        return storedBytes + bytes <= budgetBytes;
    }

    /** Whether nothing more fits: the budget is used up (updates are refused then, as the in-memory engine does). */
    boolean full() {
        return storedBytes >= budgetBytes;
    }

    /** The stored bytes change by {@code deltaBytes} (kept documents, an update's growth, a delete's release). */
    void stored(long deltaBytes) {
        storedBytes = Math.max(0, storedBytes + deltaBytes);
        int percent = use().percent();
        int reached = 0;
        for (int p : ANNOUNCED_PERCENTS) {
            if (percent >= p) {
                reached = p;
            }
        }
        if (reached > announced) {
            notices.accept("memory budget: " + reached + " % used (" + use().describe() + ")"
                    + (reached >= 100 ? "; writes are refused until documents are deleted or dropped" : ""));
        }
        announced = reached;
    }

    /** How full the budget is now. */
    MemoryBudgetUse use() {
        return new MemoryBudgetUse(storedBytes, budgetBytes);
    }

    /** The refusal of a write that does not fit: ExceededMemoryLimit with WiredTiger's text and ShardLab's reason. */
    MongoCommandException refusal() {
        return new MongoCommandException(ErrorCode.EXCEEDED_MEMORY_LIMIT, refusalMessage());
    }

    /** The write error of statement {@code index} refused for want of room, as mongos passes a shard's on. */
    BsonDocument writeError(int index) {
        return new BsonDocument("index", new BsonInt32(index))
                .append("code", new BsonInt32(ErrorCode.EXCEEDED_MEMORY_LIMIT.number()))
                .append("codeName", new BsonString(ErrorCode.EXCEEDED_MEMORY_LIMIT.codeName()))
                .append("errmsg", new BsonString(refusalMessage()));
    }

    private String refusalMessage() {
        return CACHE_FULL + " (ShardLab's memory budget is full: " + use().describe()
                + "; delete documents or drop a collection to make room)";
    }
}
