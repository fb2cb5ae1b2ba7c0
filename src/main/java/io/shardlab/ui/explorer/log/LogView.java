package io.shardlab.ui.explorer.log;

import io.shardlab.render.ElapsedTime;
import io.shardlab.session.ExplorerFrame.Activity;
import io.shardlab.session.ExplorerFrame.ActivityKind;
import io.shardlab.ui.explorer.ExplorerStyles;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;
import org.kordamp.ikonli.materialdesign2.MaterialDesignU;

/** The side panel's Log tab: the cluster's activity, newest first, one icon and time per line. */
public final class LogView {

    // style classes of its nodes, as its stylesheet names them
    private static final String ACTIVITY_LIST = "activity-list";
    private static final String ACTIVITY_ROW = "activity-row";
    private static final String ACTIVITY_TEXT = "activity-text";
    private static final String ACTIVITY_TIME = "activity-time";

    /** The tab's own stylesheet. */
    static final String STYLESHEET = Appearance.featureStylesheet(LogView.class, "log.css");

    /** The style class of a line's icon; its colour is the line's kind, a pseudo-class (:split, :migration, …). */
    static final String ACTIVITY_ICON = "activity-icon";

    private static final Map<ActivityKind, PseudoClass> KIND = Arrays.stream(ActivityKind.values())
            .collect(Collectors.toMap(
                    k -> k, k -> PseudoClass.getPseudoClass(k.name().toLowerCase(Locale.ROOT))));

    private LogView() {}

    /** The newest activity lines the log shows. */
    public static final int ACTIVITY_ROWS = 80;

    /**
     * The log: refilled when its list changes while its tab shows, and when the tab comes forward (a
     * stream at full speed changes the list dozens of times a second; rows nobody sees need no text
     * layout).
     */
    public static Node of(LogViewModel vm, ObservableBooleanValue shown, UiText text) {
        VBox list = new VBox(2);
        list.setId("activity-list");
        list.getStyleClass().add(ACTIVITY_LIST);
        Label empty = text.label(new Label(), "explorer.log.empty");
        empty.getStyleClass().add(ExplorerStyles.PANEL_EMPTY_STATE);
        empty.setWrapText(true);
        empty.visibleProperty().bind(vm.activityProperty().emptyProperty());
        empty.managedProperty().bind(empty.visibleProperty());
        List<ActivityRow> rows = new ArrayList<>();
        Runnable fill = () -> {
            List<Activity> items = vm.activityProperty();
            int n = Math.min(ACTIVITY_ROWS, items.size());
            while (rows.size() < n) {
                ActivityRow row = new ActivityRow(text);
                rows.add(row);
                list.getChildren().add(row.node);
            }
            for (int i = 0; i < rows.size(); i++) {
                rows.get(i).show(i < n ? items.get(i) : null);
            }
        };
        vm.activityProperty().addListener((ListChangeListener<Activity>) c -> {
            if (shown.get()) {
                fill.run();
            }
        });
        shown.addListener((obs, was, now) -> {
            if (now) {
                fill.run();
            }
        });
        // each line is said again in the new language
        text.language().addListener((obs, was, now) -> {
            if (shown.get()) {
                fill.run();
            }
        });
        VBox box = new VBox(empty, list);
        box.getStyleClass().add(ExplorerStyles.PANEL_CONTENT);
        box.getStylesheets().add(STYLESHEET);
        return box;
    }

    /**
     * One activity line. Rows are kept and refilled (the log changes many times a second while a stream
     * plays), and they sit in a plain box in the scroll pane, so long lines wrap to the panel's width.
     */
    private static final class ActivityRow {
        private final FontIcon icon = new FontIcon();
        private final Label time = new Label();
        private final Label text = new Label();
        private final UiText words;
        private final HBox node;
        private ActivityKind kind;

        ActivityRow(UiText words) {
            this.words = words;
            icon.getStyleClass().add(ACTIVITY_ICON);
            time.getStyleClass().add(ACTIVITY_TIME);
            text.getStyleClass().add(ACTIVITY_TEXT);
            text.setWrapText(true);
            text.setMinHeight(Region.USE_PREF_SIZE);
            VBox body = new VBox(1, time, text);
            HBox.setHgrow(body, Priority.ALWAYS);
            body.setMinWidth(0);
            node = new HBox(8, icon, body);
            node.getStyleClass().add(ACTIVITY_ROW);
            node.setAlignment(Pos.TOP_LEFT);
        }

        void show(Activity a) {
            node.setVisible(a != null);
            node.setManaged(a != null);
            if (a == null) {
                return;
            }
            if (a.kind() != kind) {
                // a new state restyles the icon: only when the row's kind changes
                if (kind != null) {
                    icon.pseudoClassStateChanged(KIND.get(kind), false);
                }
                kind = a.kind();
                icon.setIconCode(iconOf(kind));
                icon.pseudoClassStateChanged(KIND.get(kind), true);
            }
            time.setText(ElapsedTime.format(Math.max(0, a.atMillis())));
            text.setText(words.messages().text(a.line()));
        }
    }

    private static Ikon iconOf(ActivityKind kind) {
        return switch (kind) {
            case SPLIT -> MaterialDesignS.SCISSORS_CUTTING;
            case MIGRATION -> MaterialDesignT.TRUCK_FAST_OUTLINE;
            case JUMBO -> MaterialDesignA.ALERT_OCTAGON_OUTLINE;
            case MERGE -> MaterialDesignM.MERGE;
            case BALANCER -> MaterialDesignS.SCALE_BALANCE;
            case COMMAND -> MaterialDesignC.CONSOLE_LINE;
            case UNDO -> MaterialDesignU.UNDO;
            case FAILURE -> MaterialDesignA.ALERT_CIRCLE_OUTLINE;
        };
    }
}
