package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.key.ShardKey;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * {@code sh.splitAt(ns, middle)} ({@code split: ns, middle}): splits the chunk containing
 * {@code middle} into {@code [min, middle)} and {@code [middle, max)}. Errors, mongo
 * {@code src/mongo/s/commands/cluster_split_cmd.cpp}: a middle whose fields are not the shard key's
 * ("new split key … is not valid for shard key pattern …") and a middle equal to a bound of its
 * chunk ("new split key … is a boundary key of existing chunk [min,max)"). Both are errmsg-only
 * failures ({@code ErrmsgCommandDeprecated}: the reply carries no code). A middle the config server may not
 * store (a regular expression) is BadValue ({@link CommandSupport#unstorableSplitPoint}).
 *
 * @param namespace the collection
 * @param middle the split point as a document of the shard key's fields
 */
public record SplitAt(String namespace, BsonDocument middle) implements CodedCommand {

    public SplitAt {
        Namespaces.check(namespace);
        middle = middle.clone();
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        return CommandSupport.requireShardedRefusal(state, "split", namespace).or(() -> middleRefusal(state));
    }

    private Optional<Refusal> middleRefusal(ClusterState state) {
        Optional<ShardKey> key = CommandSupport.boundKey(state.key(), middle);
        if (key.isEmpty()) {
            return Optional.of(
                    Refusal.errmsgOnly("new split key " + ServerText.of(middle) + " is not valid for shard key pattern "
                            + ServerText.of(state.key().toDocument())));
        }
        int i = state.chunks().indexOf(key.get());
        Chunk c = state.chunks().get(i);
        if (c.min().equals(key.get()) || c.max().equals(key.get())) {
            return Optional.of(Refusal.errmsgOnly("new split key " + ServerText.of(key.get(), state.key())
                    + " is a boundary key of existing chunk [" + ServerText.of(c.min(), state.key()) + ","
                    + ServerText.of(c.max(), state.key()) + ")"));
        }
        if (state.isMigrating(i)) {
            return Optional.of(Refusal.operationFailed(CommandSupport.migrationInProgress("split a chunk")));
        }
        if (!state.canPlace(i, List.of(key.get()))) {
            // ShardLab's text: the simulator holds no keys for a loaded chunk's documents
            return Optional.of(Refusal.operationFailed(CommandSupport.unplaceable(c, state.key())));
        }
        return CommandSupport.unstorableSplitPoint(state.key(), List.of(key.get()));
    }

    @Override
    public void apply(ClusterState state) {
        ShardKey key = CommandSupport.boundKey(state.key(), middle).orElseThrow();
        state.split(state.chunks().indexOf(key), List.of(key), ClusterEvent.SplitCause.COMMAND);
    }

    @Override
    public String describe() {
        return "split " + namespace + " at " + CommandSupport.shell(middle);
    }

    @Override
    public String mongoshCommand() {
        return "sh.splitAt(\"" + namespace + "\", " + CommandSupport.shell(middle) + ")";
    }
}
