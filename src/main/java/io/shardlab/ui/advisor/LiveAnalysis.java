package io.shardlab.ui.advisor;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.live.Cancellation;
import io.shardlab.live.LiveClusterException;
import io.shardlab.live.LiveConnection;
import io.shardlab.live.LiveConnectionRequest;
import io.shardlab.live.LiveConnector;
import io.shardlab.live.SampledQueries;
import io.shardlab.live.ServerShardKeyAnalysis;
import io.shardlab.text.RefusedInput;
import org.bson.BsonDocument;

/**
 * What the advisor window asks a live 7.0+ cluster besides its sample: the sampled queries
 * ({@link SampledQueries}) and the server's own analyzeShardKey ({@link ServerShardKeyAnalysis}).
 * Injected so that tests can answer without a server; each call connects, reads and disconnects.
 */
public interface LiveAnalysis {

    /**
     * The cluster's sampled queries of {@code namespace}.
     *
     * @throws IllegalArgumentException with one line when the server cannot be read or cannot list them
     */
    SampledQueries.Mix sampledQueries(LiveConnectionRequest request, String namespace, Cancellation cancellation);

    /**
     * The server's analyzeShardKey answer for {@code key}.
     *
     * @throws IllegalArgumentException with one line when the server cannot be read or refuses
     */
    BsonDocument serverAnswer(
            LiveConnectionRequest request, String namespace, ShardKeyPattern key, Cancellation cancellation);

    /** The real thing, through {@code connector}. */
    static LiveAnalysis through(LiveConnector connector) {
        return new LiveAnalysis() {
            @Override
            public SampledQueries.Mix sampledQueries(
                    LiveConnectionRequest request, String namespace, Cancellation cancellation) {
                try (LiveConnection c = connector.connect(request, cancellation)) {
                    return SampledQueries.read(c, namespace);
                } catch (LiveClusterException e) {
                    throw new RefusedInput(e.said(), e);
                }
            }

            @Override
            public BsonDocument serverAnswer(
                    LiveConnectionRequest request, String namespace, ShardKeyPattern key, Cancellation cancellation) {
                try (LiveConnection c = connector.connect(request, cancellation)) {
                    return ServerShardKeyAnalysis.run(c, namespace, key);
                } catch (LiveClusterException e) {
                    throw new RefusedInput(e.said(), e);
                }
            }
        };
    }
}
