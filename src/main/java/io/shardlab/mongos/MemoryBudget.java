package io.shardlab.mongos;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * The heap ShardLab lets the clients' documents take: documents are kept until their bytes (BSON bytes and
 * {@link DocumentStorage#keptBytesPerDocument()} each) pass the budget; after that a collection's new
 * documents are routed and counted in the simulated chunks but not kept, and this budget counts them per
 * namespace. Invariant: {@code 0 <= storedBytes}.
 *
 * <p>Threading: not thread-safe; the command layer runs one command at a time.
 */
final class MemoryBudget {

    private final long budgetBytes;
    private final Consumer<String> notices;
    private final Map<String, Long> notKept = new TreeMap<>();
    private long storedBytes;

    /**
     * @param budgetBytes the bytes of kept documents allowed
     * @param notices receives one line when a collection's documents first stop being kept
     */
    MemoryBudget(long budgetBytes, Consumer<String> notices) {
        this.budgetBytes = budgetBytes;
        this.notices = notices;
    }

    /** Whether {@code bytes} more can be kept. */
    boolean fits(long bytes) {
        return storedBytes + bytes <= budgetBytes;
    }

    /** The stored bytes change by {@code deltaBytes} (kept documents, an update's growth, a delete's release). */
    void stored(long deltaBytes) {
        storedBytes = Math.max(0, storedBytes + deltaBytes);
    }

    /** {@code documents} of {@code ns} were routed but not kept; the first time for a namespace tells the notices. */
    void notKept(String ns, long documents) {
        if (!notKept.containsKey(ns)) {
            notices.accept(ns + ": the memory budget of " + (budgetBytes >> 20) + " MB is used up: its "
                    + "documents from now on are routed and counted in the simulated chunks but not kept, so "
                    + "reads return only the documents kept before");
        }
        notKept.merge(ns, documents, Long::sum);
    }

    /** Whether every document of {@code ns} routed so far is kept. */
    boolean allKept(String ns) {
        return !notKept.containsKey(ns);
    }

    /** Forgets what {@code ns} did not keep (its documents were placed anew): the count forgotten, if any. */
    Optional<Long> forget(String ns) {
        return Optional.ofNullable(notKept.remove(ns));
    }

    /** Documents routed but not kept, per namespace. */
    Map<String, Long> notKeptCounts() {
        return Map.copyOf(notKept);
    }

    /** Tells the notices {@code line}. */
    void notice(String line) {
        notices.accept(line);
    }

    /**
     * ShardLab's own reply field for a read or write of {@code ns} whose documents were not all kept,
     * {@code {notKept, note}} (MongoDB has none; clients ignore unknown reply fields), or empty.
     */
    Optional<BsonDocument> note(String ns) {
        Long dropped = notKept.get(ns);
        if (dropped == null) {
            return Optional.empty();
        }
        return Optional.of(new BsonDocument("notKept", new BsonInt64(dropped))
                .append(
                        "note",
                        new BsonString(dropped + " documents of " + ns + " arrived past ShardLab's memory budget of "
                                + (budgetBytes >> 20) + " MB: they are routed and counted in the simulated chunks but "
                                + "not kept, so reads do not return them")));
    }
}
