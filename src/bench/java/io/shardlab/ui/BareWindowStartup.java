package io.shardlab.ui;

import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.MenuBar;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/**
 * The peer of the window's start-up (issue #32: the first frame within 2 s): the least a JavaFX window does before
 * its first frame, in a process of its own (the JVM, the toolkit, the default Modena stylesheet, a menu bar and a
 * label in a 1280 x 800 scene), closing after its first frame as the app's smoke test does
 * ({@code -Dshardlab.smokeTest=true}: closes on the second pulse) and printing the line the app prints then.
 * {@link StartupBenchmark} times both, turn by turn, with the same JVM options.
 */
public final class BareWindowStartup {

    private BareWindowStartup() {}

    public static void main(String[] args) {
        // launched from a class that is not the Application, as Main launches the app (JavaFX on the class path)
        Application.launch(Window.class, args);
    }

    /** The window. */
    public static final class Window extends Application {

        @Override
        public void start(Stage stage) {
            BorderPane root = new BorderPane(new Label("ShardLab"));
            root.setTop(new MenuBar());
            stage.setScene(new Scene(root, 1280, 800));
            stage.setTitle("ShardLab");
            stage.show();
            new AnimationTimer() {
                private int pulses;

                @Override
                public void handle(long now) {
                    if (++pulses == 2) {
                        stop();
                        // the line the app prints at the same moment, which StartupBenchmark waits for
                        System.out.println(ShardLabApp.SMOKE_TEST_LINE);
                        stage.close();
                        Platform.exit();
                    }
                }
            }.start();
        }
    }
}
