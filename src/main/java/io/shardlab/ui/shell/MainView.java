package io.shardlab.ui.shell;

import io.shardlab.text.Language;
import io.shardlab.ui.about.AboutDialog;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.RememberedWindows;
import io.shardlab.ui.theme.ThemeChoice;
import io.shardlab.ui.theme.WindowPlacement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.image.Image;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.shape.Rectangle;
import javafx.stage.Stage;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignE;
import org.kordamp.ikonli.materialdesign2.MaterialDesignI;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;

/**
 * The main window: menu bar, central area (the empty state until a collection is shown) and
 * status bar. Builds nodes and binds them to {@link MainViewModel}; decides nothing itself.
 */
public final class MainView {

    // style classes of its nodes, as its stylesheet names them
    private static final String CONTENT_AREA = "content-area";
    private static final String MAIN_WINDOW = "main-window";

    /** The main window's own stylesheet: menu bar, empty state, status bar. */
    static final String STYLESHEET = Appearance.featureStylesheet(MainView.class, "shell.css");

    /**
     * The main window's size: roomy enough for the explorer and the lessons panel side by side, smaller on a
     * smaller screen ({@link WindowPlacement}), never under 720 × 480.
     */
    static final WindowPlacement.Size SIZE = new WindowPlacement.Size(1680, 1020, 720, 480);

    /** The name its size and place are remembered under ({@link RememberedWindows}). */
    static final String WINDOW_NAME = "main";

    /** The least width the side panel (the lessons) keeps when a narrow window makes it give up width. */
    static final double SIDE_PANEL_MIN_WIDTH = 240;

    private final UiText text;
    private final MainViewModel viewModel;
    private final Appearance appearance;
    private final WindowPlacement placement;
    private final List<Image> icons;
    private final Node collectionView;
    private final List<Menu> featureMenus;
    private final StackPane centre = new StackPane();
    private final List<MenuItem> tools = new ArrayList<>();
    private final List<MenuItem> fileItems = new ArrayList<>();
    private final List<MenuItem> viewItems = new ArrayList<>();
    private final List<Node> statusItems = new ArrayList<>();
    private Node sidePanel;
    private Stage stage;

    /**
     * A window in English with no collection view and no feature menus (previews), its size remembered for this
     * run only.
     *
     * @param viewModel the window's state and verbs
     * @param appearance applies the theme and app stylesheet
     * @param icons the app icon in several sizes, smallest first
     */
    public MainView(MainViewModel viewModel, Appearance appearance, List<Image> icons) {
        this(
                new UiText(Language.ENGLISH),
                viewModel,
                appearance,
                new WindowPlacement(RememberedWindows.inMemory(), WindowPlacement::screensOfThisDesktop),
                icons,
                null,
                List.of());
    }

    /**
     * @param text the window's words; View → Language sets its language
     * @param placement sizes and places the window and its dialogs for the screen
     * @param collectionView what the central area shows while a collection is on show (the explorer);
     *     null for none
     * @param featureMenus menus of the features, placed between File and View
     */
    public MainView(
            UiText text,
            MainViewModel viewModel,
            Appearance appearance,
            WindowPlacement placement,
            List<Image> icons,
            Node collectionView,
            List<Menu> featureMenus) {
        this.text = Objects.requireNonNull(text, "text");
        this.viewModel = viewModel;
        this.appearance = appearance;
        this.placement = Objects.requireNonNull(placement, "placement");
        this.icons = List.copyOf(icons);
        this.collectionView = collectionView;
        this.featureMenus = List.copyOf(featureMenus);
    }

    /**
     * Adds an item to the Tools menu (shown when it has items), e.g. a feature that opens its own
     * window. Call before {@link #show}.
     *
     * @param labelKey the key of the item's words, e.g. {@code "window.menu.advisor"}
     * @param id the item's node id, e.g. {@code "menu-advisor"}
     */
    public void addTool(String labelKey, String id, Runnable open) {
        MenuItem item = text.label(new MenuItem(), labelKey);
        item.setId(id);
        item.setOnAction(e -> open.run());
        tools.add(item);
    }

    /** Adds items to the File menu, above Quit (e.g. the live cluster's, File → Export…). Call before {@link #show}. */
    public void addFileItems(List<MenuItem> items) {
        items.forEach(this::addFileItem);
    }

    /**
     * Adds an item to the File menu, above Quit (e.g. File → Export…). Call before {@link #show}.
     */
    public void addFileItem(MenuItem item) {
        fileItems.add(Objects.requireNonNull(item, "item"));
    }

    /**
     * Places {@code panel} on the window's right, beside the central area, whatever the centre shows, with
     * a View menu switch (its words {@code labelKey}, {@code keys}) that shows and hides it. Call before
     * {@link #show}.
     *
     * @param id the switch's node id, e.g. {@code "menu-lessons"}
     * @param shown whether the panel shows to begin with
     */
    public void addSidePanel(Node panel, String labelKey, String id, KeyCombination keys, boolean shown) {
        sidePanel = Objects.requireNonNull(panel, "panel");
        CheckMenuItem toggle = text.label(new CheckMenuItem(), labelKey);
        toggle.setId(id);
        toggle.setAccelerator(keys);
        toggle.setSelected(shown);
        panel.visibleProperty().bind(toggle.selectedProperty());
        panel.managedProperty().bind(toggle.selectedProperty());
        viewItems.add(toggle);
    }

    /** Adds an item to the status bar, before the product version (e.g. the background work). Call before {@link #show}. */
    public void addStatusItem(Node item) {
        statusItems.add(Objects.requireNonNull(item, "item"));
    }

    /** Adds an item to the View menu, after the side panel's switch (e.g. View → Shell). Call before {@link #show}. */
    public void addViewItem(MenuItem item) {
        viewItems.add(Objects.requireNonNull(item, "item"));
    }

    /** Builds the window's scene into {@code stage} and shows it. */
    public void show(Stage stage) {
        this.stage = stage;
        BorderPane root = new BorderPane();
        root.getStyleClass().add(MAIN_WINDOW);
        // before the theme's sheet (Appearance.follow), so the shared rules win ties as they did in one sheet
        root.getStylesheets().add(STYLESHEET);
        centre.getStyleClass().add(CONTENT_AREA);
        centre.getChildren().add(new EmptyStateView(text, viewModel).build());
        centre.getChildren().get(0).visibleProperty().bind(viewModel.emptyProperty());
        if (collectionView != null) {
            collectionView.visibleProperty().bind(viewModel.emptyProperty().not());
            // when the window is narrower than the explorer wants, keep its left edge and controls in view
            StackPane.setAlignment(collectionView, Pos.TOP_LEFT);
            joinWhenFirstShown(collectionView);
        }
        root.setCenter(centre);
        root.setRight(sidePanel);
        // a side panel takes its preferred width; the centre gives up the rest rather than push it off the window
        centre.setMinWidth(0);
        // a window shorter than the explorer's least height (presenter type with a class's strip and roster above
        // it) keeps its menu bar: the centre takes the height between the bars and cuts what does not fit at its
        // bottom edge, where a border pane would otherwise centre it over the menu bar and the status bar
        centre.setMinHeight(0);
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(centre.widthProperty());
        clip.heightProperty().bind(centre.heightProperty());
        centre.setClip(clip);
        if (sidePanel instanceof Region panel && collectionView instanceof Region collection) {
            // but in a narrow window the panel gives up width first, down to its least, so that the explorer's
            // right-hand controls and side rail stay in the window
            panel.maxWidthProperty()
                    .bind(Bindings.createDoubleBinding(
                            () -> Math.max(SIDE_PANEL_MIN_WIDTH, root.getWidth() - collection.minWidth(-1)),
                            root.widthProperty(),
                            viewModel.emptyProperty()));
        }
        MenuBar menus = menuBar();
        root.setTop(menus);
        root.setBottom(new StatusBarView(text, viewModel, statusItems).build());
        appearance.follow(root);

        stage.titleProperty().bind(text.text(viewModel.titleProperty()));
        stage.getIcons().setAll(icons);
        Scene scene = new Scene(root);
        keepMenuOpenedByMnemonic(scene, menus);
        stage.setScene(scene);
        placement.show(stage, WINDOW_NAME, SIZE);
    }

    /**
     * Puts the collection view into the central area when a collection is first on show, not before: its styling,
     * skins and layout (most of the window's controls) would otherwise hold back the first frame of a window that
     * opens on its empty state (issue #32: the first frame within 2 s).
     */
    private void joinWhenFirstShown(Node collection) {
        if (!viewModel.emptyProperty().get()) {
            centre.getChildren().add(collection);
            return;
        }
        viewModel.emptyProperty().addListener(new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends Boolean> obs, Boolean was, Boolean empty) {
                if (!empty) {
                    obs.removeListener(this);
                    centre.getChildren().add(collection);
                }
            }
        });
    }

    /**
     * Alt+F opens File and leaves it open however the keys are let go. JavaFX's menu bar takes the release of Alt
     * as "Alt pressed alone" when the mnemonic's key press went to the mnemonic, and toggles the menu bar's focus,
     * which closed the menu just opened whenever Alt was let go before F (a quick Alt+F, or xdotool's).
     */
    private static void keepMenuOpenedByMnemonic(Scene scene, MenuBar menus) {
        scene.addEventFilter(KeyEvent.KEY_RELEASED, e -> {
            if (e.getCode() == KeyCode.ALT && menus.getMenus().stream().anyMatch(Menu::isShowing)) {
                e.consume();
            }
        });
    }

    private MenuBar menuBar() {
        MenuItem quit = text.label(new MenuItem(null, new FontIcon(MaterialDesignE.EXIT_TO_APP)), "window.menu.quit");
        quit.setId("menu-quit");
        quit.setAccelerator(ShellShortcut.QUIT.keys());
        quit.setOnAction(e -> viewModel.quit());
        Menu file = text.label(new Menu(null, null, quit), "window.menu.file");
        file.setId("menu-file");
        if (!fileItems.isEmpty()) {
            file.getItems().addAll(0, fileItems);
            file.getItems().add(fileItems.size(), new SeparatorMenuItem());
        }

        Menu theme = text.label(new Menu(null, new FontIcon(MaterialDesignT.THEME_LIGHT_DARK)), "window.menu.theme");
        theme.setId("menu-theme");
        ToggleGroup themeGroup = new ToggleGroup();
        Map<ThemeChoice, RadioMenuItem> themeItems = new EnumMap<>(ThemeChoice.class);
        for (ThemeChoice choice : ThemeChoice.values()) {
            RadioMenuItem item = new RadioMenuItem();
            item.textProperty().bind(text.text(choice.label()));
            item.setId("menu-theme-" + choice.name().toLowerCase(Locale.ROOT));
            item.setToggleGroup(themeGroup);
            item.setOnAction(e -> viewModel.chooseTheme(choice));
            themeItems.put(choice, item);
            theme.getItems().add(item);
        }
        themeItems.get(viewModel.themeChoiceProperty().get()).setSelected(true);
        viewModel
                .themeChoiceProperty()
                .addListener((obs, was, now) -> themeItems.get(now).setSelected(true));
        MenuItem switchTheme = new MenuItem();
        switchTheme.textProperty().bind(text.text(ShellShortcut.SWITCH_THEME.action()));
        switchTheme.setAccelerator(ShellShortcut.SWITCH_THEME.keys());
        switchTheme.setOnAction(e -> viewModel.toggleLightDark());
        theme.getItems().addAll(new SeparatorMenuItem(), switchTheme);

        CheckMenuItem presenter = text.label(
                new CheckMenuItem(null, new FontIcon(MaterialDesignP.PRESENTATION)), "window.menu.presenter");
        presenter.setId("menu-presenter");
        presenter.setAccelerator(ShellShortcut.PRESENTER_MODE.keys());
        presenter.setSelected(viewModel.presenterModeProperty().get());
        presenter.setOnAction(e -> viewModel.setPresenterMode(presenter.isSelected()));
        viewModel.presenterModeProperty().addListener((obs, was, on) -> presenter.setSelected(on));
        Menu view = text.label(new Menu(null, null, theme, languageMenu(), presenter), "window.menu.view");
        view.setId("menu-view");
        view.getItems().addAll(viewItems);

        MenuItem about =
                text.label(new MenuItem(null, new FontIcon(MaterialDesignI.INFORMATION_OUTLINE)), "window.menu.about");
        about.setId("menu-about");
        about.setAccelerator(ShellShortcut.ABOUT.keys());
        about.setOnAction(e -> showAbout());
        Menu help = text.label(new Menu(null, null, about), "window.menu.help");
        help.setId("menu-help");

        MenuBar bar = new MenuBar(file);
        bar.getMenus().addAll(featureMenus);
        if (!tools.isEmpty()) {
            Menu toolsMenu = text.label(new Menu(null, null, tools.toArray(new MenuItem[0])), "window.menu.tools");
            toolsMenu.setId("menu-tools");
            bar.getMenus().add(toolsMenu);
        }
        bar.getMenus().addAll(view, help);
        bar.setUseSystemMenuBar(true);
        return bar;
    }

    /**
     * View → Language: each language by its name in itself, so that a reader finds theirs whatever the window
     * speaks now; choosing one re-says every bound text at once.
     */
    private Menu languageMenu() {
        Menu languages = text.label(new Menu(null, new FontIcon(MaterialDesignT.TRANSLATE)), "window.menu.language");
        languages.setId("menu-language");
        ToggleGroup group = new ToggleGroup();
        Map<Language, RadioMenuItem> items = new EnumMap<>(Language.class);
        for (Language language : Language.values()) {
            RadioMenuItem item = new RadioMenuItem(language.nativeName());
            item.setId("menu-language-" + language.tag().toLowerCase(Locale.ROOT));
            // a language's name has no mnemonic; an underscore in it is a letter
            item.setMnemonicParsing(false);
            item.setToggleGroup(group);
            item.setOnAction(e -> text.languageProperty().set(language));
            items.put(language, item);
            languages.getItems().add(item);
        }
        items.get(text.language().get()).setSelected(true);
        text.language().addListener((obs, was, now) -> items.get(now).setSelected(true));
        return languages;
    }

    private void showAbout() {
        AboutDialog dialog = new AboutDialog(text, viewModel.about(), icons.get(icons.size() - 1));
        dialog.initOwner(stage);
        appearance.applyOnce(dialog.getDialogPane());
        placement.show(dialog);
    }
}
