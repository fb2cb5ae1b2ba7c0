package io.shardlab.exercise;

import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulatedCluster;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the checks read about a whole class, one {@link StudentEvidence} per student database: every database of the
 * catalog and of the journal but MongoDB's own ({@value #SYSTEM_DATABASES_TEXT}) and those named as not a
 * student's (the teacher's scenario). Immutable; {@link #read} takes it on the thread that owns the catalog.
 *
 * @param students by database name
 */
public record ClassEvidence(Map<String, StudentEvidence> students) {

    static final String SYSTEM_DATABASES_TEXT = "admin, config, local";

    /** MongoDB's own databases: nobody's exercise. */
    public static final Set<String> SYSTEM_DATABASES = Set.of("admin", "config", "local");

    /** No student yet. */
    public static final ClassEvidence NONE = new ClassEvidence(Map.of());

    public ClassEvidence {
        students = Map.copyOf(students);
    }

    /**
     * Reads the class's state now: each student database's sharded collections and what {@code journal} saw.
     *
     * @param catalog the catalog the students write to; read on its thread, not changed
     * @param notStudents databases that are nobody's exercise (the teacher's)
     * @param distinctUpTo per collection name, how far to count distinct shard-key values ({@link
     *     #distinctKeyDemands}); a collection not named is not counted (it costs a pass over its documents)
     */
    public static ClassEvidence read(
            ShardedCatalog catalog, CommandJournal journal, Set<String> notStudents, Map<String, Long> distinctUpTo) {
        Set<String> names = new TreeSet<>(catalog.databases().keySet());
        names.addAll(journal.databases());
        names.removeAll(SYSTEM_DATABASES);
        names.removeAll(notStudents);
        Map<String, Map<String, CollectionEvidence>> collections = new HashMap<>();
        names.forEach(n -> collections.put(n, new TreeMap<>()));
        for (ShardedCatalog.CollectionEntry entry : catalog.collections().values()) {
            String ns = entry.namespace();
            int dot = ns.indexOf('.');
            Map<String, CollectionEvidence> of = collections.get(ns.substring(0, dot));
            if (of == null) {
                continue;
            }
            String name = ns.substring(dot + 1);
            SimulatedCluster cluster = entry.cluster();
            Long upTo = distinctUpTo.get(name);
            of.put(
                    name,
                    new CollectionEvidence(
                            cluster.snapshot(),
                            catalog.balancerEnabled() && !cluster.balancingDisabled(),
                            upTo == null ? OptionalLong.empty() : OptionalLong.of(cluster.distinctKeyValues(upTo))));
        }
        Map<String, StudentEvidence> students = new TreeMap<>();
        for (String name : names) {
            students.put(name, new StudentEvidence(name, collections.get(name), journal.activity(name)));
        }
        return new ClassEvidence(students);
    }

    /** Per collection name, the most distinct key values a {@link Check.DistinctKeyValues} of {@code exercises} asks. */
    public static Map<String, Long> distinctKeyDemands(List<Exercise> exercises) {
        Map<String, Long> demands = new HashMap<>();
        for (Exercise e : exercises) {
            for (CheckItem item : e.checks()) {
                if (item.check() instanceof Check.DistinctKeyValues d) {
                    demands.merge(d.collection(), d.atLeast(), Math::max);
                }
            }
        }
        return demands;
    }
}
