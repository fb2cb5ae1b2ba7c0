package io.shardlab.ui.lessons;

import io.shardlab.routing.TargetingClass;
import java.util.Objects;

/**
 * A find filter a lesson suggests trying on its scenario, with the targeting the lesson claims for it.
 *
 * @param label what the application is doing, e.g. {@code "Events of one hour"}; not blank
 * @param filter the filter as mongosh text, e.g. {@code "{ _id: { $gte: ObjectId('…') } }"}; the
 *     catalog has checked that it parses
 * @param expected how the lesson says mongos targets it, in analyzeShardKey's words (single-shard,
 *     multi-shard, scatter-gather); the catalog has checked it against ShardLab's routing
 */
public record LessonQuery(String label, String filter, TargetingClass expected) {

    public LessonQuery {
        if (label == null || label.isBlank()) {
            throw new IllegalArgumentException(
                    "label: a query needs a label"); // untranslated: a developer's contract (the shipped lessons)
        }
        if (filter == null || filter.isBlank()) {
            throw new IllegalArgumentException(
                    "filter: a query needs a filter, e.g. { user: 'u42' }"); // untranslated: a developer's contract
        }
        Objects.requireNonNull(expected, "expected");
    }
}
