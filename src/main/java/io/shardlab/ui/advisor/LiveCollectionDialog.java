package io.shardlab.ui.advisor;

import io.shardlab.ui.text.UiText;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.stage.Window;

/**
 * Load sample → Live collection…: asks for a connection string, password, namespace and sample size. The password
 * has a field of its own so that it is never shown; the load itself runs on the view model's background executor.
 */
final class LiveCollectionDialog extends Dialog<ButtonType> {

    /** What is done with the answers: {@link AdvisorViewModel#loadLiveCollection}. */
    @FunctionalInterface
    interface Load {
        void load(String connectionString, String password, String namespace, String sampleSizeText);
    }

    private final TextField uri = new TextField("mongodb://localhost:27017/");
    private final PasswordField password = new PasswordField();
    private final TextField namespace = new TextField();
    private final TextField size = new TextField("10000");

    /**
     * @param text the window's words
     * @param owner the advisor's window; null for none
     */
    LiveCollectionDialog(UiText text, Window owner) {
        uri.setId("live-uri");
        uri.setPromptText("mongodb://user@host:27017/?authSource=admin"); // untranslated: a connection string
        password.setId("live-password");
        text.prompt(password, "advisor.live.password.prompt");
        namespace.setId("live-ns");
        namespace.setPromptText("db.collection"); // untranslated: MongoDB's form of a namespace
        size.setId("live-sample-size");
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(8);
        form.addRow(0, text.label(new Label(), "advisor.live.uri"), uri);
        form.addRow(1, text.label(new Label(), "advisor.live.password"), password);
        form.addRow(2, text.label(new Label(), "advisor.live.namespace"), namespace);
        form.addRow(3, text.label(new Label(), "advisor.live.sampleSize"), size);
        GridPane.setHgrow(uri, Priority.ALWAYS);
        uri.setPrefColumnCount(36);
        titleProperty().bind(text.text("advisor.live.title"));
        headerTextProperty()
                .bind(text.text("advisor.live.header", "[{$sample: {size: N}}]")); // untranslated: the pipeline
        getDialogPane().setContent(form);
        getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        if (owner != null) {
            initOwner(owner);
        }
    }

    /** Hands the answers to {@code load} when the dialog, shown and closed, was closed with OK. */
    void loadIfConfirmed(ButtonType closedWith, Load load) {
        if (closedWith == ButtonType.OK) {
            load.load(uri.getText(), password.getText(), namespace.getText(), size.getText());
        }
    }
}
