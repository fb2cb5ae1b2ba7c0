package io.shardlab.ui.explorer.balancer;

import io.shardlab.session.CatalogRead;
import io.shardlab.session.ShardDrain;
import io.shardlab.sim.SimulatedCluster;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * The explorer's "Why isn't the balancer moving?": asks the simulation thread for the shown collection's
 * {@link io.shardlab.sim.BalancerDecision} and keeps its words ({@link BalancerWhy}); while the panel is open its next
 * migration is the number line's plan preview.
 *
 * <p>Confined to the JavaFX thread, but for {@link #read}, which runs on the simulation thread.
 */
public final class BalancerWhyViewModel {

    private final Consumer<Consumer<Optional<BalancerWhy>>> reader;
    private final Executor uiThread;
    private final ReadOnlyObjectWrapper<Optional<BalancerWhy>> why = new ReadOnlyObjectWrapper<>(Optional.empty());
    private final BooleanProperty open = new SimpleBooleanProperty();
    private final ObjectBinding<Optional<BalancerWhy.Preview>> preview;
    private boolean hiddenByThisClick;

    /**
     * @param reader runs a read of the explorer's cluster on the simulation thread and hands its answer on, there
     *     ({@code out -> engine.readCatalog(1, BalancerWhyViewModel::read, out)})
     * @param uiThread runs on the JavaFX thread
     */
    public BalancerWhyViewModel(Consumer<Consumer<Optional<BalancerWhy>>> reader, Executor uiThread) {
        this.reader = Objects.requireNonNull(reader, "reader");
        this.uiThread = Objects.requireNonNull(uiThread, "uiThread");
        preview = Bindings.createObjectBinding(
                () -> open.get() ? why.get().flatMap(BalancerWhy::preview) : Optional.empty(), open, why);
    }

    /**
     * The decision of the collection on show, read on the simulation thread: empty while no scenario is loaded.
     * A collection on show is always sharded (the explorer shows another when a client drops it).
     */
    public static Optional<BalancerWhy> read(CatalogRead read) {
        return read.shown().map(cluster -> why(cluster, read));
    }

    private static BalancerWhy why(SimulatedCluster cluster, CatalogRead read) {
        return BalancerWhy.of(
                cluster.balancerDecision(),
                cluster.shardKey(),
                cluster.balancerWindow(),
                cluster.timeOfDay(),
                ShardDrain.of(cluster, read.mongos()));
    }

    /** Reads the decision again; {@link #whyProperty()} changes when the answer is in. */
    public void refresh() {
        reader.accept(answer -> uiThread.execute(() -> why.set(answer)));
    }

    /**
     * The collection's chunks changed, so the answer read before may be stale: while the panel is open the decision
     * is read again (the preview of a migration that committed goes, the next one's comes); closed, the answer is
     * dropped.
     */
    public void layoutChanged() {
        if (open.get()) {
            refresh();
        } else {
            why.set(Optional.empty());
        }
    }

    /**
     * The next migration of the newest answer, open panel or not: what an export may draw. Empty when the chunks
     * changed since the panel last read the decision ({@link #layoutChanged()}).
     */
    public Optional<BalancerWhy.Preview> latestPreview() {
        return why.get().flatMap(BalancerWhy::preview);
    }

    /**
     * The panel closed because the user clicked elsewhere in the window: until the events of that click are
     * handled (a menu opening on it), its preview still counts as shown ({@link #planShown}).
     */
    public void hiddenByClickElsewhere() {
        hiddenByThisClick = latestPreview().isPresent();
        uiThread.execute(() -> hiddenByThisClick = false);
    }

    /**
     * Whether the number line draws the plan preview now: the panel is open with a next migration, or it closed on
     * the click being handled (the click that opens the File menu closes the panel first).
     */
    public boolean planShown() {
        return preview.get().isPresent() || hiddenByThisClick;
    }

    /** The newest answer; empty before the first or while no collection is on show. */
    public ReadOnlyObjectProperty<Optional<BalancerWhy>> whyProperty() {
        return why.getReadOnlyProperty();
    }

    /** Whether the panel is open; the plan preview is drawn only then. */
    public BooleanProperty openProperty() {
        return open;
    }

    /** The migration to draw on the number line: the next one while the panel is open, else empty. */
    public ObjectBinding<Optional<BalancerWhy.Preview>> previewProperty() {
        return preview;
    }
}
