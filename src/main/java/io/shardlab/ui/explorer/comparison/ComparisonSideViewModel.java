package io.shardlab.ui.explorer.comparison;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.session.EngineState;
import io.shardlab.session.LockstepEngine;
import io.shardlab.session.Scenario;
import io.shardlab.text.Message;
import io.shardlab.ui.explorer.balancer.BalancerWhy;
import io.shardlab.ui.explorer.balancer.BalancerWhyViewModel;
import io.shardlab.ui.explorer.diagram.ChunkActionsViewModel;
import io.shardlab.ui.explorer.diagram.NumberLineViewModel;
import io.shardlab.ui.explorer.playback.PlaybackViewModel;
import java.util.Objects;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableBooleanValue;

/**
 * One side of a comparison: an explorer's number line, lanes and writes chart over one of the lockstep
 * driver's two sessions, its caption (release, key, chunk size, shards) and its running counters. Its chunk
 * gestures (split, move, merge) run on its own cluster only. As the explorer's line does, it draws the ghosts of
 * migrated ranges counting down to their deletion (the frame's orphaned ranges) and the balancer's next migration
 * (Why no move?'s plan preview, {@link BalancerWhyViewModel}), read again whenever the side's layout changes: a
 * comparison has no Why no move? panel, so the preview is drawn while the comparison's switch is on
 * ({@link #showPlanPreview}).
 */
public final class ComparisonSideViewModel {

    private final LockstepEngine.Side side;
    private final NumberLineViewModel numberLine;
    private final ChunkActionsViewModel actions;
    private final PlaybackViewModel counters;
    private final LockstepEngine engine;
    private final BalancerWhyViewModel balancer;
    /** The layout the balancer's decision was last asked for. */
    private ClusterSnapshot shownLayout;

    private final ReadOnlyObjectWrapper<Message> caption = new ReadOnlyObjectWrapper<>(this, "caption");
    private final ReadOnlyObjectWrapper<Message> loadError = new ReadOnlyObjectWrapper<>(this, "loadError");
    private final ReadOnlyBooleanWrapper ready = new ReadOnlyBooleanWrapper(this, "ready", false);
    /** The scenario of the side this one is compared with: its caption names what differs from it. */
    private Scenario other;

    ComparisonSideViewModel(
            LockstepEngine.Side side, LockstepEngine engine, ObservableBooleanValue dark, Executor uiThread) {
        this.side = Objects.requireNonNull(side, "side");
        this.engine = Objects.requireNonNull(engine, "engine");
        this.numberLine = new NumberLineViewModel(dark);
        this.actions = new ChunkActionsViewModel(numberLine, command -> engine.execute(side, command));
        this.counters = new PlaybackViewModel(engine);
        this.balancer =
                new BalancerWhyViewModel(out -> engine.readSide(side, BalancerWhyViewModel::read, out), uiThread);
        balancer.openProperty().set(true);
        numberLine
                .plannedMoveProperty()
                .bind(Bindings.createObjectBinding(
                        () -> balancer.previewProperty().get().map(BalancerWhy.Preview::plannedMove),
                        balancer.previewProperty()));
    }

    /**
     * What a side is, e.g. {@code "MongoDB 5.0 · { counter: 1 } · 1 MB chunks · 3 shards"}, with
     * {@code " · pre-split at 4 points"} when it pre-splits: the facts a comparison varies. What else tells it
     * apart from {@code other}, the side it is compared with, follows: its workload's name when the workloads
     * differ (US against UK addresses), its zones ({@code "zones EU, NA"} or {@code "no zones"}) when the zones
     * differ, so the two captions never read alike when the sides differ.
     */
    static Message caption(Scenario s, Scenario other) {
        Message text =
                Message.of("setup.caption", s.version().toString(), s.keyPattern(), s.chunkSizeText(), s.shardsText());
        if (s.preSplitText().isPresent()) {
            text = Message.of("setup.captionAnd", text, s.preSplitText().get());
        }
        if (!s.workload().equals(other.workload())) {
            text = Message.of("setup.captionAnd", text, s.workload());
        }
        if (!s.sharding().zones().equals(other.sharding().zones())) {
            text = Message.of(
                    "setup.captionAnd",
                    text,
                    s.sharding().zones().isEmpty()
                            ? Message.of("setup.noZones")
                            : Message.of(
                                    "setup.zones",
                                    String.join(", ", s.sharding().zones())));
        }
        return text;
    }

    void loading(Scenario scenario, Scenario other) {
        this.other = other;
        caption.set(caption(scenario, other));
        loadError.set(null);
        ready.set(false);
    }

    void accept(EngineState state) {
        caption.set(caption(state.scenario(), other == null ? state.scenario() : other));
        if (state instanceof EngineState.Failed failed) {
            loadError.set(failed.said());
            ready.set(false);
            counters.unload();
            actions.unload();
        } else if (state instanceof EngineState.Running running) {
            loadError.set(null);
            ready.set(true);
            counters.show(running);
            numberLine.show(running.frame());
            actions.show(running.frame(), () -> engine.clearError(side));
            ClusterSnapshot snapshot = running.frame().cluster().cluster();
            // a migration, split or merge changes the balancer's next move: the preview is read again
            if (shownLayout == null
                    || snapshot.chunks() != shownLayout.chunks()
                    || !snapshot.shards().equals(shownLayout.shards())) {
                shownLayout = snapshot;
                balancer.layoutChanged();
            }
        }
    }

    /** Draws the balancer's next migration on the line ({@code on}, read afresh) or not. */
    void showPlanPreview(boolean on) {
        balancer.openProperty().set(on);
        if (on && ready.get()) {
            balancer.refresh();
        }
    }

    void unload() {
        ready.set(false);
        shownLayout = null;
        counters.unload();
        actions.unload();
    }

    /** Which side this is. */
    public LockstepEngine.Side side() {
        return side;
    }

    /** The side's number line, lanes and writes chart. */
    public NumberLineViewModel numberLine() {
        return numberLine;
    }

    /** The balancer's decision on this side's collection, whose next migration the line draws. */
    public BalancerWhyViewModel balancer() {
        return balancer;
    }

    /** Split, move and merge on this side's cluster. */
    public ChunkActionsViewModel actions() {
        return actions;
    }

    /** The side's chunk, split, migration and jumbo counts (its verbs drive both sides, as the shared bar's do). */
    public PlaybackViewModel counters() {
        return counters;
    }

    /** Release, key, chunk size and shards of this side. */
    public ReadOnlyObjectProperty<Message> captionProperty() {
        return caption.getReadOnlyProperty();
    }

    /** Why this side's scenario could not be loaded; null otherwise. */
    public ReadOnlyObjectProperty<Message> loadErrorProperty() {
        return loadError.getReadOnlyProperty();
    }

    /** Whether a frame of this side is on show. */
    public ReadOnlyBooleanProperty readyProperty() {
        return ready.getReadOnlyProperty();
    }
}
