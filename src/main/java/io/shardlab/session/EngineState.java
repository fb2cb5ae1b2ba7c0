package io.shardlab.session;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the explorer's engine tells the screen: still loading a scenario, unable to load it, or a
 * frame of the one it plays. Immutable; the newest state wins.
 */
public sealed interface EngineState {

    /** The scenario being loaded. */
    Scenario scenario();

    /** The cluster is being built and the stream read. */
    record Loading(Scenario scenario) implements EngineState {}

    /**
     * The scenario could not be loaded.
     *
     * @param message one line naming the field, e.g. {@code keyPattern: Shard key is empty}
     */
    record Failed(Scenario scenario, String message) implements EngineState {}

    /**
     * A frame of the scenario on show.
     *
     * @param frame the cluster and the stream now
     * @param playing whether time runs
     * @param speed how fast it runs when it does
     * @param collections the cluster's sharded collections, by namespace, the frame's among them
     * @param live whether clients can write (the explorer accepts connections): time has something to run for
     *     after the stream is in, so Play stays available
     * @param clientCollection the collection on show in one line when it is not the scenario's (a client's, or
     *     one the Shell panel sharded), else empty
     */
    record Running(
            ExplorerFrame frame,
            boolean playing,
            PlaybackSpeed speed,
            List<Collection> collections,
            boolean live,
            Optional<CollectionSummary> clientCollection)
            implements EngineState {

        public Running {
            collections = List.copyOf(collections);
            Objects.requireNonNull(clientCollection, "clientCollection");
        }

        /** A frame of a cluster with no collection but its scenario's and no client (the comparison's sides). */
        public Running(ExplorerFrame frame, boolean playing, PlaybackSpeed speed) {
            this(
                    frame,
                    playing,
                    speed,
                    List.of(new Collection(
                            frame.scenario().namespace(), frame.scenario().key().toString(), 0)),
                    false,
                    Optional.empty());
        }

        @Override
        public Scenario scenario() {
            return frame.scenario().scenario();
        }
    }

    /**
     * A sharded collection of the cluster on show, one entry of the explorer's collection picker.
     *
     * @param namespace {@code db.collection}
     * @param key the shard key as mongosh prints it, e.g. {@code { userId: 'hashed' }}
     * @param clientDocuments documents clients (and the Shell panel) have inserted into it so far
     */
    record Collection(String namespace, String key, long clientDocuments) {}
}
