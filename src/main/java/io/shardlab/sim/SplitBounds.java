package io.shardlab.sim;

import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * {@code db.adminCommand({split: ns, bounds: [min, max]})}: splits the chunk whose bounds are
 * exactly {@code [min, max)} at its median key, as {@link SplitFind} does for the chunk holding a
 * document. Errors, mongo {@code cluster_split_cmd.cpp}: bounds that are not shard keys ("shard key
 * bounds [{…},{…}) are not valid for shard key pattern {…}"), no chunk with exactly these bounds
 * ("no chunk found with the shard key bounds [{…}, {…})"), then {@link SplitFind}'s median checks.
 * Hashed fields are given as their hashed NumberLong values, as chunk bounds are.
 *
 * @param namespace the collection
 * @param min the chunk's min
 * @param max the chunk's max
 */
public record SplitBounds(String namespace, BsonDocument min, BsonDocument max) implements CodedCommand {

    public SplitBounds {
        Namespaces.check(namespace);
        min = min.clone();
        max = max.clone();
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        // the bounds checks are errmsg-only failures of cluster_split_cmd.cpp
        return CommandSupport.boundedChunkRefusal(
                state,
                "split",
                namespace,
                min,
                max,
                Refusal.NO_CODE,
                Refusal.NO_CODE,
                i -> SplitFind.refusalAtMedian(state, i));
    }

    @Override
    public void apply(ClusterState state) {
        int i = CommandSupport.chunkStartingAt(state, min);
        state.split(i, List.of(SplitFind.median(state, i).orElseThrow().get(0)), ClusterEvent.SplitCause.COMMAND);
    }

    @Override
    public String describe() {
        return "split " + namespace + " at the median of the chunk [" + CommandSupport.shell(min) + ", "
                + CommandSupport.shell(max) + ")";
    }

    @Override
    public String mongoshCommand() {
        return "db.adminCommand({ split: \"" + namespace + "\", bounds: [ " + CommandSupport.shell(min) + ", "
                + CommandSupport.shell(max) + " ] })";
    }
}
