package io.shardlab.session;

/**
 * What the explorer's engine tells the screen: still loading a scenario, unable to load it, or a
 * frame of the one it plays. Immutable; the newest state wins.
 */
public sealed interface EngineState {

    /** The scenario being loaded. */
    Scenario scenario();

    /** The cluster is being built and the stream read. */
    record Loading(Scenario scenario) implements EngineState {
    }

    /**
     * The scenario could not be loaded.
     *
     * @param message one line naming the field, e.g. {@code keyPattern: Shard key is empty}
     */
    record Failed(Scenario scenario, String message) implements EngineState {
    }

    /**
     * A frame of the scenario on show.
     *
     * @param frame the cluster and the stream now
     * @param playing whether time runs
     * @param speed how fast it runs when it does
     */
    record Running(ExplorerFrame frame, boolean playing, PlaybackSpeed speed) implements EngineState {
        @Override
        public Scenario scenario() {
            return frame.scenario().scenario();
        }
    }
}
