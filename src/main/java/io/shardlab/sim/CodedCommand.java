package io.shardlab.sim;

import java.util.Optional;

/**
 * A command that refuses with MongoDB's error code names: it answers {@link #refusal}, and
 * {@link #canApply} is that refusal's message.
 */
interface CodedCommand extends ClusterCommand {

    /** Empty when the command can be applied now; otherwise MongoDB's code name and error message. */
    @Override
    Optional<Refusal> refusal(ClusterState state);

    @Override
    default Optional<String> canApply(ClusterState state) {
        return refusal(state).map(Refusal::message);
    }
}
