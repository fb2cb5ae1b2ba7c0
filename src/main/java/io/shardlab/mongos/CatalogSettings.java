package io.shardlab.mongos;

import io.shardlab.cluster.ActiveWindow;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.Refusal;
import io.shardlab.sim.SetAutoMerge;
import io.shardlab.sim.SetAutoSplit;
import io.shardlab.sim.SetBalancerState;
import io.shardlab.sim.SetBalancerWindow;
import io.shardlab.sim.SetChunkSize;
import io.shardlab.sim.SimulatedCluster;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * A {@link ShardedCatalog}'s {@code config.settings} that every collection's balancer follows, kept once
 * for the whole cluster as MongoDB's {@code BalancerConfiguration} keeps them (mongo
 * {@code src/mongo/s/balancer_configuration.h}): the balancer switch and its active window
 * ({@code {_id: "balancer"}}), the chunk size ({@code {_id: "chunksize"}}), autosplit ({@code {_id: "autosplit"}})
 * and, from 7.0, automerge ({@code {_id: "automerge"}}), which a collection's {@code config.collections}
 * {@code enableAutoMerge: false} turns off for that collection. A change reaches every collection's cluster now
 * (through the simulator's commands) and each cluster created later ({@link #applyTo}).
 *
 * <p>Threading: confined to the catalog's thread, as the catalog is.
 */
final class CatalogSettings {

    private final MongoVersion version;
    private final Supplier<Map<String, SimulatedCluster>> clusters;
    private boolean balancerEnabled = true;
    private boolean balancerSettingWritten;
    private Boolean autoSplit;
    private Boolean autoMerge;
    private Optional<WrittenWindow> window = Optional.empty();
    private boolean windowWritten;
    private int chunkSizeMegabytes;
    private final Set<String> autoMergeOff = new HashSet<>();

    /**
     * @param version the simulated release
     * @param clusters the clusters of the catalog's sharded collections now, by namespace
     */
    CatalogSettings(MongoVersion version, Supplier<Map<String, SimulatedCluster>> clusters) {
        this.version = version;
        this.clusters = clusters;
    }

    /** {@code balancerStart} / {@code balancerStop}: the switch, written to config.settings. */
    void setBalancerEnabled(boolean enabled) {
        balancerEnabled = enabled;
        balancerSettingWritten = true;
        all().forEach(c -> c.execute(new SetBalancerState(enabled)));
    }

    /** An adopted cluster's switch becomes the catalog's, unwritten (the adopting owner set it). */
    void followBalancerOf(SimulatedCluster adopted) {
        balancerEnabled = adopted.snapshot().settings().balancerEnabled();
    }

    boolean balancerEnabled() {
        return balancerEnabled;
    }

    /** Whether a client started or stopped the balancer (config.settings then holds the balancer document). */
    boolean balancerSettingWritten() {
        return balancerSettingWritten;
    }

    /** Whether a client wrote the balancer's window, or unset it (the balancer document stays, without it). */
    boolean windowWritten() {
        return windowWritten;
    }

    /** {@code {_id: "autosplit", enabled}}. */
    void setAutoSplit(boolean enabled) {
        all().forEach(c -> c.execute(new SetAutoSplit(enabled)));
        autoSplit = enabled;
    }

    /**
     * {@code {_id: "automerge", enabled}} (7.0+).
     *
     * @throws CommandFailedException before 7.0 ({@link SetAutoMerge#refusalIn}); nothing changed
     */
    void setAutoMerge(boolean enabled) {
        SetAutoMerge command = new SetAutoMerge(enabled);
        Optional<String> refusal = SetAutoMerge.refusalIn(version);
        if (refusal.isPresent()) {
            throw new CommandFailedException(command.mongoshCommand(), Refusal.operationFailed(refusal.get()));
        }
        autoMerge = enabled;
        clusters.get().forEach((ns, c) -> c.execute(new SetAutoMerge(autoMergeOf(ns))));
    }

    /** A collection's {@code enableAutoMerge} (7.0+): false turns the auto-merger off for it alone. */
    void setCollectionAutoMerge(String ns, boolean enabled) {
        Optional<String> refusal = SetAutoMerge.refusalIn(version);
        if (refusal.isPresent()) {
            throw new CommandFailedException(
                    new SetAutoMerge(enabled).mongoshCommand(), Refusal.operationFailed(refusal.get()));
        }
        if (enabled) {
            autoMergeOff.remove(ns);
        } else {
            autoMergeOff.add(ns);
        }
        SimulatedCluster cluster = clusters.get().get(ns);
        if (cluster != null) {
            cluster.execute(new SetAutoMerge(autoMergeOf(ns)));
        }
    }

    /** Whether a collection's {@code enableAutoMerge} is false. */
    boolean autoMergeOffFor(String ns) {
        return autoMergeOff.contains(ns);
    }

    /** A dropped collection's {@code enableAutoMerge} goes with it. */
    void forgetCollection(String ns) {
        autoMergeOff.remove(ns);
    }

    private boolean autoMergeOf(String ns) {
        return !Boolean.FALSE.equals(autoMerge) && !autoMergeOff.contains(ns);
    }

    /**
     * The balancer's active window as a client wrote it: the window and its {@code start} and {@code stop} strings
     * as given (config.settings shows them as written, e.g. {@code "6:00"}).
     */
    record WrittenWindow(ActiveWindow window, String start, String stop) {}

    /** The balancer's active window ({@code {_id: "balancer", activeWindow}}), empty for "always". */
    void setWindow(Optional<WrittenWindow> newWindow) {
        window = newWindow;
        windowWritten = true;
        all().forEach(c -> c.execute(
                new SetBalancerWindow(newWindow.map(WrittenWindow::window).orElse(null))));
    }

    Optional<WrittenWindow> window() {
        return window;
    }

    /**
     * The chunk size a client wrote ({@code {_id: "chunksize", value}}), in MB.
     *
     * @throws CommandFailedException outside 1 to 1024 MB; nothing changed
     */
    void setChunkSize(int megabytes) {
        SetChunkSize command = new SetChunkSize(megabytes);
        if (megabytes < 1 || megabytes > SetChunkSize.MAX_MEGABYTES) {
            throw new CommandFailedException(
                    command.mongoshCommand(),
                    new Refusal("BadValue", megabytes + " is not a valid value for chunksize"));
        }
        chunkSizeMegabytes = megabytes;
        all().forEach(c -> c.execute(command));
    }

    /** The chunk size a client wrote, in MB, if any. */
    Optional<Integer> chunkSize() {
        return chunkSizeMegabytes == 0 ? Optional.empty() : Optional.of(chunkSizeMegabytes);
    }

    private Collection<SimulatedCluster> all() {
        return clusters.get().values();
    }

    /** The autosplit setting a client wrote, if any. */
    Optional<Boolean> autoSplit() {
        return Optional.ofNullable(autoSplit);
    }

    /** The automerge setting a client wrote, if any. */
    Optional<Boolean> autoMerge() {
        return Optional.ofNullable(autoMerge);
    }

    /** Gives a new collection's cluster the settings: the switch when off, what a client wrote of the rest. */
    void applyTo(SimulatedCluster cluster) {
        if (!balancerEnabled) {
            cluster.execute(new SetBalancerState(false));
        }
        autoSplit().ifPresent(on -> cluster.execute(new SetAutoSplit(on)));
        autoMerge().ifPresent(on -> cluster.execute(new SetAutoMerge(on)));
        window.ifPresent(w -> cluster.execute(new SetBalancerWindow(w.window())));
        chunkSize().ifPresent(mb -> cluster.execute(new SetChunkSize(mb)));
    }

    /** Whether config.settings holds a balancer document a client wrote (its switch or its window). */
    boolean balancerDocumentWritten() {
        return balancerSettingWritten() || windowWritten();
    }

    /** The balancer's active window as a client wrote it ({@code {start, stop}}), if any. */
    Optional<BsonDocument> windowAsWritten() {
        return window().map(w ->
                new BsonDocument("start", new BsonString(w.start())).append("stop", new BsonString(w.stop())));
    }
}
