package io.shardlab.ui.explorer;

import atlantafx.base.theme.Styles;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignE;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;

/**
 * What stands in place of the setup and transport strips while a read-only layout shows: which layout it
 * is (namespace, key, shards, chunks), that nothing plays on it, and the two ways
 * back to the simulator: fork this layout into it, or return to the simulation that was on show.
 */
final class ReadOnlyLayoutBar {

    // style classes of its nodes, as its stylesheet names them
    private static final String LAYOUT_ACTIONS = "layout-actions";
    private static final String LAYOUT_EXPLANATION = "layout-explanation";
    private static final String LAYOUT_HEADING = "layout-heading";
    private static final String LAYOUT_SUMMARY = "layout-summary";
    private static final String LAYOUT_TEXT = "layout-text";
    private static final String READ_ONLY_LAYOUT_BAR = "read-only-layout-bar";

    private final HBox root;

    ReadOnlyLayoutBar(ExplorerViewModel vm) {
        Label heading = new Label("Read-only layout", new FontIcon(MaterialDesignE.EYE_OUTLINE));
        heading.setId("layout-heading");
        heading.getStyleClass().add(LAYOUT_HEADING);
        heading.setMinWidth(Region.USE_PREF_SIZE);
        Label summary = new Label();
        summary.setId("layout-summary");
        summary.getStyleClass().add(LAYOUT_SUMMARY);
        summary.textProperty().bind(vm.layoutSummaryProperty());
        // a long key wraps: the namespace, key and counts are what tells this layout apart
        summary.setWrapText(true);
        summary.setMinHeight(Region.USE_PREF_SIZE);
        Label explanation = new Label("As recorded, not simulated: nothing plays and no command changes it. "
                + "Fork it into the simulator to try splits, moves, merges and an insert stream on it.");
        explanation.setId("layout-explanation");
        explanation.getStyleClass().add(LAYOUT_EXPLANATION);
        explanation.setWrapText(true);
        explanation.setMinHeight(Region.USE_PREF_SIZE);
        VBox text = new VBox(heading, summary, explanation);
        text.getStyleClass().add(LAYOUT_TEXT);
        // the text takes what the buttons leave; it wraps rather than push them off the window
        text.setMinWidth(200);
        HBox.setHgrow(text, Priority.ALWAYS);

        Button fork = new Button("Fork into simulator", new FontIcon(MaterialDesignS.SOURCE_FORK));
        fork.setId("layout-fork");
        fork.getStyleClass().add(Styles.ACCENT);
        fork.setTooltip(new Tooltip("Copy this layout (at the history step shown) into the in-memory cluster"));
        fork.disableProperty().bind(vm.canForkProperty().not());
        fork.visibleProperty().bind(vm.canForkProperty());
        fork.managedProperty().bind(fork.visibleProperty());
        fork.setOnAction(e -> vm.forkShownLayout());
        Button back = new Button("Back to simulator", new FontIcon(MaterialDesignA.ARROW_LEFT));
        back.setId("layout-back");
        back.setTooltip(new Tooltip("Leave this layout: the simulation on show before it comes back, paused"));
        back.setOnAction(e -> vm.backToSimulator());
        for (Region keepWhole : new Region[] {fork, back}) {
            keepWhole.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox actions = new HBox(fork, back);
        actions.getStyleClass().add(LAYOUT_ACTIONS);
        actions.setAlignment(Pos.CENTER_LEFT);
        actions.setMinWidth(Region.USE_PREF_SIZE);

        root = new HBox(text, actions);
        root.setId("read-only-layout-bar");
        root.getStyleClass().add(READ_ONLY_LAYOUT_BAR);
        root.setAlignment(Pos.CENTER_LEFT);
        root.visibleProperty().bind(vm.readOnlyLayoutProperty());
        root.managedProperty().bind(root.visibleProperty());
    }

    Region node() {
        return root;
    }
}
