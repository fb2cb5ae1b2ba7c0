package io.shardlab.ui.theme;

import io.shardlab.ui.text.UiText;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.stage.Stage;

/**
 * A tool window beside the main one (the advisor, the class board, the placement board). One per application: it is
 * created on first use with its content, styled like the main window ({@link Appearance}), titled in the window's
 * words, given the app icon and closed by Esc and Shortcut+W ({@link ToolWindowKeys}); opening it again places it as
 * remembered ({@link WindowPlacement}) and brings it to the front.
 *
 * <p>Threading: the JavaFX application thread only.
 */
public final class ToolWindow {

    /**
     * What tells one tool window from another.
     *
     * @param name the name its size and place are remembered under
     * @param size its size on a large screen and its least size
     * @param titleKey the bundle key of its title
     */
    public record Kind(String name, WindowPlacement.Size size, String titleKey) {}

    private final Kind kind;
    private final UiText text;
    private final Appearance appearance;
    private final ObservableBooleanValue dark;
    private final List<Image> icons;
    private final WindowPlacement placement;
    private Stage stage;

    /**
     * @param text the window's words, followed as the language changes
     * @param appearance styles the window like the main one (theme, presenter mode)
     * @param dark whether the dark theme shows
     * @param icons the app icon in several sizes
     * @param placement sizes and places the window for its screen, remembers it, and keeps the windows' state while
     *     a dialog or file chooser is open
     */
    public ToolWindow(
            Kind kind,
            UiText text,
            Appearance appearance,
            ObservableBooleanValue dark,
            List<Image> icons,
            WindowPlacement placement) {
        this.kind = kind;
        this.text = text;
        this.appearance = appearance;
        this.dark = dark;
        this.icons = List.copyOf(icons);
        this.placement = placement;
    }

    /** Creates the window on first use ({@link #create}) and shows it ({@link #show}). */
    public void open(Function<Stage, Parent> content) {
        create(content);
        show();
    }

    /**
     * The window, created on the first call with the root {@code content} builds for the new stage (later calls
     * return it and do not build again).
     */
    public Stage create(Function<Stage, Parent> content) {
        if (stage == null) {
            Stage created = new Stage();
            Parent root = content.apply(created);
            appearance.follow(root);
            created.titleProperty().bind(text.text(kind.titleKey()));
            created.getIcons().setAll(icons);
            created.setScene(new Scene(root));
            ToolWindowKeys.install(created);
            stage = created;
        }
        return stage;
    }

    /** Shows the created window where it was last, sized for its screen, in front of the others. */
    public void show() {
        placement.show(stage, kind.name(), kind.size());
        stage.toFront();
    }

    /** The window, once created. */
    public Optional<Stage> stage() {
        return Optional.ofNullable(stage);
    }

    /** The window's words. */
    public UiText text() {
        return text;
    }

    /** How the main window is styled, for the content's own dialogs. */
    public Appearance appearance() {
        return appearance;
    }

    /** Whether the dark theme shows. */
    public ObservableBooleanValue dark() {
        return dark;
    }

    /** Where the window and its dialogs are placed. */
    public WindowPlacement placement() {
        return placement;
    }
}
