package io.shardlab.exercise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.sim.AddShard;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Where each student stands on each exercise, and since when they passed. */
class ClassProgressTest {

    private static final Exercise USERS_SHARDED = new Exercise(
            "users-sharded",
            "Shard users",
            ExercisePrinciple.HASHED_KEYS,
            "Shard users.",
            Optional.empty(),
            List.of(new CheckItem(new Check.Sharded("users", Optional.empty()), "Shard users first.")),
            "sh.shardCollection(db.getName() + '.users', { a: 1 })",
            "");

    private static StudentEvidence withUsers(String database) {
        SimulatedCluster cluster = new SimulatedCluster(SimulationConfig.of(MongoVersion.DEFAULT));
        cluster.execute(new AddShard("shard01"));
        cluster.execute(ShardCollection.of(database + ".users", "{ a: 1 }"));
        return new StudentEvidence(
                database,
                Map.of("users", new CollectionEvidence(cluster.snapshot(), true, OptionalLong.empty())),
                StudentActivity.NONE);
    }

    private static StudentEvidence empty(String database) {
        return new StudentEvidence(database, Map.of(), StudentActivity.NONE);
    }

    @Test
    void aStudentKeepsTheMomentTheyFirstPassedEvenAfterUndoingTheirWork() {
        ClassProgress progress = new ClassProgress();
        Instant nine = Instant.parse("2024-05-02T09:00:00Z");
        Instant ten = Instant.parse("2024-05-02T10:00:00Z");
        Instant eleven = Instant.parse("2024-05-02T11:00:00Z");

        // given ada passes at nine and bob does not
        List<ClassProgress.Result> first = progress.evaluate(
                new ClassEvidence(Map.of("ada", withUsers("ada"), "bob", empty("bob"))), List.of(USERS_SHARDED), nine);
        // when ada passes again at ten, then drops her collection by eleven
        progress.evaluate(new ClassEvidence(Map.of("ada", withUsers("ada"))), List.of(USERS_SHARDED), ten);
        List<ClassProgress.Result> last =
                progress.evaluate(new ClassEvidence(Map.of("ada", empty("ada"))), List.of(USERS_SHARDED), eleven);

        // then bob read the hint, and ada is "not yet" again but passed first at nine
        assertEquals("bob", first.get(1).database());
        assertFalse(first.get(1).passed());
        assertEquals(
                Optional.of("Shard users first. (now: users is not sharded yet)"),
                first.get(1).hint().map(Messages.of(Language.ENGLISH)::text));
        assertTrue(first.get(0).passed());
        assertFalse(last.get(0).passed());
        assertEquals(Optional.of(nine), last.get(0).passedAt());
    }
}
