package io.shardlab.session;

/**
 * What a transport bar drives: one explorer's engine, or the lockstep driver of a comparison, which
 * plays two explorers as one. Every verb only submits work to the simulation thread, so it can be
 * called from the JavaFX thread.
 */
public interface Transport {

    /** Lets time run at the current speed. */
    void play();

    /** Stops time. */
    void pause();

    /** While paused, lets one chart window of simulated time pass. */
    void step();

    /** Builds the cluster(s) again: the stream at its start. */
    void reset();

    /** Sets the speed; takes effect at once when playing. */
    void speed(PlaybackSpeed speed);
}
