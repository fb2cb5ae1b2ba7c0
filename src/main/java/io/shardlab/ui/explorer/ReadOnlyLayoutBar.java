package io.shardlab.ui.explorer;

import atlantafx.base.theme.Styles;
import io.shardlab.ui.text.UiText;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
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

    ReadOnlyLayoutBar(ExplorerViewModel vm, UiText text) {
        Label heading =
                text.label(new Label(null, new FontIcon(MaterialDesignE.EYE_OUTLINE)), "explorer.layout.heading");
        heading.setId("layout-heading");
        heading.getStyleClass().add(LAYOUT_HEADING);
        heading.setMinWidth(Region.USE_PREF_SIZE);
        Label summary = new Label();
        summary.setId("layout-summary");
        summary.getStyleClass().add(LAYOUT_SUMMARY);
        summary.textProperty().bind(text.text(vm.layoutSummaryProperty()));
        // a long key wraps: the namespace, key and counts are what tells this layout apart
        summary.setWrapText(true);
        summary.setMinHeight(Region.USE_PREF_SIZE);
        Label explanation = text.label(new Label(), "explorer.layout.explanation");
        explanation.setId("layout-explanation");
        explanation.getStyleClass().add(LAYOUT_EXPLANATION);
        explanation.setWrapText(true);
        explanation.setMinHeight(Region.USE_PREF_SIZE);
        VBox words = new VBox(heading, summary, explanation);
        words.getStyleClass().add(LAYOUT_TEXT);
        // the text takes what the buttons leave; it wraps rather than push them off the window
        words.setMinWidth(200);
        HBox.setHgrow(words, Priority.ALWAYS);

        Button fork = text.label(new Button(null, new FontIcon(MaterialDesignS.SOURCE_FORK)), "explorer.layout.fork");
        fork.setId("layout-fork");
        fork.getStyleClass().add(Styles.ACCENT);
        text.tip(fork, "explorer.layout.fork.tip");
        fork.disableProperty().bind(vm.canForkProperty().not());
        fork.visibleProperty().bind(vm.canForkProperty());
        fork.managedProperty().bind(fork.visibleProperty());
        fork.setOnAction(e -> vm.forkShownLayout());
        Button back = text.label(new Button(null, new FontIcon(MaterialDesignA.ARROW_LEFT)), "explorer.menu.back");
        back.setId("layout-back");
        text.tip(back, "explorer.layout.back.tip");
        back.setOnAction(e -> vm.backToSimulator());
        for (Region keepWhole : new Region[] {fork, back}) {
            keepWhole.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox actions = new HBox(fork, back);
        actions.getStyleClass().add(LAYOUT_ACTIONS);
        actions.setAlignment(Pos.CENTER_LEFT);
        actions.setMinWidth(Region.USE_PREF_SIZE);

        root = new HBox(words, actions);
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
