package io.shardlab.session;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
import java.util.List;
import java.util.Map;
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
     * @param said one line naming the field, e.g. {@code keyPattern: Shard key is empty}, to be said in the
     *     window's language (MongoDB's own words stay MongoDB's)
     */
    record Failed(Scenario scenario, Message said) implements EngineState {

        private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

        public Failed {
            Objects.requireNonNull(said, "said");
        }

        /** The failure as words of its own ({@code failure}'s message, or its text as written). */
        public static Failed of(Scenario scenario, Throwable failure) {
            return new Failed(scenario, RefusedInput.said(failure));
        }

        /** The failure as it was written (a task's description of what killed it): shown as it is. */
        public static Failed of(Scenario scenario, String written) {
            return new Failed(scenario, Message.of("common.verbatim", written));
        }

        /** {@link #said()} in English, for logs and tests. */
        public String message() {
            return ENGLISH.text(said);
        }
    }

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
     * @param drainsLeft per draining shard id, what is left of its drain over the whole catalog (its lane's DRAINING
     *     badge: {@code 3 chunks · 2 collections left}); measured with this state, on the simulation thread
     */
    record Running(
            ExplorerFrame frame,
            boolean playing,
            PlaybackSpeed speed,
            List<Collection> collections,
            boolean live,
            Optional<CollectionSummary> clientCollection,
            Map<String, Message> drainsLeft)
            implements EngineState {

        public Running {
            collections = List.copyOf(collections);
            Objects.requireNonNull(clientCollection, "clientCollection");
            drainsLeft = Map.copyOf(drainsLeft);
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
                    Optional.empty(),
                    Map.of());
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
