package io.shardlab.ui;

import io.shardlab.AppInfo;
import io.shardlab.cluster.Shard;
import io.shardlab.exercise.CommandJournal;
import io.shardlab.exercise.Exercise;
import io.shardlab.exercise.ExerciseCatalog;
import io.shardlab.render.CjkFont;
import io.shardlab.render.DiagramData;
import io.shardlab.session.DataFileReader;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExecutorSimulationThread;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.LockstepEngine;
import io.shardlab.session.MongosEndpoint;
import io.shardlab.session.Scenario;
import io.shardlab.session.WindowMongosLimits;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.ui.about.AboutInfo;
import io.shardlab.ui.advisor.AdvisorWindow;
import io.shardlab.ui.board.BoardViewModel;
import io.shardlab.ui.board.BoardWindow;
import io.shardlab.ui.board.ClassSample;
import io.shardlab.ui.console.ConsoleView;
import io.shardlab.ui.console.ConsoleViewModel;
import io.shardlab.ui.explorer.ExplorerMenus;
import io.shardlab.ui.explorer.ExplorerView;
import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.explorer.LatestValueMailbox;
import io.shardlab.ui.explorer.balancer.BalancerWhy;
import io.shardlab.ui.explorer.collections.CollectionPickerViewModel;
import io.shardlab.ui.explorer.comparison.ComparisonView;
import io.shardlab.ui.explorer.comparison.ComparisonViewModel;
import io.shardlab.ui.explorer.connections.ConnectionsWiring;
import io.shardlab.ui.explorer.diagram.DiagramPicture;
import io.shardlab.ui.export.ExportDialog;
import io.shardlab.ui.export.ExportViewModel;
import io.shardlab.ui.lessons.Lesson;
import io.shardlab.ui.lessons.LessonCatalog;
import io.shardlab.ui.lessons.LessonsView;
import io.shardlab.ui.lessons.LessonsViewModel;
import io.shardlab.ui.live.LiveFeature;
import io.shardlab.ui.placement.PlacementViewModel;
import io.shardlab.ui.placement.PlacementWindow;
import io.shardlab.ui.shell.ClusterDescription;
import io.shardlab.ui.shell.MainView;
import io.shardlab.ui.shell.MainViewModel;
import io.shardlab.ui.tasks.BackgroundTasks;
import io.shardlab.ui.tasks.BackgroundWorkIndicator;
import io.shardlab.ui.tasks.VisibleWork;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.RememberedLanguage;
import io.shardlab.ui.theme.RememberedSettings;
import io.shardlab.ui.theme.RememberedWindows;
import io.shardlab.ui.theme.SystemColorScheme;
import io.shardlab.ui.theme.WindowPlacement;
import io.shardlab.workload.TaskResult;
import io.shardlab.workload.WorkloadRegistry;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.image.Image;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.text.Font;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/**
 * The JavaFX application. Every dependency of the GUI is created and wired here, in one place, but what
 * {@code ui} does not know: the mongos on the wire (package {@code serve}), handed in as a
 * {@link MongosEndpoint.Factory} by the class the launcher starts ({@code io.shardlab.DesktopApp}).
 */
public class ShardLabApp extends Application {

    /** The least time between two frames client and Shell commands ask for, in ms. */
    private static final long COMMAND_FRAME_INTERVAL_MILLIS = 100;

    /**
     * The in-memory cluster the window opens on: the MongoDB release it behaves like and its
     * three shards, named as every new cluster is ({@link Shard#newClusterIds}).
     */
    static final ClusterDescription IN_MEMORY_CLUSTER = new ClusterDescription(ClusterDescription.IN_MEMORY, "8.0");

    static final List<Shard> IN_MEMORY_SHARDS =
            Shard.newClusterIds(3).stream().map(Shard::named).toList();

    /**
     * What "Explore a shard key" opens: orders numbered 1, 2, 3, … sharded on the counter, the classic
     * monotonically increasing key whose every insert lands in the chunk that ends at MaxKey. A 1 MB
     * chunk size (the smallest config.settings allows) lets the balancer act within a short stream.
     */
    static final Scenario FIRST_SCENARIO =
            Scenario.of("{ counter: 1 }", "monotonic").withChunkSizeMegabytes(1);

    /** View → Lessons shows and hides the lessons panel. */
    static final KeyCombination LESSONS_KEYS =
            new KeyCodeCombination(KeyCode.L, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);

    /** File → Export… */
    static final KeyCombination EXPORT_KEYS = new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN);

    private static final int[] ICON_SIZES = {16, 32, 48, 64, 128, 256};

    /**
     * System property for the installers' smoke check (installer/linux/smoke-test.sh): when
     * {@code true}, the app closes its window and exits as soon as the window has been drawn, so
     * that a script can start the packaged GUI on a virtual display and read the exit status.
     */
    static final String SMOKE_TEST_PROPERTY = "shardlab.smokeTest";

    /** What the smoke check prints when the window was drawn, for the script rather than a person. */
    static final String SMOKE_TEST_LINE =
            "ShardLab smoke test: the main window was drawn; closing it."; // untranslated: a script reads it

    private final BackgroundTasks tasks;
    private final MongosEndpoint.Factory mongos;
    private final DataFileReader dataFiles;
    private final Supplier<List<Rectangle2D>> screens;
    private final Function<Consumer<Message>, RememberedWindows> rememberedWindows;
    private final Function<Consumer<Message>, RememberedLanguage> rememberedLanguage;
    private final Function<Consumer<Message>, RememberedSettings> rememberedSettings;
    private WindowPlacement placement;
    private ExecutorSimulationThread simulationThread;
    private ExplorerViewModel explorer;
    private ExplorerEngine engine;
    /** Built on first use: {@link #explorerView()}. */
    private ExplorerView explorerView;

    /** The window's theme, which the explorer built on first use follows too. */
    private Appearance appearance;

    /** Built when a comparison first opens: {@link #comparisonView()}. */
    private ComparisonView comparisonView;

    private LiveFeature live;
    private ConsoleViewModel console;
    private ConsoleView consoleView;
    private ExecutorService exportThread;
    private VisibleWork work;
    private BoardWindow board;
    private AdvisorWindow advisorWindow;
    private PlacementWindow placementWindow;
    private UiText text;

    /**
     * @param tasks every background thread of the GUI comes from here and stops with {@link #stop()}
     * @param mongos makes the mongos over the explorer's cluster, which the Shell panel drives and clients reach
     *     through Simulation → Accept connections
     * @param dataFiles reads the layout of the data files File → Open cluster opens
     */
    protected ShardLabApp(BackgroundTasks tasks, MongosEndpoint.Factory mongos, DataFileReader dataFiles) {
        this(
                tasks,
                mongos,
                dataFiles,
                WindowPlacement::screensOfThisDesktop,
                problems -> RememberedWindows.inFile(RememberedWindows.fileOfThisUser(), problems),
                problems ->
                        RememberedLanguage.inFile(RememberedLanguage.fileOfThisUser(), Locale.getDefault(), problems),
                problems -> RememberedSettings.inFile(RememberedSettings.fileOfThisUser(), problems));
    }

    /**
     * @param screens the visual bounds of the screens the windows open on, the primary first
     * @param rememberedWindows where the windows' sizes are kept between runs, given where to tell a problem
     *     with them (the status bar)
     * @param rememberedLanguage the language View → Language last chose, kept between runs (the operating
     *     system's on a first start), given where to tell a problem with it (the status bar)
     * @param rememberedSettings the other settings kept between runs (the placement board's disk per shard), given
     *     where to tell a problem with them (the status bar)
     */
    ShardLabApp(
            BackgroundTasks tasks,
            MongosEndpoint.Factory mongos,
            DataFileReader dataFiles,
            Supplier<List<Rectangle2D>> screens,
            Function<Consumer<Message>, RememberedWindows> rememberedWindows,
            Function<Consumer<Message>, RememberedLanguage> rememberedLanguage,
            Function<Consumer<Message>, RememberedSettings> rememberedSettings) {
        this.tasks = Objects.requireNonNull(tasks, "tasks");
        this.mongos = Objects.requireNonNull(mongos, "mongos");
        this.dataFiles = Objects.requireNonNull(dataFiles, "dataFiles");
        this.screens = Objects.requireNonNull(screens, "screens");
        this.rememberedWindows = Objects.requireNonNull(rememberedWindows, "rememberedWindows");
        this.rememberedLanguage = Objects.requireNonNull(rememberedLanguage, "rememberedLanguage");
        this.rememberedSettings = Objects.requireNonNull(rememberedSettings, "rememberedSettings");
    }

    @Override
    public void start(Stage stage) {
        AppInfo app = AppInfo.load();
        // problems with the remembered language are told once the status bar exists
        List<Message> languageProblems = new ArrayList<>();
        RememberedLanguage language = rememberedLanguage.apply(languageProblems::add);
        // every view that shows words binds them through this one; View → Language switches it, for the next
        // start too
        text = new UiText(language.language());
        text.language().addListener((obs, was, now) -> language.remember(now));
        // the lessons panel shows at start: its catalog (every lesson file read and its scenario checked) is read on
        // the other core while this thread builds the window, not before the first frame (issue #32)
        Language startingLanguage = text.language().get();
        CompletableFuture<List<Lesson>> startingLessons = CompletableFuture.supplyAsync(
                () -> LessonCatalog.load(WorkloadRegistry.standard(), startingLanguage)
                        .lessons(),
                tasks.serial("shardlab-lessons"));
        // the CJK font the window's Chinese is set in (Appearance.CJK), from the jar, not the system
        Font.loadFont(CjkFont.bundled().open(), 12);
        AtomicReference<ExplorerViewModel> explorerRef = new AtomicReference<>();
        MainViewModel viewModel = new MainViewModel(
                app,
                AboutInfo.load(app),
                IN_MEMORY_CLUSTER,
                IN_MEMORY_SHARDS,
                SystemColorScheme.ofThisMachine(),
                Platform::exit,
                () -> explorerRef.get().launch(FIRST_SCENARIO));
        languageProblems.forEach(viewModel::reportFailure);
        appearance = new Appearance(viewModel.darkProperty(), viewModel.presenterModeProperty(), text.language());
        // every window and dialog is sized and placed by one placement, for the screen it opens on
        WindowPlacement placement = new WindowPlacement(rememberedWindows.apply(viewModel::reportFailure), screens);
        this.placement = placement;
        // start runs on the JavaFX thread: a throwable escaping a handler or pulse there (or on any
        // other thread) becomes one line in the status bar, and the window keeps working
        new LastResortFailureLine(
                        viewModel::reportFailure, Platform::isFxApplicationThread, Platform::runLater, System.err)
                .installOnThisThreadAndAsDefault();
        // the simulation lives on its own thread; its states reach the screen newest-first, one pending at most
        simulationThread = new ExecutorSimulationThread(tasks.serial(ExecutorSimulationThread.THREAD_NAME));
        LatestValueMailbox<EngineState> toScreen = new LatestValueMailbox<>(
                Platform::runLater, state -> explorerRef.get().accept(state));
        // what the mongos saw each student send, for the exercises' checks (io.shardlab.exercise, the class board)
        CommandJournal journal = new CommandJournal();
        engine = new ExplorerEngine(
                simulationThread,
                System::nanoTime,
                toScreen::offer,
                toScreen::pending,
                BackgroundFailure::describe,
                (catalog, host, budget, clients, log, lane) -> {
                    MongosEndpoint endpoint = mongos.open(catalog, host, budget, clients, log, lane);
                    endpoint.commands().observe(journal);
                    return endpoint;
                },
                WindowMongosLimits::heapInUseBytes,
                dataFiles);
        // a Shell script's commands come one at a time: a frame each would take most of the run (lesson 8's 1,440
        // splits); ten frames a second still show the script's progress
        engine.paceCommandFrames(COMMAND_FRAME_INTERVAL_MILLIS);
        explorer = new ExplorerViewModel(
                engine,
                WorkloadRegistry.standard(),
                viewModel.darkProperty(),
                ShardLabApp::copyToClipboard,
                (snapshot, version) -> {
                    viewModel.describeCluster(new ClusterDescription(IN_MEMORY_CLUSTER.kind(), version.toString()));
                    viewModel.showCollection(snapshot);
                },
                ConnectionsWiring.application());
        explorerRef.set(explorer);
        // the empty state's shard chips in the colours the lanes gave the shards
        viewModel.shardColorsProperty().bind(explorer.shardColorOrderProperty());
        // side by side: two sessions in lockstep on the same simulation thread, their pairs newest-first
        AtomicReference<ComparisonViewModel> comparisonRef = new AtomicReference<>();
        LatestValueMailbox<LockstepEngine.Pair> comparisonScreen = new LatestValueMailbox<>(
                Platform::runLater, pair -> comparisonRef.get().accept(pair));
        ComparisonViewModel comparison = new ComparisonViewModel(
                new LockstepEngine(
                        simulationThread,
                        System::nanoTime,
                        comparisonScreen::offer,
                        comparisonScreen::pending,
                        BackgroundFailure::describe),
                WorkloadRegistry.standard(),
                viewModel.darkProperty(),
                Platform::runLater);
        comparisonRef.set(comparison);
        explorer.offerComparison(comparison);
        // File → Connect / Open snapshot / Save snapshot (io.shardlab.ui.live): a read-only layout in the explorer
        // what the user waits for (exports, reads, the advisor) is listed in the status bar while it runs
        VisibleWork work = new VisibleWork(Platform::runLater, text);
        this.work = work;
        live = new LiveFeature(explorer, viewModel, () -> stage, tasks, work, appearance, placement, text);
        BorderPane collectionView = new BorderPane();
        // a window shorter than the explorer's least height cuts it at the bottom (MainView), never over the menu bar
        collectionView.setMinHeight(0);
        collectionView.setBottom(live.panel());
        // View → Shell (io.shardlab.ui.console): mongosh's REPL under the explorer, on the cluster it shows
        console = new ConsoleViewModel(
                engine.shellCommandLayer(),
                ConsoleViewModel.historyFileOfThisUser(),
                tasks.serial("shardlab-shell"),
                Platform::runLater,
                text);
        consoleView = new ConsoleView(text, console);
        // in presenter mode the Shell panel shows in a window of its own: the explorer keeps the projector's height
        Node explorerAndShell =
                consoleView.dockUnder(collectionView, viewModel.presenterModeProperty(), appearance::follow);
        // the explorer is built when it first joins the window (MainView shows it with the first collection), or
        // when a menu item or a class acts on its nodes, not at start (issue #32: the first frame within 2 s)
        collectionView.sceneProperty().addListener((obs, was, now) -> {
            if (now != null && collectionView.getCenter() == null) {
                collectionView.setCenter(explorerView().node());
            }
        });
        explorer.connections().acceptingProperty().addListener((obs, was, now) -> {
            if (now) {
                explorerView();
            }
        });
        // a comparison shows in the explorer's place; closing it brings the explorer back as it was
        comparison.openProperty().addListener((obs, was, now) -> {
            collectionView.setCenter(
                    now ? comparisonView().node() : explorerView().node());
            if (!now && !explorer.playback().loadedProperty().get()) {
                // nothing was explored before the comparison: the window's empty state returns
                viewModel.closeCollection();
            }
        });
        // the window's status bar names the left side's collection while the comparison shows
        comparison.left().numberLine().pictureProperty().addListener((obs, was, now) -> {
            if (now != null
                    && comparison.openProperty().get()
                    && (was == null
                            || was.data().layout().snapshot().chunks()
                                    != now.data().layout().snapshot().chunks())) {
                viewModel.describeCluster(new ClusterDescription(
                        Message.of(
                                "window.cluster.release",
                                ClusterDescription.TWO_IN_MEMORY,
                                comparison.releasesProperty().get()),
                        Optional.empty()));
                viewModel.showCollection(now.data().layout().snapshot());
            }
        });
        List<Image> icons = loadIcons();
        // Simulation → Placement board… (io.shardlab.ui.placement): where every database and collection lives, and
        // moveCollection / unshardCollection / shardAndDistribute through the cluster's mongos, undone by the
        // explorer's undo; a recorded layout is not changed
        PlacementViewModel placementBoard = new PlacementViewModel(
                engine::placement,
                Platform::runLater,
                engine::undo,
                engine::redo,
                rememberedSettings.apply(viewModel::reportFailure));
        placementBoard.readOnlyProperty().bind(explorer.readOnlyLayoutProperty());
        live.layout().metadataProperty().addListener((obs, was, now) -> {
            if (now != null) {
                placementBoard.showRecorded(now);
            }
        });
        PlacementWindow placementWindow = new PlacementWindow(
                text,
                placementBoard,
                explorer.drain(),
                appearance,
                viewModel.darkProperty(),
                icons,
                placement,
                (board, owner) -> showExport(ExportViewModel.Input.placement(board), owner, appearance, viewModel),
                explorer.shardColorOrderProperty());
        this.placementWindow = placementWindow;
        MenuItem placementItem = text.label(new MenuItem(), "placement.menu");
        placementItem.setId("menu-placement-board");
        placementItem.setAccelerator(PlacementWindow.KEYS);
        placementItem.setOnAction(e -> placementWindow.open());
        List<Menu> explorerMenus = new ExplorerMenus(explorer, text, this::explorerView).menus();
        explorerMenus.stream()
                .filter(m -> "menu-simulation".equals(m.getId()))
                .forEach(m -> m.getItems().addAll(new SeparatorMenuItem(), placementItem));
        MainView mainView =
                new MainView(text, viewModel, appearance, placement, icons, explorerAndShell, explorerMenus);
        mainView.addFileItems(live.menuItems());
        // View → Lessons: the lessons panel beside the explorer; "Run scenario" loads a lesson into the explorer
        LessonsViewModel lessons = new LessonsViewModel(
                text,
                lessonsIn -> lessonsIn == startingLanguage
                        ? TaskResult.of(startingLessons)
                        : LessonCatalog.load(WorkloadRegistry.standard(), lessonsIn)
                                .lessons(),
                explorer,
                viewModel.presenterModeProperty(),
                viewModel::togglePresenterMode);
        mainView.addSidePanel(
                new LessonsView(lessons, text).build(), "window.menu.lessons", "menu-lessons", LESSONS_KEYS, true);
        mainView.addViewItem(consoleView.menuItem());
        // a lesson's "Run in shell" shows the panel, types its snippet and runs it
        lessons.offerShell(
                step -> {
                    consoleView.show();
                    console.run(step.script(), step.commands(), step.restore());
                },
                console.runningProperty());
        // File → Export…: the explorer's diagram to PNG, SVG or PDF through render's painter
        mainView.addFileItem(exportItem(stage, appearance, viewModel));
        // File → Save cluster with its documents…: what the class wrote, for serve --data-file to carry on from
        mainView.addFileItem(saveClusterItem(stage));
        // File → Open cluster…: a data file saved here or by serve --data-file, documents included
        mainView.addFileItem(openClusterItem(stage));
        // Tools → Shard key advisor… (io.shardlab.ui.advisor), in a window of its own
        AdvisorWindow advisor =
                new AdvisorWindow(text, appearance, placement, viewModel.darkProperty(), icons, tasks, work);
        mainView.addStatusItem(new BackgroundWorkIndicator(text, work).node());
        mainView.addTool("window.menu.advisor", "menu-advisor", advisor::open);
        this.advisorWindow = advisor;
        // View → Class board (io.shardlab.ui.board): every student's collections at once, where each stands on the
        // chosen exercise, and the results' export; a tile opens its collection in the explorer, as the picker does
        List<Exercise> exercises = ExerciseCatalog.load(text.language().get()).exercises();
        BoardViewModel board = new BoardViewModel(
                (distinctUpTo, out) -> engine.readCatalog(
                        BoardViewModel.RECENT_WINDOWS, ClassSample.reading(journal, distinctUpTo), out),
                tasks.serial("shardlab-board"),
                Platform::runLater,
                Instant::now,
                exercises,
                namespace -> {
                    CollectionPickerViewModel picker = explorer.collections();
                    picker.choose(picker.choices().stream()
                            .filter(c -> c.namespace().equals(namespace))
                            .findFirst()
                            .orElse(new CollectionPickerViewModel.Choice(namespace, "")));
                    stage.toFront();
                });
        // the roster's names (each student's appName) name their databases' tiles and results
        board.followRoster(explorer.connections().roster());
        // the bundled exercises' titles and hints follow View → Language
        text.language()
                .addListener((obs, was, now) ->
                        board.translate(ExerciseCatalog.load(now).exercises()));
        BoardWindow boardWindow = new BoardWindow(text, board, appearance, viewModel.darkProperty(), icons, placement);
        MenuItem boardItem = text.label(new MenuItem(), "window.menu.classBoard");
        boardItem.setId("menu-class-board");
        boardItem.setAccelerator(BoardWindow.KEYS);
        boardItem.setOnAction(e -> boardWindow.open());
        mainView.addViewItem(boardItem);
        this.board = boardWindow;
        mainView.show(stage);
        if (getParameters() != null && !getParameters().getRaw().isEmpty()) {
            live.layout().openSnapshot(Path.of(getParameters().getRaw().get(0)));
        }
        if (Boolean.getBoolean(SMOKE_TEST_PROPERTY)) {
            closeAfterFirstFrame(stage, Platform::exit);
        }
    }

    private MenuItem saveClusterItem(Stage stage) {
        MenuItem item = text.label(new MenuItem(), "window.menu.saveCluster");
        item.setId("menu-save-cluster");
        item.disableProperty().bind(explorer.numberLine().pictureProperty().isNull());
        item.setOnAction(e -> {
            FileChooser chooser = dataFileChooser("window.saveCluster.title");
            chooser.setInitialFileName("cluster.data");
            Optional.ofNullable(chooser.showSaveDialog(stage))
                    .map(File::toPath)
                    .ifPresent(explorer.connections()::saveCluster);
        });
        return item;
    }

    private MenuItem openClusterItem(Stage stage) {
        MenuItem item = text.label(new MenuItem(), "window.menu.openCluster");
        item.setId("menu-open-cluster");
        item.setOnAction(e -> Optional.ofNullable(
                        dataFileChooser("window.openCluster.title").showOpenDialog(stage))
                .map(File::toPath)
                .ifPresent(explorer::openCluster));
        return item;
    }

    /** The chooser of ShardLab's data files ({@code serve --data-file}), for saving and opening alike. */
    private FileChooser dataFileChooser(String titleKey) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(text.now(titleKey));
        chooser.getExtensionFilters()
                .addAll(
                        new FileChooser.ExtensionFilter(text.now("window.saveCluster.filter"), "*.data"),
                        new FileChooser.ExtensionFilter(text.now("window.dataFile.any"), "*"));
        return chooser;
    }

    /**
     * File → Export…'s dialog over {@code owner}, on {@code input}: the explorer's diagram, a comparison or the
     * placement board, one dialog and one painter per picture for all.
     */
    private void showExport(ExportViewModel.Input input, Stage owner, Appearance appearance, MainViewModel viewModel) {
        ExportViewModel export = new ExportViewModel(
                text,
                input,
                viewModel.darkProperty().get(),
                work.reporting(text.now("window.export.work"), exportThread),
                Platform::runLater,
                ShardLabApp::copyImage);
        ExportDialog dialog = new ExportDialog(
                text,
                export,
                name -> {
                    FileChooser chooser = new FileChooser();
                    chooser.setTitle(text.now("export.title"));
                    chooser.setInitialFileName(name);
                    return Optional.ofNullable(placement.choose(() -> chooser.showSaveDialog(owner)))
                            .map(File::toPath);
                },
                folder -> getHostServices().showDocument(folder.toUri().toString()),
                placement);
        dialog.initOwner(owner);
        appearance.applyOnce(dialog.getDialogPane());
        placement.show(dialog);
    }

    private MenuItem exportItem(Stage stage, Appearance appearance, MainViewModel viewModel) {
        exportThread = tasks.serial("shardlab-export");
        MenuItem item = text.label(new MenuItem(), "window.menu.export");
        item.setId("menu-export");
        item.setAccelerator(EXPORT_KEYS);
        ComparisonViewModel comparison = explorer.comparison().orElseThrow();
        // a comparison on show exports both sides, stacked under their captions
        item.disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> comparison.openProperty().get()
                                ? comparison.pictures().isEmpty()
                                : explorer.numberLine().pictureProperty().get() == null,
                        comparison.openProperty(),
                        explorer.numberLine().pictureProperty(),
                        comparison.left().numberLine().pictureProperty(),
                        comparison.right().numberLine().pictureProperty()));
        // the click that opens the File menu closes Why no move? first: whether its plan was shown is read then
        boolean[] planShownAsMenuOpened = {false};
        item.parentMenuProperty().addListener((obs, was, menu) -> {
            if (menu != null) {
                menu.addEventHandler(
                        Menu.ON_SHOWING,
                        m -> planShownAsMenuOpened[0] = explorer.balancer().planShown());
                menu.addEventHandler(Menu.ON_HIDDEN, m -> Platform.runLater(() -> planShownAsMenuOpened[0] = false));
            }
        });
        item.setOnAction(e -> {
            ExportViewModel.Input input;
            if (comparison.openProperty().get()) {
                List<DiagramPicture> pictures = comparison.pictures().orElseThrow();
                input = ExportViewModel.Input.comparison(List.of(
                                new ExportViewModel.Side(
                                        text.messages()
                                                .text(comparison
                                                        .left()
                                                        .captionProperty()
                                                        .get()),
                                        pictures.get(0).data()),
                                new ExportViewModel.Side(
                                        text.messages()
                                                .text(comparison
                                                        .right()
                                                        .captionProperty()
                                                        .get()),
                                        pictures.get(1).data())))
                        // the lines' plan preview as the comparison's switch drew it
                        .withPlanShown(comparison.planPreviewProperty().get());
            } else {
                DiagramPicture picture = explorer.numberLine().pictureProperty().get();
                // Why no move?'s plan preview, also when its panel closed as the menu opened
                DiagramData data = picture.data()
                        .withMigrations(picture.data()
                                .migrations()
                                .withNext(explorer.balancer().latestPreview().map(BalancerWhy.Preview::plannedMove)));
                input = new ExportViewModel.Input(data, picture.options().highlight())
                        .shownAs(picture.options().scale(), exportProvenance(viewModel))
                        .withPlanShown(explorer.balancer().planShown() || planShownAsMenuOpened[0]);
            }
            showExport(input, stage, appearance, viewModel);
        });
        return item;
    }

    /**
     * What an export of the explorer's diagram is stamped with: the cluster the status bar names (its kind and
     * release) and what the window's title says (the collection, key, source and, for a rewound layout, the
     * changelog step; for the simulator, the step of its undo history), so that a rewound export does not pass
     * for the latest.
     */
    private String exportProvenance(MainViewModel viewModel) {
        Message cluster = viewModel.clusterLabelProperty().get();
        String provenance = text.now(
                "export.provenance",
                cluster == null ? "" : text.messages().text(cluster),
                explorer.titleProperty().get());
        // the simulator's undo history: an export after an undo says which step it shows
        Message step = explorer.history().stepProperty().get();
        return step == null || explorer.readOnlyLayoutProperty().get()
                ? provenance
                : text.now("export.provenance.step", provenance, text.messages().text(step));
    }

    private static void copyImage(BufferedImage image) {
        ClipboardContent content = new ClipboardContent();
        content.putImage(SwingFXUtils.toFXImage(image, null));
        Clipboard.getSystemClipboard().setContent(content);
    }

    /** The explorer, for tests that drive the real window. */
    ExplorerViewModel explorer() {
        return explorer;
    }

    /** The side-by-side view, built when a comparison first opens (as the explorer is, on first use). */
    ComparisonView comparisonView() {
        if (comparisonView == null) {
            comparisonView = new ComparisonView(explorer.comparison().orElseThrow(), text);
            BorderPane.setAlignment(comparisonView.node(), Pos.TOP_LEFT);
        }
        return comparisonView;
    }

    /** The explorer's view, for tests that measure the real window. */
    /** Whether the explorer's view has been built (it is on first use), for tests. */
    boolean explorerBuilt() {
        return explorerView != null;
    }

    /** The explorer's view, built on first use: see {@link ExplorerMenus}. */
    ExplorerView explorerView() {
        if (explorerView == null) {
            explorerView = new ExplorerView(explorer, appearance, placement, text);
            BorderPane.setAlignment(explorerView.node(), Pos.TOP_LEFT);
            // docked under the explorer at a short height, the Shell folds the explorer's rows as presenter mode does
            explorerView.underPanelProperty().bind(consoleView.dockedProperty());
        }
        return explorerView;
    }

    @Override
    public void stop() {
        if (placement != null) {
            placement.save();
        }
        if (engine != null) {
            engine.closeConnections();
        }
        if (simulationThread != null) {
            simulationThread.close();
        }
        if (live != null) {
            live.close();
        }
        tasks.shutdown();
    }

    /**
     * Closes {@code stage} and runs {@code exit} on the second pulse after now: a pulse runs the
     * animation timers and then draws the scene, so by the second one the first frame is drawn.
     */
    static void closeAfterFirstFrame(Stage stage, Runnable exit) {
        new AnimationTimer() {
            private int pulses;

            @Override
            public void handle(long now) {
                if (++pulses == 2) {
                    stop();
                    System.out.println(SMOKE_TEST_LINE);
                    stage.close();
                    exit.run();
                }
            }
        }.start();
    }

    /** The window's words, for tests that switch its language. */
    UiText text() {
        return text;
    }

    /** The placement board's window, for tests that drive the real window. */
    PlacementWindow placementBoard() {
        return placementWindow;
    }

    /** The advisor's window, for tests that drive the real window. */
    AdvisorWindow advisor() {
        return advisorWindow;
    }

    /** The class board's window, for tests that drive the real window. */
    BoardWindow board() {
        return board;
    }

    /** The Shell panel, for tests that drive the real window. */
    ConsoleViewModel console() {
        return console;
    }

    /** The live-cluster feature, for tests that drive the real window. */
    LiveFeature live() {
        return live;
    }

    private static void copyToClipboard(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }

    private static List<Image> loadIcons() {
        List<Image> icons = new ArrayList<>();
        for (int size : ICON_SIZES) {
            String resource = "icon/shardlab-" + size + ".png";
            try (InputStream in = ShardLabApp.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("io/shardlab/ui/" + resource + ": missing from the class path");
                }
                icons.add(new Image(in));
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "io/shardlab/ui/" + resource + ": cannot be read", e); // untranslated: a build fault
            }
        }
        return icons;
    }
}
