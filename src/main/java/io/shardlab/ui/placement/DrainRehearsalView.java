package io.shardlab.ui.placement;

import io.shardlab.text.Message;
import io.shardlab.ui.explorer.balancer.DrainRehearsalViewModel;
import io.shardlab.ui.text.UiText;
import java.util.Objects;
import javafx.collections.FXCollections;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * The placement board's drain rehearsal, below its lanes: a shard picked among the lanes' (the config shard's too),
 * Rehearse removal, and the rehearsal's lines ({@link DrainRehearsalViewModel}) — the commands, the chunks and bytes
 * left after each balancer round with the time left, and what keeps the shard.
 */
final class DrainRehearsalView {

    /** The lines' list, for tests. */
    static final String LINES_ID = "drain-lines";

    /** Lines shown without scrolling. */
    private static final double LINES_HEIGHT = 160;

    private final UiText text;
    private final DrainRehearsalViewModel vm;

    DrainRehearsalView(UiText text, DrainRehearsalViewModel vm) {
        this.text = Objects.requireNonNull(text, "text");
        this.vm = Objects.requireNonNull(vm, "vm");
    }

    Parent build() {
        Label title = text.label(new Label(), "drain.window.title");
        title.getStyleClass().add("placement-section");
        Label shardLabel = text.label(new Label(), "drain.window.shard");
        ComboBox<String> shard = new ComboBox<>();
        shard.setId("drain-shard");
        shard.setItems(FXCollections.observableArrayList(vm.shardsProperty().get()));
        vm.shardsProperty().addListener((obs, was, now) -> shard.getItems().setAll(now));
        shard.valueProperty().bindBidirectional(vm.shardProperty());
        shard.disableProperty().bind(vm.readOnlyProperty());
        shardLabel.setLabelFor(shard);
        Button run = text.label(new Button(), "drain.window.run");
        run.setId("drain-run");
        run.setOnAction(e -> vm.rehearse());
        HBox row = new HBox(8, title, shardLabel, shard, run);
        row.setAlignment(Pos.CENTER_LEFT);
        ListView<Message> lines = new ListView<>();
        lines.setId(LINES_ID);
        lines.setPrefHeight(LINES_HEIGHT);
        lines.setFocusTraversable(true);
        lines.getItems().setAll(vm.linesProperty().get());
        vm.linesProperty().addListener((obs, was, now) -> lines.getItems().setAll(now));
        lines.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(Message line, boolean empty) {
                super.updateItem(line, empty);
                textProperty().unbind();
                if (empty || line == null) {
                    setText(null);
                } else {
                    textProperty().bind(text.text(line));
                }
            }
        });
        VBox box = new VBox(6, row, lines);
        box.getStyleClass().add("placement-top");
        return box;
    }
}
