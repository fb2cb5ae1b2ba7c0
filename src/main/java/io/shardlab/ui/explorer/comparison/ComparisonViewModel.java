package io.shardlab.ui.explorer.comparison;

import io.shardlab.render.Scale;
import io.shardlab.render.Viewport;
import io.shardlab.session.EngineState;
import io.shardlab.session.LockstepEngine;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.session.Scenario;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import io.shardlab.ui.explorer.diagram.DiagramPicture;
import io.shardlab.ui.explorer.playback.PlaybackViewModel;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * Two explorers side by side, playing in lockstep ({@link LockstepEngine}): two releases, two keys, two
 * chunk sizes, on the same stream (or, for a key on fields only another workload has, as many documents of
 * that workload at the same pace). One transport drives both; both number lines are drawn on one scale (and, when
 * the two keys are the same, one zoom); the writes charts share one time axis, since both sides have always
 * seen the same simulated time.
 *
 * <p>Invariant: while {@link #openProperty()} is true both sides show the same scale, one that both can draw.
 */
public final class ComparisonViewModel {

    private final LockstepEngine engine;
    private final WorkloadRegistry workloads;
    private final ComparisonSideViewModel left;
    private final ComparisonSideViewModel right;
    private final PlaybackViewModel transport;
    private final ReadOnlyBooleanWrapper open = new ReadOnlyBooleanWrapper(this, "open", false);
    private final ReadOnlyObjectWrapper<Message> title =
            new ReadOnlyObjectWrapper<>(this, "title", Message.of("common.verbatim", ""));
    private final ReadOnlyObjectWrapper<Message> differences = new ReadOnlyObjectWrapper<>(this, "differences");
    private final ReadOnlyStringWrapper releases = new ReadOnlyStringWrapper(this, "releases", "");
    private final ReadOnlyObjectWrapper<Scale> scale = new ReadOnlyObjectWrapper<>(this, "scale", Scale.EQUAL);
    private final ObservableList<Scale> scales = FXCollections.observableArrayList(Scale.EQUAL);
    // one view, kept: a view listens to its list weakly, so listeners on a view made per call went deaf after a GC
    private final ObservableList<Scale> scalesView = FXCollections.unmodifiableObservableList(scales);
    /**
     * Whether both lines draw the balancer's next migration (the plan preview), the comparison's switch for what Why
     * no move?'s panel shows in the explorer; on as a comparison opens, and exports draw it while it is on.
     */
    private final BooleanProperty planPreview = new SimpleBooleanProperty(this, "planPreview", true);

    private boolean sameKey;
    private boolean syncingViewport;

    /**
     * @param engine plays both sides on the explorer's simulation thread
     * @param workloads where the sides' workloads are found
     * @param dark whether the dark theme shows
     * @param uiThread where each side's balancer decision, read on the simulation thread, is handed to the screen
     */
    public ComparisonViewModel(
            LockstepEngine engine, WorkloadRegistry workloads, ObservableBooleanValue dark, Executor uiThread) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.workloads = Objects.requireNonNull(workloads, "workloads");
        this.left = new ComparisonSideViewModel(LockstepEngine.Side.LEFT, engine, dark, uiThread);
        this.right = new ComparisonSideViewModel(LockstepEngine.Side.RIGHT, engine, dark, uiThread);
        this.transport = new PlaybackViewModel(engine);
        ListChangeListener<Scale> offered = c -> offerScales();
        left.numberLine().scales().addListener(offered);
        right.numberLine().scales().addListener(offered);
        left.numberLine().viewportProperty().addListener((obs, was, now) -> follow(right, now));
        right.numberLine().viewportProperty().addListener((obs, was, now) -> follow(left, now));
        planPreview.addListener((obs, was, now) -> {
            left.showPlanPreview(now);
            right.showPlanPreview(now);
        });
    }

    /** Whether both lines draw the balancer's next migration; exports draw it too while it is on. */
    public BooleanProperty planPreviewProperty() {
        return planPreview;
    }

    /**
     * Opens the comparison of {@code leftScenario} and {@code rightScenario}, paused at the first insert.
     *
     * @param heading what is compared, e.g. {@code "Same key on MongoDB 8.0"}
     * @throws IllegalArgumentException with one line naming the side and the field when a scenario cannot be
     *     understood, or naming the field when the two cannot play in lockstep ({@link
     *     Scenario#lockstepDifference})
     */
    public void open(Message heading, Scenario leftScenario, Scenario rightScenario) {
        Objects.requireNonNull(heading, "heading");
        ResolvedScenario a = resolve(Message.of("explorer.comparison.leftSide"), leftScenario);
        ResolvedScenario b = resolve(Message.of("explorer.comparison.rightSide"), rightScenario);
        Optional<Message> difference = leftScenario.lockstepDifference(rightScenario);
        if (difference.isPresent()) {
            throw new RefusedInput(difference.get());
        }
        sameKey = a.key().equals(b.key());
        title.set(heading);
        differences.set(differences(leftScenario, rightScenario));
        releases.set(
                leftScenario.version().equals(rightScenario.version())
                        ? leftScenario.version().toString()
                        : leftScenario.version() + " vs " + rightScenario.version());
        left.loading(leftScenario, rightScenario);
        right.loading(rightScenario, leftScenario);
        transport.unload();
        // open before the load: the engine's first states are this comparison's
        open.set(true);
        engine.load(a, b);
    }

    private ResolvedScenario resolve(Message side, Scenario scenario) {
        try {
            return ResolvedScenario.of(scenario, workloads);
        } catch (IllegalArgumentException e) {
            throw new RefusedInput(Message.of("explorer.comparison.sideProblem", side, RefusedInput.said(e)), e);
        }
    }

    /** Closes the comparison: both clusters stop and are let go. */
    public void close() {
        if (open.get()) {
            engine.unload();
            left.unload();
            right.unload();
            transport.unload();
            open.set(false);
        }
    }

    /** Takes the lockstep driver's newest pair of states; call on the JavaFX thread. */
    public void accept(LockstepEngine.Pair pair) {
        if (!open.get()) {
            return;
        }
        left.accept(pair.left());
        right.accept(pair.right());
        if (pair.left() instanceof EngineState.Running l && pair.right() instanceof EngineState.Running) {
            // both sides have seen the same simulated time and documents: the left's progress stands for both
            transport.show(l);
        } else {
            transport.unload();
        }
        keepOneScale();
    }

    /**
     * What differs between the two sides and whether they see the same documents, e.g. {@code "MongoDB 5.0 vs
     * 8.0 · the same stream, in lockstep"} or {@code "{ age: 1 } vs { continent: 1 } · age vs continents
     * documents · the same pace, in lockstep"}; {@code "the same settings · …"} when nothing differs.
     */
    static Message differences(Scenario a, Scenario b) {
        List<Object> parts = new ArrayList<>();
        if (!a.keyPattern().equals(b.keyPattern())) {
            parts.add(Message.of("explorer.comparison.keys", a.keyPattern(), b.keyPattern()));
        }
        if (!a.version().equals(b.version())) {
            parts.add(Message.of(
                    "explorer.comparison.versions",
                    a.version().toString(),
                    b.version().toString()));
        }
        if (a.chunkSizeMegabytes() != b.chunkSizeMegabytes()) {
            parts.add(Message.of("explorer.comparison.chunkSizes", megabytes(a), megabytes(b)));
        }
        if (a.shards() != b.shards()) {
            parts.add(Message.of("explorer.comparison.shards", a.shards(), b.shards()));
        }
        if (!a.splitPoints().equals(b.splitPoints())) {
            parts.add(Message.of(
                    "explorer.comparison.splitPoints",
                    a.splitPoints().size(),
                    b.splitPoints().size()));
        }
        if (a.documents() != b.documents()) {
            parts.add(Message.of("explorer.comparison.documents", a.documents(), b.documents()));
        }
        if (!a.workload().equals(b.workload())) {
            parts.add(Message.of("explorer.comparison.workloads", a.workload(), b.workload()));
        }
        Object list = parts.isEmpty() ? Message.of("explorer.comparison.same") : parts.get(0);
        for (Object next : parts.subList(Math.min(1, parts.size()), parts.size())) {
            list = Message.of("explorer.comparison.and", list, next);
        }
        return Message.of(a.sameStreamAs(b) ? "explorer.comparison.sameStream" : "explorer.comparison.samePace", list);
    }

    private static Message megabytes(Scenario s) {
        return s.chunkSizeMegabytes() == 0
                ? Message.of("explorer.comparison.defaultSize")
                : Message.of("explorer.setup.chunkSize", s.chunkSizeMegabytes());
    }

    // ---- one scale, one zoom ----------------------------------------------------------------------

    /** Draws both lines on {@code s}; refused silently when either side cannot be drawn so. */
    public void chooseScale(Scale s) {
        if (scales.contains(s)) {
            scale.set(s);
            keepOneScale();
        }
    }

    private void offerScales() {
        List<Scale> both = new ArrayList<>();
        for (Scale s : Scale.values()) {
            if (left.numberLine().scales().contains(s)
                    && right.numberLine().scales().contains(s)) {
                both.add(s);
            }
        }
        if (!both.equals(scales)) {
            scales.setAll(both);
        }
        keepOneScale();
    }

    private void keepOneScale() {
        if (!scales.contains(scale.get())) {
            scale.set(Scale.EQUAL);
        }
        left.numberLine().chooseScale(scale.get());
        right.numberLine().chooseScale(scale.get());
    }

    /** A zoom or pan on one line moves the other to the same part of the key space when both have one key. */
    private void follow(ComparisonSideViewModel other, Viewport v) {
        if (sameKey && !syncingViewport) {
            syncingViewport = true;
            try {
                other.numberLine().showViewport(v);
            } finally {
                syncingViewport = false;
            }
        }
    }

    // ---- parts and state ---------------------------------------------------------------------------

    /** The first side (the lesson's own scenario). */
    public ComparisonSideViewModel left() {
        return left;
    }

    /** The second side (the follow-up). */
    public ComparisonSideViewModel right() {
        return right;
    }

    /** The one transport: its verbs drive both sides, its progress and clock are both sides'. */
    public PlaybackViewModel transport() {
        return transport;
    }

    /** Whether the comparison shows (in place of the explorer). */
    public ReadOnlyBooleanProperty openProperty() {
        return open.getReadOnlyProperty();
    }

    /** What is compared, e.g. {@code "Same key on MongoDB 8.0"}. */
    public ReadOnlyObjectProperty<Message> titleProperty() {
        return title.getReadOnlyProperty();
    }

    /** What differs between the sides ({@link #differences(Scenario, Scenario)}). */
    public ReadOnlyObjectProperty<Message> differencesProperty() {
        return differences.getReadOnlyProperty();
    }

    /** The simulated release(s), e.g. {@code "5.0 vs 8.0"}, or {@code "8.0"} when both sides run it. */
    public ReadOnlyStringProperty releasesProperty() {
        return releases.getReadOnlyProperty();
    }

    /** The scale both lines are drawn on. */
    public ReadOnlyObjectProperty<Scale> scaleProperty() {
        return scale.getReadOnlyProperty();
    }

    /** The scales both sides can be drawn on. */
    public ObservableList<Scale> scales() {
        return scalesView;
    }

    /** Both sides' diagrams as they are on screen, left first; empty until both show a frame. */
    public Optional<List<DiagramPicture>> pictures() {
        DiagramPicture a = left.numberLine().pictureProperty().get();
        DiagramPicture b = right.numberLine().pictureProperty().get();
        return open.get() && a != null && b != null ? Optional.of(List.of(a, b)) : Optional.empty();
    }
}
