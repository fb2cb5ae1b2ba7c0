package io.shardlab.exercise;

import io.shardlab.routing.TargetingClass;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What mongos saw one student's clients send to their database, as the {@link CommandJournal} counted it: the
 * queries per collection by how mongos targeted them, the newest queries, and the splits, with those run while the
 * collection's balancing was off. Immutable.
 *
 * @param queries per collection name, the queries run (reads, explains, and the filters of updates and deletes) by
 *     targeting class
 * @param recent the newest queries, oldest first, at most {@link CommandJournal#RECENT_QUERIES}
 * @param splits per collection name, the split commands that succeeded
 * @param splitsWhileBalancingOff per collection name, those of them run while the collection's balancing was off
 */
public record StudentActivity(
        Map<String, Map<TargetingClass, Long>> queries,
        List<SeenQuery> recent,
        Map<String, Long> splits,
        Map<String, Long> splitsWhileBalancingOff) {

    /** Nothing seen. */
    public static final StudentActivity NONE = new StudentActivity(Map.of(), List.of(), Map.of(), Map.of());

    public StudentActivity {
        Map<String, Map<TargetingClass, Long>> copy = new HashMap<>();
        queries.forEach((collection, byClass) -> copy.put(collection, Map.copyOf(byClass)));
        queries = Map.copyOf(copy);
        recent = List.copyOf(recent);
        splits = Map.copyOf(splits);
        splitsWhileBalancingOff = Map.copyOf(splitsWhileBalancingOff);
    }

    /** The queries run on {@code collection} whose class is {@code targeting}. */
    public long queries(String collection, TargetingClass targeting) {
        return queries.getOrDefault(collection, Map.of()).getOrDefault(targeting, 0L);
    }
}
