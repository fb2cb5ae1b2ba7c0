package io.shardlab.ui.explorer.diagram;

import io.shardlab.ui.text.UiText;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignI;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;

/**
 * The number line's right-click menu on the selected chunk: its details, split (at the point or the median),
 * move to another shard, merge with a neighbour, zoom to it, or show the whole line. Built anew for each click,
 * so Move to lists the shards there are now.
 */
final class ChunkMenu {

    private ChunkMenu() {}

    /** @param showDetails shows the selected chunk's details popover */
    static ContextMenu of(NumberLineViewModel vm, ChunkActionsViewModel actions, Runnable showDetails, UiText text) {
        MenuItem split = new MenuItem();
        split.textProperty().bind(text.text(actions.splitTextProperty()));
        // the label is data (key values, shard names with underscores): no mnemonic may eat an underscore
        split.setMnemonicParsing(false);
        split.setGraphic(new FontIcon(MaterialDesignC.CONTENT_CUT));
        split.disableProperty().bind(actions.canSplitProperty().not());
        split.setOnAction(e -> actions.splitSelectedChunk());
        MenuItem median = text.label(new MenuItem(), "explorer.chunkMenu.median");
        median.disableProperty().bind(actions.canSplitAtMedianProperty().not());
        median.setOnAction(e -> actions.splitSelectedChunkAtMedian());
        median.visibleProperty().bind(actions.splitNamesAPointProperty());
        Menu move =
                text.label(new Menu(null, new FontIcon(MaterialDesignT.TRUCK_FAST_OUTLINE)), "explorer.chunkMenu.move");
        for (String shard : actions.moveTargetsProperty()) {
            MenuItem to = new MenuItem(shard);
            to.setMnemonicParsing(false);
            to.setOnAction(e -> actions.moveSelectedChunkTo(shard));
            move.getItems().add(to);
        }
        move.setDisable(!actions.canMoveProperty().get() || move.getItems().isEmpty());
        MenuItem mergeLeft =
                text.label(new MenuItem(null, new FontIcon(MaterialDesignM.MERGE)), "explorer.chunkMenu.mergePrevious");
        mergeLeft.setOnAction(e -> actions.mergeSelectedWithPrevious());
        mergeLeft.disableProperty().bind(actions.canMergeWithPreviousProperty().not());
        MenuItem mergeRight = text.label(new MenuItem(), "explorer.chunkMenu.mergeNext");
        mergeRight.setOnAction(e -> actions.mergeSelectedWithNext());
        mergeRight.disableProperty().bind(actions.canMergeWithNextProperty().not());
        MenuItem show = text.label(
                new MenuItem(null, new FontIcon(MaterialDesignI.INFORMATION_OUTLINE)), "explorer.chunkMenu.details");
        show.setOnAction(e -> showDetails.run());
        MenuItem zoom = text.label(
                new MenuItem(null, new FontIcon(MaterialDesignA.ARROW_EXPAND_HORIZONTAL)), "explorer.chunkMenu.zoom");
        zoom.setOnAction(e -> vm.zoomToSelection());
        MenuItem fit = text.label(
                new MenuItem(null, new FontIcon(MaterialDesignS.STRETCH_TO_PAGE_OUTLINE)), "explorer.menu.fit");
        fit.setOnAction(e -> vm.fit());
        ContextMenu menu = new ContextMenu(
                show,
                new SeparatorMenuItem(),
                split,
                median,
                new SeparatorMenuItem(),
                move,
                new SeparatorMenuItem(),
                mergeLeft,
                mergeRight,
                new SeparatorMenuItem(),
                zoom,
                fit);
        menu.setId("chunk-menu");
        return menu;
    }
}
