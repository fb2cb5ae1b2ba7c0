package io.shardlab.ui;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;

/** The JavaFX application: builds the main window. */
public final class ShardLabApp extends Application {

    @Override
    public void start(Stage stage) {
        stage.setTitle("ShardLab");
        stage.setScene(new Scene(new Label("ShardLab"), 1280, 800));
        stage.show();
    }
}
