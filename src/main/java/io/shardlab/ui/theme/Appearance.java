package io.shardlab.ui.theme;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import atlantafx.base.theme.Theme;
import java.util.Objects;
import javafx.application.Application;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Parent;

/**
 * Puts the app's look on screen: the AtlantaFX theme (application-wide user agent stylesheet),
 * ShardLab's own stylesheet, render's palette as looked-up colours ({@link PaletteSheet}), and the
 * {@code dark} / {@code presenter} style classes on window roots that the stylesheet keys on.
 */
public final class Appearance {

    /** The app stylesheet: shard palette, jumbo and hot colours, shell layout. */
    public static final String STYLESHEET = Objects.requireNonNull(
                    Appearance.class.getResource("/io/shardlab/ui/shardlab.css"),
                    "io/shardlab/ui/shardlab.css missing from the class path")
            .toExternalForm();

    /**
     * A feature's own stylesheet, beside its View in the resources ({@code io/shardlab/ui/<feature>/<file>}); the
     * View adds it to its root node. The theme's variables stay in {@link #STYLESHEET} on the window root.
     *
     * @throws NullPointerException naming the file when it is missing from the class path
     */
    public static String featureStylesheet(Class<?> view, String file) {
        return Objects.requireNonNull(
                        view.getResource(file),
                        () -> view.getPackageName().replace('.', '/') + "/" + file + " missing from the class path")
                .toExternalForm();
    }

    /** Style class on a window root while the dark theme shows. */
    public static final String DARK = "dark";
    /** Style class on a window root in presenter mode. */
    public static final String PRESENTER = "presenter";
    /**
     * How much larger the diagram canvases paint in presenter mode: about what the stylesheet's presenter type
     * (19 px) is to AtlantaFX's 14 px, so the diagram the room reads grows with the rest of the window.
     */
    public static final double PRESENTER_DIAGRAM_SCALE = 1.4;

    private static final Theme LIGHT_THEME = new PrimerLight();
    private static final Theme DARK_THEME = new PrimerDark();

    private final ObservableBooleanValue dark;
    private final ObservableBooleanValue presenter;

    /**
     * Follows the given switches from now on: the application-wide theme changes with {@code dark}.
     * Must be created on the JavaFX application thread.
     */
    public Appearance(ObservableBooleanValue dark, ObservableBooleanValue presenter) {
        this.dark = dark;
        this.presenter = presenter;
        applyTheme(dark.get());
        dark.addListener((obs, was, isDark) -> applyTheme(isDark));
    }

    private static void applyTheme(boolean isDark) {
        Application.setUserAgentStylesheet((isDark ? DARK_THEME : LIGHT_THEME).getUserAgentStylesheet());
    }

    /** Styles a long-lived window root and keeps its style classes in step with the switches. */
    public void follow(Parent root) {
        root.getStylesheets().add(STYLESHEET);
        new PaletteSheet(root, ".root").follow(dark);
        setStyleClass(root, DARK, dark.get());
        setStyleClass(root, PRESENTER, presenter.get());
        dark.addListener((obs, was, on) -> setStyleClass(root, DARK, on));
        presenter.addListener((obs, was, on) -> setStyleClass(root, PRESENTER, on));
    }

    /** Styles the root of a modal window as things are now (nothing can change while it is open). */
    public void applyOnce(Parent root) {
        root.getStylesheets().add(STYLESHEET);
        new PaletteSheet(root, ".root").show(dark.get());
        setStyleClass(root, DARK, dark.get());
        setStyleClass(root, PRESENTER, presenter.get());
    }

    private static void setStyleClass(Parent root, String styleClass, boolean on) {
        if (on && !root.getStyleClass().contains(styleClass)) {
            root.getStyleClass().add(styleClass);
        } else if (!on) {
            root.getStyleClass().remove(styleClass);
        }
    }
}
