package io.shardlab.sim;

import java.util.Optional;

/**
 * One change to the simulated cluster, as a MongoDB user or MongoDB itself would make it. The
 * cluster applies commands only through {@link SimulatedCluster#execute}, which records them for
 * undo and redo.
 *
 * <p>Contract: {@link #canApply} is side-effect free and returns MongoDB's error text when the
 * command would fail on a real cluster of the simulated version (verified in MongoDB's source;
 * where a text is ShardLab's own the implementing class says so); {@link #apply} is called only
 * after {@code canApply} returned empty and must keep the cluster's invariants. Undo needs nothing
 * from the command: the cluster restores the state it recorded before {@code apply}.
 */
public interface ClusterCommand {

    /** Empty when the command can be applied now; otherwise MongoDB's error message. */
    Optional<String> canApply(ClusterState state);

    /**
     * {@link #canApply}'s refusal with MongoDB's error code name; a command that knows its codes
     * overrides this and answers {@code canApply} from it, the others refuse with
     * {@link Refusal#OPERATION_FAILED}.
     */
    default Optional<Refusal> refusal(ClusterState state) {
        return canApply(state).map(Refusal::operationFailed);
    }

    /** Applies the command. Precondition: {@link #canApply} returned empty. */
    void apply(ClusterState state);

    /** One line for a history list, e.g. {@code "split db.c at { x: 10 }"}. */
    String describe();

    /** The equivalent mongosh text, e.g. {@code sh.splitAt("db.c", { x: 10 })}. */
    String mongoshCommand();

    /** True for what MongoDB does by itself (balancer rounds, migration commits, auto-merges). */
    default boolean automatic() {
        return false;
    }
}
