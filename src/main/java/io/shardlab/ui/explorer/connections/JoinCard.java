package io.shardlab.ui.explorer.connections;

import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.WindowPlacement;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The window a teacher puts on the projector while a class joins: for each network address of this machine, the
 * string students type, in presenter-size type, and its QR code; what to type it into (mongosh, Compass, a
 * driver) and that {@code YOURNAME} becomes their name in the roster; the port; and that anyone who reaches the
 * port can write. It follows the join strings while it is open.
 */
final class JoinCard {

    // style classes of its nodes, as its stylesheet names them
    private static final String JOIN_CARD = "join-card";
    private static final String JOIN_TITLE = "join-title";
    private static final String JOIN_STRING = "join-string";
    private static final String JOIN_HINT = "join-hint";
    private static final String JOIN_WARNING = "join-warning";

    /** Pixels a QR module: a 45-module code (a join string is version 3 or 4 at level M) is about 250 px. */
    static final int MODULE_PIXELS = 6;

    /** The card's size: two codes side by side with their strings; at least one code and its string. */
    static final WindowPlacement.Size SIZE = new WindowPlacement.Size(980, 640, 420, 480);

    private final ConnectionsViewModel vm;
    private final WindowPlacement placement;
    private final Stage stage = new Stage();
    private final FlowPane codes = new FlowPane(32, 24);

    /** @param placement sizes and places the card for its screen, as the user left it last time */
    JoinCard(ConnectionsViewModel vm, Appearance appearance, WindowPlacement placement, Window owner, UiText text) {
        this.vm = vm;
        this.placement = placement;
        Label title = text.label(new Label(), "explorer.join.title");
        title.getStyleClass().add(JOIN_TITLE);
        Label how = text.label(new Label(), "explorer.join.how", ConnectionsViewModel.YOUR_NAME);
        how.setWrapText(true);
        how.getStyleClass().add(JOIN_HINT);
        Label warning = new Label();
        warning.textProperty()
                .bind(Bindings.when(vm.passwordRequiredProperty())
                        .then(text.text("explorer.join.password"))
                        .otherwise(text.text("explorer.join.noPassword")));
        warning.setWrapText(true);
        warning.getStyleClass().add(JOIN_WARNING);
        VBox root = new VBox(16, title, codes, how, warning);
        root.setId("join-card");
        root.getStyleClass().add(JOIN_CARD);
        root.setPadding(new Insets(24));
        root.setAlignment(Pos.TOP_LEFT);
        root.getStylesheets().add(Appearance.featureStylesheet(JoinCard.class, "connections.css"));
        appearance.follow(root);
        fill();
        vm.joinStrings().addListener((ListChangeListener<String>) change -> fill());
        stage.titleProperty().bind(text.text("explorer.join.window"));
        stage.initOwner(owner);
        stage.setScene(new Scene(root));
    }

    private void fill() {
        codes.getChildren().clear();
        for (String join : vm.joinStrings()) {
            Label text = new Label(join);
            text.getStyleClass().add(JOIN_STRING);
            text.setWrapText(true);
            text.setMaxWidth(900);
            VBox one = new VBox(8, new JoinCode(join).canvas(MODULE_PIXELS), text);
            one.getStyleClass().add("join-address");
            codes.getChildren().add(one);
        }
    }

    /** Shows the card (brings it to the front when it is open). */
    void show() {
        placement.show(stage, "join-card", SIZE);
        stage.toFront();
    }

    /** Closes the card. */
    void close() {
        stage.close();
    }

    /** The card's window. */
    Stage stage() {
        return stage;
    }
}
