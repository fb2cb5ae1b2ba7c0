package io.shardlab.ui.lessons;

import atlantafx.base.theme.Styles;
import io.shardlab.text.Language;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.css.PseudoClass;
import javafx.event.EventHandler;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignE;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;

/**
 * The lessons side panel: the list of lessons, the open lesson's texts (principle, what to watch,
 * the question for the room), its scenario with the queries to try, a Run scenario button, one
 * button per follow-up, and previous/next. Builds nodes and binds them to {@link LessonsViewModel};
 * decides nothing itself.
 *
 * <p>Presenter mode is styled, not built: the window root's {@code presenter} style class makes the
 * stylesheet's lessons section switch to large type and high-contrast colours. Page Down and Page Up
 * (what a presentation clicker sends) open the next and previous lesson wherever the focus is in the window,
 * except in a text input, which keeps them.
 *
 * <p>Its own words follow the window's language ({@link UiText}); the lesson's words are the view model's, which
 * follows it too.
 */
public final class LessonsView {

    // style classes of its nodes, as its stylesheet names them
    private static final String LESSONS_HEADER = "lessons-header";
    private static final String LESSONS_HEADING = "lessons-heading";
    private static final String LESSONS_LIST = "lessons-list";
    private static final String LESSONS_PANEL = "lessons-panel";
    private static final String LESSONS_PRESENTER_TOGGLE = "lessons-presenter-toggle";
    private static final String LESSON_COMPARE = "lesson-compare";
    private static final String LESSON_CONTENT = "lesson-content";
    private static final String LESSON_FOLLOW_UP = "lesson-follow-up";
    private static final String LESSON_FOLLOW_UPS = "lesson-follow-ups";
    private static final String LESSON_FOLLOW_UP_ALONE = "lesson-follow-up-alone";
    private static final String LESSON_FOLLOW_UP_BUTTON = "lesson-follow-up-button";
    private static final String LESSON_FOLLOW_UP_NOTE = "lesson-follow-up-note";
    private static final String LESSON_NAVIGATION = "lesson-navigation";
    private static final String LESSON_QUERIES = "lesson-queries";
    private static final String LESSON_QUERY = "lesson-query";
    private static final String LESSON_QUERY_CHOICE = "lesson-query-choice";
    private static final String LESSON_QUERY_EXPECT = "lesson-query-expect";
    private static final String LESSON_QUERY_FILTER = "lesson-query-filter";
    private static final String LESSON_QUERY_HEAD = "lesson-query-head";
    private static final String LESSON_QUESTION = "lesson-question";
    private static final String LESSON_RUN = "lesson-run";
    private static final String LESSON_SCENARIO = "lesson-scenario";
    private static final String LESSON_SCROLLER = "lesson-scroller";
    private static final String LESSON_SECTION_TITLE = "lesson-section-title";
    private static final String LESSON_SHELL = "lesson-shell";
    private static final String LESSON_SHELL_SCRIPT = "lesson-shell-script";
    private static final String LESSON_SHELL_STEPS = "lesson-shell-steps";
    private static final String LESSON_WATCH = "lesson-watch";
    private static final String LESSON_WATCH_BULLET = "lesson-watch-bullet";
    private static final String LESSON_WATCH_ITEM = "lesson-watch-item";
    private static final String LESSON_WATCH_ROW = "lesson-watch-row";

    /** The panel's own stylesheet. */
    // absolute, so that the file name does not read as a key of the lessons bundle
    static final String STYLESHEET =
            Appearance.featureStylesheet(LessonsView.class, "/io/shardlab/ui/lessons/lessons.css");

    /** The scenario card while a follow-up's scenario shows in place of the lesson's. */
    private static final PseudoClass SHOWING_FOLLOW_UP = PseudoClass.getPseudoClass("showing-follow-up");
    /** The follow-up whose scenario shows. */
    private static final PseudoClass ACTIVE = PseudoClass.getPseudoClass("active");
    /** The status line after a launch failed. */
    private static final PseudoClass FAILED = PseudoClass.getPseudoClass("failed");

    private final LessonsViewModel viewModel;
    private final UiText text;

    /**
     * @param viewModel the panel's state
     * @param text the window's words, in the language the view model speaks
     */
    public LessonsView(LessonsViewModel viewModel, UiText text) {
        this.viewModel = viewModel;
        this.text = text;
    }

    /** A panel in English. */
    public LessonsView(LessonsViewModel viewModel) {
        this(viewModel, new UiText(Language.ENGLISH));
    }

    /** Builds the panel; put it beside the explorer. */
    public Region build() {
        VBox panel = new VBox(header(), lessonList(), content(), navigation(), status());
        panel.setId("lessons-panel");
        panel.getStyleClass().add(LESSONS_PANEL);
        panel.getStylesheets().add(STYLESHEET);
        // a presentation clicker sends Page Down / Page Up to whatever has the focus: the whole window listens,
        // while the panel shows, except where the keys edit text (the key field, the filter, a text area)
        EventHandler<KeyEvent> clicker = e -> {
            if (!panel.isVisible()
                    || e.isShortcutDown()
                    || e.isAltDown()
                    || e.isShiftDown()
                    || panel.getScene().getFocusOwner() instanceof TextInputControl) {
                return;
            }
            if (e.getCode() == KeyCode.PAGE_DOWN) {
                viewModel.nextLesson();
                e.consume();
            } else if (e.getCode() == KeyCode.PAGE_UP) {
                viewModel.previousLesson();
                e.consume();
            }
        };
        panel.sceneProperty().addListener((obs, was, now) -> {
            if (was != null) {
                was.removeEventFilter(KeyEvent.KEY_PRESSED, clicker);
            }
            if (now != null) {
                now.addEventFilter(KeyEvent.KEY_PRESSED, clicker);
            }
        });
        return panel;
    }

    private Node header() {
        Label heading = text.label(new Label(null, new FontIcon(MaterialDesignS.SCHOOL_OUTLINE)), "lessons.heading");
        heading.getStyleClass().add(LESSONS_HEADING);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        ToggleButton presenter = new ToggleButton(null, new FontIcon(MaterialDesignP.PRESENTATION));
        presenter.setId("lessons-presenter");
        presenter.getStyleClass().add(LESSONS_PRESENTER_TOGGLE);
        text.tip(presenter, "lessons.presenter.tip");
        presenter.setSelected(viewModel.presenterModeProperty().get());
        viewModel.presenterModeProperty().addListener((obs, was, on) -> presenter.setSelected(on));
        presenter.setOnAction(e -> {
            viewModel.togglePresenterMode();
            presenter.setSelected(viewModel.presenterModeProperty().get());
        });
        HBox header = new HBox(heading, spacer, presenter);
        header.getStyleClass().add(LESSONS_HEADER);
        header.setAlignment(Pos.CENTER_LEFT);
        return header;
    }

    /** The property a ComboBox's list skin reads for how many rows to measure for its open list's width. */
    private static final String ROWS_TO_MEASURE_FOR_THE_OPEN_WIDTH =
            "comboBoxRowsToMeasureWidth"; // untranslated: JavaFX's property key, not a sentence

    private Node lessonList() {
        ComboBox<Lesson> list = new ComboBox<>(viewModel.lessonsProperty());
        list.setId("lessons-list");
        list.getStyleClass().add(LESSONS_LIST);
        list.setMaxWidth(Double.MAX_VALUE);
        list.setVisibleRowCount(viewModel.lessonsProperty().size());
        // open, the list is as wide as the closed one and wraps a long title: as wide as its longest title it ran
        // past the screen's right edge, the panel being at the window's right. The skin sizes the open list from
        // the widest of the rows it measures and the closed list's width; asked to measure none, it takes the
        // closed list's width (ComboBoxListViewSkin's COMBO_BOX_ROWS_TO_MEASURE_WIDTH_KEY)
        list.getProperties().put(ROWS_TO_MEASURE_FOR_THE_OPEN_WIDTH, 0);
        list.setCellFactory(v -> {
            NumberedLessonCell cell = new NumberedLessonCell();
            cell.setWrapText(true);
            cell.setPrefWidth(0);
            return cell;
        });
        // closed, the list names the lesson in full on as many lines as it needs: a cut title reads as another lesson;
        // it is as tall as the longest title needs, so the lesson's text below keeps its place from lesson to lesson
        NumberedLessonCell shown = new NumberedLessonCell() {
            @Override
            protected double computePrefHeight(double width) {
                // the combo box asks without a width; wrapped text needs the width the cell has been given
                double w = width < 0 && getWidth() > 0 ? getWidth() : width;
                double own = super.computePrefHeight(w);
                if (w <= 0) {
                    return own;
                }
                // the titles wrapped as this cell wraps its own, counted in lines: a Text's line is not a Labeled's
                double wrap = w - snappedLeftInset() - snappedRightInset();
                double insets = snappedTopInset() + snappedBottomInset();
                int mostLines = 1;
                for (int i = 0; i < viewModel.lessonsProperty().size(); i++) {
                    mostLines = Math.max(mostLines, lines(numbered(i), wrap));
                }
                double perLine = (own - insets) / lines(getText(), wrap);
                return Math.max(own, snapSizeY(insets + mostLines * perLine));
            }

            private int lines(String text, double width) {
                Text measured = new Text(text == null ? "" : text);
                measured.setFont(getFont());
                measured.setLineSpacing(getLineSpacing());
                double oneLine = measured.getLayoutBounds().getHeight();
                measured.setWrappingWidth(width);
                return Math.max(1, (int) Math.round(measured.getLayoutBounds().getHeight() / oneLine));
            }
        };
        shown.setWrapText(true);
        shown.setMinHeight(Region.USE_PREF_SIZE);
        list.setButtonCell(shown);
        list.getSelectionModel().select(viewModel.selectedIndexProperty().get());
        list.getSelectionModel().selectedIndexProperty().addListener((obs, was, now) -> {
            if (now.intValue() >= 0
                    && now.intValue() != viewModel.selectedIndexProperty().get()) {
                viewModel.selectLesson(now.intValue());
            }
        });
        viewModel
                .selectedIndexProperty()
                .addListener((obs, was, now) -> list.getSelectionModel().select(now.intValue()));
        // a language switch replaces the lessons with the same ones in other words: the open one stays chosen
        viewModel.lessonsProperty().addListener((ListChangeListener<Lesson>) c -> list.getSelectionModel()
                .select(viewModel.selectedIndexProperty().get()));
        return list;
    }

    /** "3. Few values, few chunks": the lesson's place in teaching order and its title. */
    private class NumberedLessonCell extends ListCell<Lesson> {
        @Override
        protected void updateItem(Lesson lesson, boolean empty) {
            super.updateItem(lesson, empty);
            setText(
                    empty || lesson == null
                            ? null
                            : numbered(viewModel.lessonsProperty().indexOf(lesson)));
        }
    }

    /** The closed and open list's text for the lesson at {@code index}. */
    private String numbered(int index) {
        return (index + 1) + ". " + viewModel.lessonsProperty().get(index).title();
    }

    private Node content() {
        Label position = label("lesson-position", "lesson-position", viewModel.positionProperty());
        Label title = label("lesson-title", "lesson-title", viewModel.titleProperty());
        Label principle = label("lesson-principle", "lesson-principle", viewModel.principleProperty());

        VBox watch = new VBox();
        watch.setId("lesson-watch");
        watch.getStyleClass().add(LESSON_WATCH);
        rebuildOnChange(
                viewModel.watchProperty(),
                () -> watch.getChildren()
                        .setAll(viewModel.watchProperty().stream()
                                .map(LessonsView::watchItem)
                                .toList()));

        Label askTitle = sectionTitle("lessons.askTheRoom", new FontIcon(MaterialDesignA.ACCOUNT_GROUP_OUTLINE));
        Label ask = label("lesson-ask", "lesson-ask-text", viewModel.askTheRoomProperty());
        VBox question = new VBox(askTitle, ask);
        question.getStyleClass().add(LESSON_QUESTION);

        VBox content = new VBox(
                position,
                title,
                principle,
                sectionTitle("lessons.watch", new FontIcon(MaterialDesignE.EYE_OUTLINE)),
                watch,
                question,
                scenario(),
                followUps(),
                shellSteps());
        content.getStyleClass().add(LESSON_CONTENT);
        content.setFillWidth(true);

        ScrollPane scroller = new ScrollPane(content);
        scroller.setId("lesson-scroller");
        scroller.getStyleClass().add(LESSON_SCROLLER);
        scroller.setFitToWidth(true);
        scroller.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        VBox.setVgrow(scroller, Priority.ALWAYS);
        // a new lesson starts at its top
        viewModel.selectedIndexProperty().addListener((obs, was, now) -> scroller.setVvalue(0));
        return scroller;
    }

    private static Node watchItem(String text) {
        FontIcon bullet = new FontIcon(MaterialDesignC.CHEVRON_RIGHT);
        bullet.getStyleClass().add(LESSON_WATCH_BULLET);
        Label item = new Label(text);
        item.getStyleClass().add(LESSON_WATCH_ITEM);
        item.setWrapText(true);
        item.setMinHeight(Region.USE_PREF_SIZE);
        HBox row = new HBox(bullet, item);
        row.getStyleClass().add(LESSON_WATCH_ROW);
        row.setAlignment(Pos.TOP_LEFT);
        return row;
    }

    private Node scenario() {
        Label summary = label("lesson-summary", "lesson-summary", viewModel.scenarioSummaryProperty());
        Label why = label("lesson-why", "lesson-why", viewModel.whyTheseSettingsProperty());

        VBox queries = new VBox();
        queries.setId("lesson-queries");
        queries.getStyleClass().add(LESSON_QUERIES);
        ToggleGroup group = new ToggleGroup();
        rebuildOnChange(viewModel.queriesProperty(), () -> {
            group.getToggles().clear();
            queries.getChildren()
                    .setAll(viewModel.queriesProperty().stream()
                            .map(q -> queryChoice(q, group))
                            .toList());
            selectToggleOf(group, viewModel.selectedQueryProperty().get());
        });
        group.selectedToggleProperty().addListener((obs, was, now) -> {
            if (now != null
                    && now.getUserData() != viewModel.selectedQueryProperty().get()) {
                viewModel.selectQuery((LessonQuery) now.getUserData());
            }
        });
        viewModel.selectedQueryProperty().addListener((obs, was, now) -> selectToggleOf(group, now));
        Label queriesTitle = sectionTitle("lessons.queries", null);
        queriesTitle
                .visibleProperty()
                .bind(viewModel.queriesProperty().emptyProperty().not());
        queriesTitle.managedProperty().bind(queriesTitle.visibleProperty());

        Button run = text.label(new Button(null, new FontIcon(MaterialDesignP.PLAY)), "lessons.run");
        run.setId("lesson-run");
        run.getStyleClass().addAll(Styles.ACCENT, LESSON_RUN);
        run.setOnAction(e -> viewModel.startScenario());

        VBox box = new VBox(
                sectionTitle("lessons.scenario", new FontIcon(MaterialDesignP.PLAY_CIRCLE_OUTLINE)),
                summary,
                why,
                queriesTitle,
                queries,
                run);
        box.getStyleClass().add(LESSON_SCENARIO);
        viewModel.shownFollowUpProperty().addListener((obs, was, now) -> {
            box.pseudoClassStateChanged(SHOWING_FOLLOW_UP, now != null);
        });
        return box;
    }

    private static Node queryChoice(LessonQuery query, ToggleGroup group) {
        RadioButton choice = new RadioButton(query.label());
        choice.setMnemonicParsing(false);
        choice.setUserData(query);
        choice.setToggleGroup(group);
        choice.getStyleClass().add(LESSON_QUERY_CHOICE);
        Label filter = new Label(query.filter());
        filter.getStyleClass().add(LESSON_QUERY_FILTER);
        filter.setWrapText(true);
        filter.setMinHeight(Region.USE_PREF_SIZE);
        Label expected = new Label(query.expected().label());
        expected.getStyleClass()
                .addAll(
                        LESSON_QUERY_EXPECT,
                        "expect-"
                                + query.expected()
                                        .name()
                                        .toLowerCase(Locale.ROOT)
                                        .replace('_', '-'));
        // the badge keeps its whole word; a long label wraps beside it instead of being cut
        choice.setWrapText(true);
        choice.setMinHeight(Region.USE_PREF_SIZE);
        choice.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(choice, Priority.ALWAYS);
        expected.setMinWidth(Region.USE_PREF_SIZE);
        HBox head = new HBox(choice, expected);
        head.getStyleClass().add(LESSON_QUERY_HEAD);
        head.setAlignment(Pos.CENTER_LEFT);
        VBox item = new VBox(head, filter);
        item.getStyleClass().add(LESSON_QUERY);
        return item;
    }

    private static void selectToggleOf(ToggleGroup group, LessonQuery query) {
        group.getToggles().stream()
                .filter(t -> t.getUserData() == query)
                .findFirst()
                .ifPresentOrElse(t -> t.setSelected(true), () -> group.selectToggle(null));
    }

    private Node followUps() {
        VBox list = buttonList("lesson-follow-ups", LESSON_FOLLOW_UPS, viewModel.followUpsProperty(), this::followUp);
        Label title = sectionTitle("lessons.compare", new FontIcon(MaterialDesignC.COMPARE_HORIZONTAL));
        VBox box = new VBox(title, list);
        box.getStyleClass().add(LESSON_COMPARE);
        box.visibleProperty().bind(viewModel.followUpsProperty().emptyProperty().not());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    private Node shellSteps() {
        VBox list =
                buttonList("lesson-shell-steps", LESSON_SHELL_STEPS, viewModel.shellStepsProperty(), this::shellStep);
        Label title = sectionTitle("lessons.runInShell", new FontIcon(MaterialDesignC.CONSOLE_LINE));
        VBox box = new VBox(title, list);
        box.getStyleClass().add(LESSON_SHELL);
        box.visibleProperty()
                .bind(viewModel.shellStepsProperty().emptyProperty().not().and(viewModel.shellOfferedProperty()));
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    private Node shellStep(ShellStep step, int index) {
        Button button = new Button(step.label(), new FontIcon(MaterialDesignP.PLAY_BOX_OUTLINE));
        button.setId("lesson-shell-step-" + index);
        // a lesson's own words, which may name keys such as _id
        button.setMnemonicParsing(false);
        button.getStyleClass().add(LESSON_FOLLOW_UP_BUTTON);
        button.setMaxWidth(Double.MAX_VALUE);
        button.setAlignment(Pos.CENTER_LEFT);
        // a long step ("Pre-split tomorrow, balancer off then on") wraps in a narrow panel rather than end in "…"
        button.setWrapText(true);
        button.setMinHeight(Region.USE_PREF_SIZE);
        button.setOnAction(e -> viewModel.runInShell(index));
        // what the panel will type, so the room reads the commands before they run
        Label script = new Label(step.script());
        script.getStyleClass().add(LESSON_SHELL_SCRIPT);
        script.setWrapText(true);
        script.setMinHeight(Region.USE_PREF_SIZE);
        VBox item = new VBox(button, script);
        item.getStyleClass().add(LESSON_FOLLOW_UP);
        return item;
    }

    private Node followUp(FollowUp followUp, int index) {
        Button button = new Button(followUp.label(), new FontIcon(MaterialDesignS.SWAP_HORIZONTAL));
        button.setId("lesson-follow-up-" + index);
        button.getStyleClass().add(LESSON_FOLLOW_UP_BUTTON);
        button.setMaxWidth(Double.MAX_VALUE);
        button.setAlignment(Pos.CENTER_LEFT);
        // labels name keys such as { _id: 1 }: no mnemonic may eat the underscore, and a long key wraps
        button.setMnemonicParsing(false);
        button.setWrapText(true);
        button.setMinHeight(Region.USE_PREF_SIZE);
        button.setOnAction(e -> viewModel.startFollowUp(index));
        text.tip(button, "lessons.followUp.tip");
        Label note = new Label(followUp.note());
        note.getStyleClass().add(LESSON_FOLLOW_UP_NOTE);
        note.setWrapText(true);
        note.setMinHeight(Region.USE_PREF_SIZE);
        Hyperlink alone = text.label(new Hyperlink(), "lessons.followUp.alone");
        alone.setId("lesson-follow-up-alone-" + index);
        alone.getStyleClass().add(LESSON_FOLLOW_UP_ALONE);
        alone.setOnAction(e -> viewModel.runFollowUpAlone(index));
        VBox item = new VBox(button, note, alone);
        item.getStyleClass().add(LESSON_FOLLOW_UP);
        Runnable mark = () -> {
            item.pseudoClassStateChanged(
                    ACTIVE, viewModel.shownFollowUpProperty().get() == followUp);
        };
        mark.run();
        viewModel.shownFollowUpProperty().addListener((obs, was, now) -> mark.run());
        return item;
    }

    private Node navigation() {
        Button previous = text.label(new Button(null, new FontIcon(MaterialDesignC.CHEVRON_LEFT)), "lessons.previous");
        previous.setId("lesson-previous");
        previous.disableProperty().bind(viewModel.hasPreviousProperty().not());
        previous.setOnAction(e -> viewModel.previousLesson());
        Button next = text.label(new Button(null, new FontIcon(MaterialDesignC.CHEVRON_RIGHT)), "lessons.next");
        next.setId("lesson-next");
        next.setContentDisplay(ContentDisplay.RIGHT);
        next.disableProperty().bind(viewModel.hasNextProperty().not());
        next.setOnAction(e -> viewModel.nextLesson());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(previous, spacer, next);
        bar.getStyleClass().add(LESSON_NAVIGATION);
        bar.setAlignment(Pos.CENTER);
        return bar;
    }

    private Node status() {
        Label status = label("lesson-status", "lesson-status", viewModel.statusProperty());
        // the line keeps its height while empty: "Running the lesson's scenario…" appearing must not push the
        // lesson's text up under the pointer
        status.visibleProperty().bind(viewModel.statusProperty().isNotEmpty());
        status.setMinHeight(Region.USE_PREF_SIZE);
        viewModel.launchFailedProperty().addListener((obs, was, failed) -> {
            status.pseudoClassStateChanged(FAILED, failed);
        });
        return status;
    }

    private static Label label(String id, String styleClass, ObservableValue<String> text) {
        Label label = new Label();
        label.setId(id);
        label.getStyleClass().add(styleClass);
        label.textProperty().bind(text);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        return label;
    }

    private Label sectionTitle(String key, Node icon) {
        Label title = text.label(new Label(null, icon), key);
        title.getStyleClass().add(LESSON_SECTION_TITLE);
        return title;
    }

    /** A column of one button per item (made by {@code button} from the item and its place), remade as they change. */
    private static <T> VBox buttonList(
            String id, String styleClass, ObservableList<T> items, BiFunction<T, Integer, Node> button) {
        VBox list = new VBox();
        list.setId(id);
        list.getStyleClass().add(styleClass);
        rebuildOnChange(items, () -> {
            List<T> all = items;
            list.getChildren().clear();
            for (int i = 0; i < all.size(); i++) {
                list.getChildren().add(button.apply(all.get(i), i));
            }
        });
        return list;
    }

    private static <T> void rebuildOnChange(ObservableList<T> list, Runnable rebuild) {
        rebuild.run();
        list.addListener((ListChangeListener<T>) c -> rebuild.run());
    }
}
