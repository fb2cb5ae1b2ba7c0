package io.shardlab.ui.shell;

import io.shardlab.AppInfo;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.render.ShardColorOrder;
import io.shardlab.text.Message;
import io.shardlab.ui.about.AboutInfo;
import io.shardlab.ui.theme.ThemeChoice;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;

/**
 * The main window's state and verbs: which cluster and collection it shows, the theme and the
 * presenter mode. Holds no nodes; {@link MainView} binds to it.
 *
 * <p>What it states is kept as {@link Message}s, which the view says in the window's language.
 *
 * <p>Feature panels plug in by calling {@link #showCollection(ClusterSnapshot)} with the snapshot
 * they want on screen; until one does, the window shows the cluster's shards and an empty state.
 */
public final class MainViewModel {

    private final AppInfo app;
    private final AboutInfo about;
    private ClusterDescription cluster;
    private final BooleanSupplier systemPrefersDark;
    private final Runnable quitAction;
    private final Runnable startExploring;
    private final ReadOnlyObjectWrapper<Message> clusterLabel = new ReadOnlyObjectWrapper<>(this, "clusterLabel");

    private final ReadOnlyObjectWrapper<Message> title = new ReadOnlyObjectWrapper<>(this, "title");
    private final ReadOnlyListWrapper<String> shardIds =
            new ReadOnlyListWrapper<>(this, "shardIds", FXCollections.observableArrayList());
    private final ReadOnlyIntegerWrapper chunkCount = new ReadOnlyIntegerWrapper(this, "chunkCount");
    private final ReadOnlyObjectWrapper<Message> shardCountText = new ReadOnlyObjectWrapper<>(this, "shardCountText");
    private final ReadOnlyObjectWrapper<Message> chunkCountText = new ReadOnlyObjectWrapper<>(this, "chunkCountText");
    private final ReadOnlyObjectWrapper<ClusterSnapshot> collection = new ReadOnlyObjectWrapper<>(this, "collection");
    private final ReadOnlyBooleanWrapper empty = new ReadOnlyBooleanWrapper(this, "empty", true);
    private final ReadOnlyObjectWrapper<ThemeChoice> themeChoice =
            new ReadOnlyObjectWrapper<>(this, "themeChoice", ThemeChoice.SYSTEM);
    private final ReadOnlyBooleanWrapper dark = new ReadOnlyBooleanWrapper(this, "dark");
    private final ReadOnlyBooleanWrapper presenterMode = new ReadOnlyBooleanWrapper(this, "presenterMode");
    private final ReadOnlyObjectWrapper<Message> failureLine = new ReadOnlyObjectWrapper<>(this, "failureLine");
    private final ObjectProperty<ShardColorOrder> shardColors =
            new SimpleObjectProperty<>(this, "shardColors", ShardColorOrder.of(List.of()));

    /**
     * @param app the product name and version
     * @param about what Help → About shows
     * @param cluster the cluster the window is looking at
     * @param shards the cluster's shards before any collection is shown
     * @param systemPrefersDark asks the desktop for its light/dark preference; asked at start and
     *     whenever the user picks {@link ThemeChoice#SYSTEM}
     * @param quitAction ends the application
     * @param startExploring what the empty state offers: opens the explorer on a first scenario; null when there
     *     is none to open
     */
    public MainViewModel(
            AppInfo app,
            AboutInfo about,
            ClusterDescription cluster,
            List<Shard> shards,
            BooleanSupplier systemPrefersDark,
            Runnable quitAction,
            Runnable startExploring) {
        this.app = Objects.requireNonNull(app, "app");
        this.about = Objects.requireNonNull(about, "about");
        this.cluster = Objects.requireNonNull(cluster, "cluster");
        this.systemPrefersDark = Objects.requireNonNull(systemPrefersDark, "systemPrefersDark");
        this.quitAction = Objects.requireNonNull(quitAction, "quitAction");
        this.startExploring = startExploring;
        clusterLabel.set(cluster.label());
        showShards(shards);
        chunkCount.set(0);
        refreshTexts();
        dark.set(ThemeChoice.SYSTEM.isDark(systemPrefersDark.getAsBoolean()));
    }

    // ---- cluster and collection ----

    /** Shows one sharded collection: its shards and chunks replace what was shown. */
    public void showCollection(ClusterSnapshot snapshot) {
        Objects.requireNonNull(snapshot, "snapshot");
        collection.set(snapshot);
        showShards(snapshot.shards());
        chunkCount.set(snapshot.chunks().size());
        empty.set(false);
        refreshTexts();
    }

    /** Closes the shown collection and goes back to the cluster's empty state; the shards stay. */
    public void closeCollection() {
        collection.set(null);
        chunkCount.set(0);
        empty.set(true);
        refreshTexts();
    }

    private void showShards(List<Shard> shards) {
        shardIds.setAll(shards.stream().map(Shard::id).sorted().toList());
    }

    private void refreshTexts() {
        ClusterSnapshot shown = collection.get();
        title.set(
                shown == null
                        ? Message.of("window.title", app.name(), cluster.kind())
                        : Message.of("window.title.collection", app.name(), shown.namespace(), cluster.kind()));
        shardCountText.set(Message.of("window.status.shards", shardIds.size()));
        chunkCountText.set(Message.of("window.status.chunks", chunkCount.get()));
    }

    /**
     * The order in which the cluster's shards took their colours (bound to the explorer's): the empty state's chips
     * show each shard in its colour on the lanes, a shard the order has not seen in the next one.
     */
    public ObjectProperty<ShardColorOrder> shardColorsProperty() {
        return shardColors;
    }

    /** The window title: always starts with the product name. */
    public ReadOnlyObjectProperty<Message> titleProperty() {
        return title.getReadOnlyProperty();
    }

    /** What the window is looking at, e.g. {@code "In-memory cluster · MongoDB 8.0"}. */
    public Message clusterLabel() {
        return cluster.label();
    }

    /** {@link #clusterLabel()} as it changes. */
    public ReadOnlyObjectProperty<Message> clusterLabelProperty() {
        return clusterLabel.getReadOnlyProperty();
    }

    /** The window now looks at another cluster (or the same kind at another version). */
    public void describeCluster(ClusterDescription description) {
        cluster = Objects.requireNonNull(description, "description");
        clusterLabel.set(cluster.label());
        refreshTexts();
    }

    /** Whether the empty state can offer to start exploring. */
    public boolean canStartExploring() {
        return startExploring != null;
    }

    /** Opens the explorer on a first scenario (see {@link #canStartExploring()}). */
    public void startExploring() {
        if (startExploring != null) {
            startExploring.run();
        }
    }

    /** The cluster's shard ids, sorted; a shard's position here is its colour index. */
    public ReadOnlyListProperty<String> shardIdsProperty() {
        return shardIds.getReadOnlyProperty();
    }

    /** E.g. {@code "3 shards"}. */
    public ReadOnlyObjectProperty<Message> shardCountTextProperty() {
        return shardCountText.getReadOnlyProperty();
    }

    /** The shown collection's chunk count, 0 when none is shown. */
    public ReadOnlyIntegerProperty chunkCountProperty() {
        return chunkCount.getReadOnlyProperty();
    }

    /** E.g. {@code "1,024 chunks"}. */
    public ReadOnlyObjectProperty<Message> chunkCountTextProperty() {
        return chunkCountText.getReadOnlyProperty();
    }

    /** The collection on screen, null while the empty state shows. */
    public ReadOnlyObjectProperty<ClusterSnapshot> collectionProperty() {
        return collection.getReadOnlyProperty();
    }

    /** True while no collection is shown. */
    public ReadOnlyBooleanProperty emptyProperty() {
        return empty.getReadOnlyProperty();
    }

    // ---- appearance ----

    /** The theme the user picked. */
    public ReadOnlyObjectProperty<ThemeChoice> themeChoiceProperty() {
        return themeChoice.getReadOnlyProperty();
    }

    /** Whether the dark theme is showing. */
    public ReadOnlyBooleanProperty darkProperty() {
        return dark.getReadOnlyProperty();
    }

    /** Picks a theme; {@link ThemeChoice#SYSTEM} asks the desktop again. */
    public void chooseTheme(ThemeChoice choice) {
        Objects.requireNonNull(choice, "choice");
        themeChoice.set(choice);
        dark.set(choice.isDark(choice == ThemeChoice.SYSTEM && systemPrefersDark.getAsBoolean()));
    }

    /** Switches to the other of light and dark (a fixed choice from then on). */
    public void toggleLightDark() {
        chooseTheme(dark.get() ? ThemeChoice.LIGHT : ThemeChoice.DARK);
    }

    /** Larger type for projectors and screen sharing. */
    public ReadOnlyBooleanProperty presenterModeProperty() {
        return presenterMode.getReadOnlyProperty();
    }

    public void setPresenterMode(boolean on) {
        presenterMode.set(on);
    }

    public void togglePresenterMode() {
        presenterMode.set(!presenterMode.get());
    }

    // ---- application ----

    /**
     * The line of the last failure nothing else caught (see {@code ui.LastResortFailureLine}), null
     * when there is none or it was dismissed.
     */
    public ReadOnlyObjectProperty<Message> failureLineProperty() {
        return failureLine.getReadOnlyProperty();
    }

    /** Shows {@code line} in the status bar until it is dismissed or replaced by the next one. */
    public void reportFailure(Message line) {
        failureLine.set(Objects.requireNonNull(line, "line"));
    }

    /**
     * Shows {@code line}, worded already (by a part that does not say messages yet), as it is in every language.
     */
    public void reportFailure(String line) {
        reportFailure(Message.of("window.said", Objects.requireNonNull(line, "line")));
    }

    /** Hides the failure line. */
    public void dismissFailure() {
        failureLine.set(null);
    }

    /** E.g. {@code "ShardLab 0.1.0"}. */
    public String versionText() {
        return app.name() + " " + app.version();
    }

    /** What Help → About shows. */
    public AboutInfo about() {
        return about;
    }

    /** Ends the application. */
    public void quit() {
        quitAction.run();
    }
}
