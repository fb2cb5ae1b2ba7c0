package io.shardlab.ui.explorer;

import io.shardlab.ui.theme.Appearance;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;

/**
 * Whether the window a node shows in is in presenter mode: the {@link Appearance#PRESENTER} style class on its
 * scene's root, which {@code Appearance} keeps in step with View → Presenter mode. The explorer's parts fold
 * their controls for the room while it is on (the setup row into one line, the transport into one row), so that
 * the number line, the lanes and the charts keep the window's height.
 */
public final class PresenterMode {

    private final ReadOnlyBooleanWrapper on = new ReadOnlyBooleanWrapper(this, "on", false);
    private final ListChangeListener<String> rootStyles = change -> update();
    private final ChangeListener<Parent> rootChanged = (obs, was, now) -> follow(was, now);
    private Parent root;

    private PresenterMode(Node node) {
        node.sceneProperty().addListener((obs, was, now) -> {
            if (was != null) {
                was.rootProperty().removeListener(rootChanged);
            }
            if (now != null) {
                now.rootProperty().addListener(rootChanged);
            }
            follow(root, now == null ? null : now.getRoot());
        });
        Scene scene = node.getScene();
        if (scene != null) {
            scene.rootProperty().addListener(rootChanged);
            follow(null, scene.getRoot());
        }
    }

    /** Whether {@code node}'s window is in presenter mode, from now on. */
    public static ReadOnlyBooleanProperty of(Node node) {
        return new PresenterMode(node).on.getReadOnlyProperty();
    }

    private void follow(Parent was, Parent now) {
        if (was != null) {
            was.getStyleClass().removeListener(rootStyles);
        }
        root = now;
        if (now != null) {
            now.getStyleClass().addListener(rootStyles);
        }
        update();
    }

    private void update() {
        on.set(root != null && root.getStyleClass().contains(Appearance.PRESENTER));
    }
}
