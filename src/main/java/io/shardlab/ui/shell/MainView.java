package io.shardlab.ui.shell;

import io.shardlab.ui.about.AboutDialog;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.ThemeChoice;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
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
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.stage.Screen;
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

    /** Smallest default window size: fits a 1366×768 laptop with room for the desktop's own bars. */
    static final double WIDTH = 1280;

    static final double HEIGHT = 720;
    /** Largest default window size: the explorer and the lessons panel side by side without crowding. */
    static final double ROOMY_WIDTH = 1680;

    static final double ROOMY_HEIGHT = 1020;

    private final MainViewModel viewModel;
    private final Appearance appearance;
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
     * @param viewModel the window's state and verbs
     * @param appearance applies the theme and app stylesheet
     * @param icons the app icon in several sizes, smallest first
     */
    public MainView(MainViewModel viewModel, Appearance appearance, List<Image> icons) {
        this(viewModel, appearance, icons, null, List.of());
    }

    /**
     * @param collectionView what the central area shows while a collection is on show (the explorer);
     *     null for none
     * @param featureMenus menus of the features, placed between File and View
     */
    public MainView(
            MainViewModel viewModel,
            Appearance appearance,
            List<Image> icons,
            Node collectionView,
            List<Menu> featureMenus) {
        this.viewModel = viewModel;
        this.appearance = appearance;
        this.icons = List.copyOf(icons);
        this.collectionView = collectionView;
        this.featureMenus = List.copyOf(featureMenus);
    }

    /**
     * Adds an item to the Tools menu (shown when it has items), e.g. a feature that opens its own
     * window. Call before {@link #show}.
     *
     * @param id the item's node id, e.g. {@code "menu-advisor"}
     */
    public void addTool(String label, String id, Runnable open) {
        MenuItem item = new MenuItem(label);
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
     * a View menu switch ({@code label}, {@code keys}) that shows and hides it. Call before {@link #show}.
     *
     * @param id the switch's node id, e.g. {@code "menu-lessons"}
     * @param shown whether the panel shows to begin with
     */
    public void addSidePanel(Node panel, String label, String id, KeyCombination keys, boolean shown) {
        sidePanel = Objects.requireNonNull(panel, "panel");
        CheckMenuItem toggle = new CheckMenuItem(label);
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
        root.setTop(menuBar());
        centre.getStyleClass().add(CONTENT_AREA);
        centre.getChildren().add(new EmptyStateView(viewModel).build());
        centre.getChildren().get(0).visibleProperty().bind(viewModel.emptyProperty());
        if (collectionView != null) {
            centre.getChildren().add(collectionView);
            collectionView.visibleProperty().bind(viewModel.emptyProperty().not());
            // when the window is narrower than the explorer wants, keep its left edge and controls in view
            StackPane.setAlignment(collectionView, Pos.TOP_LEFT);
        }
        root.setCenter(centre);
        root.setRight(sidePanel);
        // a side panel takes its preferred width; the centre gives up the rest rather than push it off the window
        centre.setMinWidth(0);
        root.setBottom(new StatusBarView(viewModel, statusItems).build());
        appearance.follow(root);

        stage.titleProperty().bind(viewModel.titleProperty());
        stage.getIcons().setAll(icons);
        // as large as the screen comfortably allows, between the laptop size and the roomy size
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        double width = Math.max(WIDTH, Math.min(ROOMY_WIDTH, Math.floor(screen.getWidth() * 0.94)));
        double height = Math.max(HEIGHT, Math.min(ROOMY_HEIGHT, Math.floor(screen.getHeight() * 0.92)));
        stage.setScene(new Scene(root, width, height));
        stage.setMinWidth(720);
        stage.setMinHeight(480);
        stage.show();
    }

    private MenuBar menuBar() {
        MenuItem quit = new MenuItem("Quit", new FontIcon(MaterialDesignE.EXIT_TO_APP));
        quit.setId("menu-quit");
        quit.setAccelerator(ShellShortcut.QUIT.keys());
        quit.setOnAction(e -> viewModel.quit());
        Menu file = new Menu("_File", null, quit);
        if (!fileItems.isEmpty()) {
            file.getItems().addAll(0, fileItems);
            file.getItems().add(fileItems.size(), new SeparatorMenuItem());
        }

        Menu theme = new Menu("Theme", new FontIcon(MaterialDesignT.THEME_LIGHT_DARK));
        ToggleGroup themeGroup = new ToggleGroup();
        Map<ThemeChoice, RadioMenuItem> themeItems = new EnumMap<>(ThemeChoice.class);
        for (ThemeChoice choice : ThemeChoice.values()) {
            RadioMenuItem item = new RadioMenuItem(choice.label());
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
        MenuItem switchTheme = new MenuItem(ShellShortcut.SWITCH_THEME.action());
        switchTheme.setAccelerator(ShellShortcut.SWITCH_THEME.keys());
        switchTheme.setOnAction(e -> viewModel.toggleLightDark());
        theme.getItems().addAll(new SeparatorMenuItem(), switchTheme);

        CheckMenuItem presenter = new CheckMenuItem("Presenter mode", new FontIcon(MaterialDesignP.PRESENTATION));
        presenter.setId("menu-presenter");
        presenter.setAccelerator(ShellShortcut.PRESENTER_MODE.keys());
        presenter.setSelected(viewModel.presenterModeProperty().get());
        presenter.setOnAction(e -> viewModel.setPresenterMode(presenter.isSelected()));
        viewModel.presenterModeProperty().addListener((obs, was, on) -> presenter.setSelected(on));
        Menu view = new Menu("_View", null, theme, presenter);
        view.getItems().addAll(viewItems);

        MenuItem about = new MenuItem("About ShardLab", new FontIcon(MaterialDesignI.INFORMATION_OUTLINE));
        about.setId("menu-about");
        about.setAccelerator(ShellShortcut.ABOUT.keys());
        about.setOnAction(e -> showAbout());
        Menu help = new Menu("_Help", null, about);

        MenuBar bar = new MenuBar(file);
        bar.getMenus().addAll(featureMenus);
        if (!tools.isEmpty()) {
            bar.getMenus().add(new Menu("_Tools", null, tools.toArray(new MenuItem[0])));
        }
        bar.getMenus().addAll(view, help);
        bar.setUseSystemMenuBar(true);
        return bar;
    }

    private void showAbout() {
        AboutDialog dialog = new AboutDialog(viewModel.about(), icons.get(icons.size() - 1));
        dialog.initOwner(stage);
        appearance.applyOnce(dialog.getDialogPane());
        dialog.show();
    }
}
