package io.shardlab.ui.tasks;

import atlantafx.base.theme.Styles;
import io.shardlab.text.Language;
import io.shardlab.ui.text.UiText;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.IntegerBinding;
import javafx.collections.ListChangeListener;
import javafx.concurrent.Task;
import javafx.scene.control.Button;
import org.controlsfx.control.PopOver;
import org.controlsfx.control.TaskProgressView;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;

/**
 * The status bar's "1 running" item: shown while {@link VisibleWork} lists tasks; a click opens the list
 * (ControlsFX's TaskProgressView in a popover), one row per task with its title and an indeterminate bar.
 */
public final class BackgroundWorkIndicator {

    // style classes of its nodes, as its stylesheet names them
    private static final String BACKGROUND_WORK = "background-work";
    private static final String BACKGROUND_WORK_LIST = "background-work-list";
    private static final String BACKGROUND_WORK_POPOVER = "background-work-popover";

    private final Button button = new Button();
    private final TaskProgressView<Task<?>> list = new TaskProgressView<>();
    private final PopOver popOver = new PopOver(list);

    /** In English (tests). */
    public BackgroundWorkIndicator(VisibleWork work) {
        this(new UiText(Language.ENGLISH), work);
    }

    /** @param text the window's words, followed as the language changes */
    public BackgroundWorkIndicator(UiText text, VisibleWork work) {
        button.setId("status-background-work");
        button.getStyleClass().addAll(Styles.FLAT, BACKGROUND_WORK);
        button.setGraphic(new FontIcon(MaterialDesignP.PROGRESS_CLOCK));
        text.tip(button, "window.work.tooltip");
        IntegerBinding running = Bindings.size(work.running());
        button.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> text.messages().text("window.work.running", running.get()), running, text.language()));
        button.visibleProperty().bind(Bindings.isNotEmpty(work.running()));
        button.managedProperty().bind(button.visibleProperty());

        list.setId("background-work-list");
        list.getStyleClass().add(BACKGROUND_WORK_LIST);
        list.setPrefSize(360, 160);
        // the view drops a task itself when it ends; it only needs to hear of new ones
        list.getTasks().setAll(work.running());
        work.running().addListener((ListChangeListener<Task<?>>) c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(t -> list.getTasks().add(t));
            }
            if (c.getList().isEmpty()) {
                popOver.hide();
            }
        });
        popOver.setId("background-work-popover");
        popOver.getStyleClass().add(BACKGROUND_WORK_POPOVER);
        popOver.titleProperty().bind(text.text("window.work.title"));
        popOver.setHeaderAlwaysVisible(true);
        popOver.setDetachable(false);
        popOver.setArrowLocation(PopOver.ArrowLocation.BOTTOM_RIGHT);
        button.setOnAction(e -> {
            if (popOver.isShowing()) {
                popOver.hide();
            } else {
                popOver.show(button);
            }
        });
    }

    /** The status bar item. */
    public Button node() {
        return button;
    }

    /** The open list, for tests. */
    PopOver popOver() {
        return popOver;
    }
}
