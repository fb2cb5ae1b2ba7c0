package io.shardlab.ui.explorer.setup;

import atlantafx.base.theme.Styles;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.SharedStyles;
import io.shardlab.ui.theme.WindowPlacement;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.event.ActionEvent;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;

/**
 * The Zones… dialog: a row per zone range (zone, its shards, min, max), numInitialChunks and
 * presplitHashedZones, with the first problem under the rows. OK applies the setup form.
 */
final class ZoneSetupDialog extends Dialog<ButtonType> {

    // style classes of its nodes, as its stylesheet names them
    private static final String ZONE_SETUP_DIALOG = "zone-setup-dialog";

    private final ZoneSetupViewModel vm;
    private final GridPane grid = new GridPane();

    private final WindowPlacement placement;
    private final UiText text;

    /** @param placement sizes the dialog to its form again as rows and messages come and go */
    ZoneSetupDialog(ZoneSetupViewModel vm, Window owner, WindowPlacement placement, UiText text) {
        this.placement = placement;
        this.text = text;
        this.vm = vm;
        initOwner(owner);
        titleProperty().bind(text.text("explorer.zones.title"));
        headerTextProperty().bind(text.text("explorer.zones.header"));
        getDialogPane().getStyleClass().addAll(ZONE_SETUP_DIALOG, SharedStyles.FORM_DIALOG);
        getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);

        Label shards = text.label(new Label(), "explorer.zones.shards", String.join(", ", vm.shardIds()));
        shards.getStyleClass().add(Styles.TEXT_MUTED);

        grid.setId("zones-rows");
        grid.setHgap(6);
        grid.setVgap(6);
        rebuildRows();
        // rebuilt when rows come and go, not on every key typed (the field being edited keeps its focus)
        vm.rows().addListener((ListChangeListener<ZoneSetupViewModel.Row>) c -> {
            while (c.next()) {
                if (c.wasAdded() || c.wasRemoved()) {
                    rebuildRows();
                    fitWindow();
                    return;
                }
            }
        });
        Button add = text.label(new Button(null, new FontIcon(MaterialDesignP.PLUS)), "explorer.zones.add");
        add.setId("zones-add");
        add.setOnAction(e -> vm.addRow());

        TextField numInitialChunks = new TextField();
        numInitialChunks.setId("zones-num-initial-chunks");
        text.prompt(numInitialChunks, "explorer.zones.numInitialChunks.prompt");
        numInitialChunks.setPrefColumnCount(7);
        numInitialChunks.textProperty().bindBidirectional(vm.numInitialChunksProperty());
        text.tip(numInitialChunks, "explorer.zones.numInitialChunks.tip");
        CheckBox presplit = new CheckBox("presplitHashedZones");
        presplit.setId("zones-presplit");
        presplit.selectedProperty().bindBidirectional(vm.presplitHashedZonesProperty());
        text.tip(presplit, "explorer.zones.presplit.tip");
        HBox options = new HBox(8, new Label("numInitialChunks"), numInitialChunks, presplit);
        options.setAlignment(Pos.CENTER_LEFT);

        Label error = new Label();
        error.setId("zones-error");
        error.getStyleClass().add(SharedStyles.FIELD_ERROR);
        error.setGraphic(new FontIcon(MaterialDesignA.ALERT_CIRCLE_OUTLINE));
        error.setWrapText(true);
        error.setMaxWidth(640);
        error.setMinHeight(Region.USE_PREF_SIZE);
        error.textProperty().bind(text.text(vm.errorProperty()));
        error.visibleProperty().bind(vm.errorProperty().isNotNull());
        error.managedProperty().bind(error.visibleProperty());

        VBox content = new VBox(8, shards, grid, add, options, error);
        getDialogPane().setContent(content);
        Node ok = getDialogPane().lookupButton(ButtonType.OK);
        ok.setId("zones-ok");
        ok.disableProperty().bind(vm.validProperty().not());
        ok.addEventFilter(ActionEvent.ACTION, e -> {
            if (!vm.accept()) {
                e.consume();
            }
        });
        vm.errorProperty().addListener((obs, was, now) -> fitWindow());
    }

    /**
     * The window takes the form's new size (a row or a message came or went), so OK stays in sight, within its
     * screen.
     */
    private void fitWindow() {
        Platform.runLater(() -> placement.fit(this));
    }

    private void rebuildRows() {
        grid.getChildren().clear();
        if (vm.rows().isEmpty()) {
            Label none = text.label(new Label(), "explorer.zones.none");
            none.setId("zones-none");
            none.getStyleClass().add(Styles.TEXT_MUTED);
            none.setWrapText(true);
            none.setMaxWidth(560);
            grid.add(none, 0, 0, 5, 1);
            return;
        }
        grid.addRow(
                0,
                caption("explorer.zones.zone"),
                caption("explorer.zones.zoneShards"),
                caption("explorer.zones.min"),
                caption("explorer.zones.max"));
        for (int i = 0; i < vm.rows().size(); i++) {
            ZoneSetupViewModel.Row row = vm.rows().get(i);
            TextField zone = field("zones-row-" + i + "-zone", "EU", 6);
            zone.textProperty().bindBidirectional(row.zoneProperty());
            TextField shards = field("zones-row-" + i + "-shards", "shard01, shard02", 14);
            shards.textProperty().bindBidirectional(row.shardsProperty());
            TextField min = field("zones-row-" + i + "-min", vm.boundPrompt(), 14);
            min.textProperty().bindBidirectional(row.minProperty());
            TextField max = field("zones-row-" + i + "-max", vm.boundPrompt(), 14);
            max.textProperty().bindBidirectional(row.maxProperty());
            Button remove = new Button(null, new FontIcon(MaterialDesignC.CLOSE));
            remove.setId("zones-row-" + i + "-remove");
            remove.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT);
            text.tip(remove, "explorer.zones.remove");
            remove.setOnAction(e -> vm.removeRow(row));
            grid.addRow(i + 1, zone, shards, min, max, remove);
        }
    }

    private Label caption(String key) {
        Label l = text.label(new Label(), key);
        l.getStyleClass().add(SharedStyles.FIELD_LABEL);
        return l;
    }

    private static TextField field(String id, String prompt, int columns) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.setPrefColumnCount(columns);
        return f;
    }
}
