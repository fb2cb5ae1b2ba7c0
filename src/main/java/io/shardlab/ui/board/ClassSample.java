package io.shardlab.ui.board;

import io.shardlab.exercise.ClassEvidence;
import io.shardlab.exercise.CommandJournal;
import io.shardlab.session.CatalogRead;
import io.shardlab.session.CollectionGlance;
import io.shardlab.session.ShardDrain;
import io.shardlab.text.Message;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * One look at the class, taken on the simulation thread and handed to the board's lane whole: every sharded
 * collection at a glance and what the checks read about every student. Immutable.
 *
 * @param glances each sharded collection at a glance, by namespace
 * @param evidence the students' databases, collections and activity
 * @param teacherDatabase the scenario's database, which is nobody's exercise; empty before a scenario loads
 * @param drainsLeft per draining shard id, what is left of its drain over the whole catalog ({@link
 *     ShardDrain#leftByShard}), said in the tiles' DRAINING badges as the explorer's lanes say it
 */
public record ClassSample(
        Map<String, CollectionGlance> glances,
        ClassEvidence evidence,
        Optional<String> teacherDatabase,
        Map<String, Message> drainsLeft) {

    public ClassSample {
        glances = Map.copyOf(glances);
        drainsLeft = Map.copyOf(drainsLeft);
    }

    /**
     * How a catalog read becomes a sample, on the simulation thread: the collections as they are, and the evidence of
     * every database but the scenario's.
     *
     * @param distinctUpTo per collection name, how far the checks count distinct key values
     */
    public static Function<CatalogRead, ClassSample> reading(CommandJournal journal, Map<String, Long> distinctUpTo) {
        return read -> {
            Optional<String> teacher = read.scenarioNamespace().map(ns -> ns.substring(0, ns.indexOf('.')));
            ClassEvidence evidence = read.catalog()
                    .map(c ->
                            ClassEvidence.read(c, journal, teacher.map(Set::of).orElse(Set.of()), distinctUpTo))
                    .orElse(ClassEvidence.NONE);
            return new ClassSample(
                    read.glances(),
                    evidence,
                    teacher,
                    read.mongos().map(ShardDrain::leftByShard).orElse(Map.of()));
        };
    }
}
