package io.shardlab.ui.shell;

import atlantafx.base.theme.Styles;
import atlantafx.base.theme.Tweaks;
import io.shardlab.render.ShardColorOrder;
import io.shardlab.text.Message;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.SharedStyles;
import java.util.List;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;

/**
 * What the central area shows before any collection is on screen: what ShardLab will draw, the
 * cluster's shards in their colours, and the keyboard shortcuts.
 */
final class EmptyStateView {

    // style classes of its nodes, as its stylesheet names them
    private static final String EMPTY_STATE = "empty-state";
    private static final String EMPTY_STATE_BADGE = "empty-state-badge";
    private static final String EMPTY_STATE_CAPTION = "empty-state-caption";
    private static final String EMPTY_STATE_CARD = "empty-state-card";
    private static final String EMPTY_STATE_SCROLLER = "empty-state-scroller";
    private static final String EMPTY_STATE_TEXT = "empty-state-text";
    private static final String EMPTY_STATE_TITLE = "empty-state-title";
    private static final String SHARD_CHIP = "shard-chip";
    private static final String SHARD_CHIPS = "shard-chips";
    private static final String SHARD_SWATCH = "shard-swatch";
    private static final String SHORTCUT_GRID = "shortcut-grid";

    /** Number of looked-up shard colours in shardlab.css ({@code -shard-0} … {@code -shard-15}). */
    static final int PALETTE_SIZE = 16;

    private final UiText text;
    private final MainViewModel viewModel;

    EmptyStateView(UiText text, MainViewModel viewModel) {
        this.text = text;
        this.viewModel = viewModel;
    }

    Region build() {
        FontIcon icon = new FontIcon(MaterialDesignC.CHART_GANTT);
        StackPane badge = new StackPane(icon);
        badge.getStyleClass().add(EMPTY_STATE_BADGE);

        Label title = text.label(new Label(), "window.empty.title");
        title.getStyleClass().add(EMPTY_STATE_TITLE);

        Label explanation = text.label(new Label(), "window.empty.text");
        explanation.getStyleClass().add(EMPTY_STATE_TEXT);
        explanation.setWrapText(true);
        explanation.setMinHeight(Region.USE_PREF_SIZE);

        Label shardsCaption = new Label();
        shardsCaption.getStyleClass().add(EMPTY_STATE_CAPTION);
        shardsCaption
                .textProperty()
                .bind(text.text(viewModel.shardCountTextProperty().map(n -> Message.of("window.empty.shards", n))));
        FlowPane shardChips = new FlowPane();
        shardChips.getStyleClass().add(SHARD_CHIPS);
        shardChips.setAlignment(Pos.CENTER);
        fillShardChips(shardChips);
        viewModel.shardIdsProperty().addListener((ListChangeListener<String>) change -> fillShardChips(shardChips));
        viewModel.shardColorsProperty().addListener((obs, was, now) -> fillShardChips(shardChips));

        Label shortcutsCaption = text.label(new Label(), "window.empty.shortcuts");
        shortcutsCaption.getStyleClass().add(EMPTY_STATE_CAPTION);

        VBox card = new VBox(badge, title, explanation);
        if (viewModel.canStartExploring()) {
            Button start = text.label(
                    new Button(null, new FontIcon(MaterialDesignP.PLAY_CIRCLE_OUTLINE)), "window.empty.start");
            start.setId("start-exploring");
            start.getStyleClass().addAll(Styles.ACCENT, Styles.LARGE);
            start.setOnAction(e -> viewModel.startExploring());
            start.setDefaultButton(true);
            card.getChildren().add(start);
        }
        card.getChildren().addAll(shardsCaption, shardChips, shortcutsCaption, shortcutGrid());
        card.getStyleClass().add(EMPTY_STATE_CARD);
        card.setAlignment(Pos.TOP_CENTER);
        card.setMaxHeight(Region.USE_PREF_SIZE);

        StackPane centred = new StackPane(card);
        centred.getStyleClass().add(EMPTY_STATE);
        // never shorter than the card: fitted to a short viewport it would cut the card's foot, with no scroll bar
        centred.setMinHeight(Region.USE_PREF_SIZE);
        // scrolls instead of squeezing the card when the window is small or presenter type is large
        ScrollPane scroller = new ScrollPane(centred);
        scroller.setId("empty-state");
        scroller.getStyleClass().addAll(EMPTY_STATE_SCROLLER, Tweaks.EDGE_TO_EDGE);
        scroller.setFitToWidth(true);
        scroller.setFitToHeight(true);
        return scroller;
    }

    /** A chip per shard in name order, each in its colour on the explorer's lanes ({@link ShardColorOrder}). */
    private void fillShardChips(FlowPane chips) {
        List<String> shardIds = List.copyOf(viewModel.shardIdsProperty());
        ShardColorOrder colors = viewModel.shardColorsProperty().get().joining(shardIds);
        chips.getChildren().clear();
        for (String shard : shardIds) {
            Region swatch = new Region();
            swatch.getStyleClass().addAll(SHARD_SWATCH, "shard-" + (colors.colorOf(shard) % PALETTE_SIZE));
            Label chip = new Label(shard, swatch);
            chip.getStyleClass().add(SHARD_CHIP);
            chips.getChildren().add(chip);
        }
    }

    private GridPane shortcutGrid() {
        GridPane grid = new GridPane();
        grid.getStyleClass().add(SHORTCUT_GRID);
        grid.setAlignment(Pos.CENTER);
        int row = 0;
        for (ShellShortcut shortcut : ShellShortcut.values()) {
            Label keys = new Label(shortcut.keys().getDisplayText());
            keys.getStyleClass().add(SharedStyles.KBD);
            HBox keysCell = new HBox(keys);
            keysCell.setAlignment(Pos.CENTER_RIGHT);
            Label action = new Label();
            action.textProperty().bind(text.text(shortcut.action()));
            action.getStyleClass().add(SharedStyles.SHORTCUT_ACTION);
            grid.addRow(row++, keysCell, action);
        }
        return grid;
    }
}
