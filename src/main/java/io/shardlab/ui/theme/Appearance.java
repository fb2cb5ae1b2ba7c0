package io.shardlab.ui.theme;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import atlantafx.base.theme.Theme;
import io.shardlab.text.Language;
import java.util.Objects;
import javafx.application.Application;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableValue;
import javafx.beans.value.ObservableValueBase;
import javafx.scene.Parent;

/**
 * Puts the app's look on screen: the AtlantaFX theme (application-wide user agent stylesheet),
 * ShardLab's own stylesheet, render's palette as looked-up colours ({@link PaletteSheet}), and the
 * {@code dark} / {@code presenter} / {@code cjk} style classes on window roots that the stylesheet keys on.
 */
public final class Appearance {

    /** The app stylesheet: shard palette, jumbo and hot colours, shell layout. */
    public static final String STYLESHEET = Objects.requireNonNull(
                    Appearance.class.getResource("/io/shardlab/ui/shardlab.css"),
                    "io/shardlab/ui/shardlab.css missing from the class path") // untranslated: a build's resource
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
                        () -> String.format(
                                "%s/%s missing from the class path", // untranslated: a developer's contract
                                view.getPackageName().replace('.', '/'), file))
                .toExternalForm();
    }

    /** Style class on a window root while the dark theme shows. */
    public static final String DARK = "dark";
    /** Style class on a window root in presenter mode. */
    public static final String PRESENTER = "presenter";
    /**
     * Style class on a window root while the window speaks Chinese: the stylesheet sets its type in the bundled CJK
     * font ({@code io.shardlab.render.CjkFont}, loaded at start-up), and JavaFX takes the glyphs that font lacks
     * (Latin letters, digits) from the system's fonts.
     */
    public static final String CJK = "cjk";
    /**
     * How much larger the diagram canvases paint in presenter mode: about what the stylesheet's presenter type
     * (19 px) is to AtlantaFX's 14 px, so the diagram the room reads grows with the rest of the window.
     */
    public static final double PRESENTER_DIAGRAM_SCALE = 1.4;

    private static final Theme LIGHT_THEME = new PrimerLight();
    private static final Theme DARK_THEME = new PrimerDark();

    private final ObservableBooleanValue dark;
    private final ObservableBooleanValue presenter;
    private final ObservableValue<Language> language;

    /** As {@link #Appearance(ObservableBooleanValue, ObservableBooleanValue, ObservableValue)}, in English. */
    public Appearance(ObservableBooleanValue dark, ObservableBooleanValue presenter) {
        this(dark, presenter, new ObservableValueBase<>() {
            @Override
            public Language getValue() {
                return Language.ENGLISH;
            }
        });
    }

    /**
     * Follows the given switches from now on: the application-wide theme changes with {@code dark}, the window
     * roots' type with {@code language}. Must be created on the JavaFX application thread.
     */
    public Appearance(
            ObservableBooleanValue dark, ObservableBooleanValue presenter, ObservableValue<Language> language) {
        this.dark = dark;
        this.presenter = presenter;
        this.language = language;
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
        setStyleClass(root, CJK, isCjk(language.getValue()));
        dark.addListener((obs, was, on) -> setStyleClass(root, DARK, on));
        presenter.addListener((obs, was, on) -> setStyleClass(root, PRESENTER, on));
        language.addListener((obs, was, now) -> setStyleClass(root, CJK, isCjk(now)));
    }

    private static boolean isCjk(Language language) {
        return language == Language.SIMPLIFIED_CHINESE;
    }

    /** Styles the root of a modal window as things are now (nothing can change while it is open). */
    public void applyOnce(Parent root) {
        root.getStylesheets().add(STYLESHEET);
        new PaletteSheet(root, ".root").show(dark.get());
        setStyleClass(root, DARK, dark.get());
        setStyleClass(root, PRESENTER, presenter.get());
        setStyleClass(root, CJK, isCjk(language.getValue()));
    }

    private static void setStyleClass(Parent root, String styleClass, boolean on) {
        if (on && !root.getStyleClass().contains(styleClass)) {
            root.getStyleClass().add(styleClass);
        } else if (!on) {
            root.getStyleClass().remove(styleClass);
        }
    }
}
