package io.shardlab.ui.live;

import io.shardlab.live.ConnectionStringSecrets;
import io.shardlab.live.LiveConfigSource;
import io.shardlab.live.LiveConnector;
import io.shardlab.live.RecentConnections;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.WindowPlacement;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * The File menu's live-cluster items: Connect to cluster…, Open snapshot…, Open config dump folder…,
 * Open config dump archive…, Save snapshot…. Opens the dialogs; the {@link LiveLayoutViewModel} does the work.
 */
public final class LiveMenu {

    /** File → Open snapshot… */
    static final KeyCombination OPEN_SNAPSHOT_KEYS = new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN);

    /** File → Open config dump folder… */
    static final KeyCombination OPEN_DUMP_FOLDER_KEYS =
            new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);

    /** File → Open config dump archive… */
    static final KeyCombination OPEN_DUMP_ARCHIVE_KEYS =
            new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN, KeyCombination.ALT_DOWN);

    private final LiveLayoutViewModel layout;
    private final LiveConnector connector;
    private final Executor background;
    private final Executor ui;
    private final RecentConnections recent;
    private final Supplier<Window> owner;
    private final Appearance appearance;
    private final WindowPlacement placement;
    private final UiText text;

    /**
     * @param appearance styles the connect dialog as the window is styled
     * @param placement sizes and places the connect dialog and keeps the window's state while it and the file
     *     choosers are open
     * @param text the window's words
     */
    public LiveMenu(
            LiveLayoutViewModel layout,
            LiveConnector connector,
            Executor background,
            Executor ui,
            RecentConnections recent,
            Supplier<Window> owner,
            Appearance appearance,
            WindowPlacement placement,
            UiText text) {
        this.text = text;
        this.layout = layout;
        this.connector = connector;
        this.background = background;
        this.ui = ui;
        this.recent = recent;
        this.owner = owner;
        this.appearance = appearance;
        this.placement = placement;
    }

    /** The items, in File-menu order, ending with a separator. */
    public List<MenuItem> items() {
        MenuItem connect = item("live.menu.connect", "menu-connect", this::openConnectDialog);
        MenuItem open = item("live.menu.openSnapshot", "menu-open-snapshot", () -> {
            FileChooser chooser = snapshotChooser("live.openSnapshot.title");
            whenChosen(() -> chooser.showOpenDialog(owner.get()), layout::openSnapshot);
        });
        MenuItem dump = item("live.menu.openDump", "menu-open-dump", () -> {
            DirectoryChooser chooser = new DirectoryChooser();
            chooser.setTitle(text.now("live.openDump.title"));
            whenChosen(() -> chooser.showDialog(owner.get()), layout::openConfigDump);
        });
        MenuItem archive = item("live.menu.openArchive", "menu-open-dump-archive", () -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle(text.now("live.openArchive.title"));
            chooser.getExtensionFilters()
                    .addAll(
                            new FileChooser.ExtensionFilter(
                                    text.now("live.openArchive.files"),
                                    "*.archive",
                                    "*.archive.gz", // untranslated: a file name pattern
                                    "*.gz",
                                    "*.agz"),
                            new FileChooser.ExtensionFilter(text.now("live.allFiles"), "*"));
            whenChosen(() -> chooser.showOpenDialog(owner.get()), layout::openConfigDump);
        });
        MenuItem save = item("live.menu.saveSnapshot", "menu-save-snapshot", () -> {
            FileChooser chooser = snapshotChooser("live.saveSnapshot.title");
            chooser.setInitialFileName(layout.namespaceProperty().get() + ".shardlab");
            whenChosen(() -> chooser.showSaveDialog(owner.get()), layout::saveSnapshot);
        });
        save.disableProperty().bind(layout.shownProperty().not());
        open.setAccelerator(OPEN_SNAPSHOT_KEYS);
        dump.setAccelerator(OPEN_DUMP_FOLDER_KEYS);
        archive.setAccelerator(OPEN_DUMP_ARCHIVE_KEYS);
        return List.of(connect, open, dump, archive, save, new SeparatorMenuItem());
    }

    /** Opens File → Connect to cluster…; a connection that opens is read in the background and shown. */
    public ConnectDialog openConnectDialog() {
        ConnectDialog[] dialog = new ConnectDialog[1];
        ConnectViewModel vm = new ConnectViewModel(connector, background, ui, recent, connection -> {
            layout.openLive(
                    new LiveConfigSource(connection, true),
                    ConnectionStringSecrets.withoutCredentials(connection.masked()));
            dialog[0].close();
        });
        vm.languageProperty().bind(text.language());
        dialog[0] = new ConnectDialog(vm, owner.get(), placement, text);
        appearance.applyOnce(dialog[0].getDialogPane());
        placement.show(dialog[0]);
        return dialog[0];
    }

    /** Shows a file or folder chooser where the window placement puts dialogs; hands on what was chosen, if anything. */
    private void whenChosen(Supplier<File> chooser, Consumer<Path> chosen) {
        File f = placement.choose(chooser);
        if (f != null) {
            chosen.accept(f.toPath());
        }
    }

    private FileChooser snapshotChooser(String title) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(text.now(title));
        chooser.getExtensionFilters()
                .addAll(
                        new FileChooser.ExtensionFilter(text.now("live.snapshots"), "*.shardlab", "*.json"),
                        new FileChooser.ExtensionFilter(text.now("live.allFiles"), "*"));
        return chooser;
    }

    private MenuItem item(String key, String id, Runnable action) {
        MenuItem item = text.label(new MenuItem(), key);
        item.setId(id);
        item.setOnAction(e -> action.run());
        return item;
    }
}
