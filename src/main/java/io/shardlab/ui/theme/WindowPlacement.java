package io.shardlab.ui.theme;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.event.EventHandler;
import javafx.event.EventType;
import javafx.geometry.Rectangle2D;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Dialog;
import javafx.stage.Modality;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import javafx.util.Duration;

/**
 * Puts every window of the app on the screen, in one place: a long-lived window (the main window, the advisor)
 * opens where it was last time, if that is still on a connected screen, or else at a size computed from the
 * screen, and its size, place and maximised state are remembered ({@link RememberedWindows}); a dialog is sized
 * to its content, no larger than the screen its owner is on, and centred on its owner; and no dialog or file
 * chooser changes the state of the windows behind it (a maximised window stays maximised).
 *
 * <p>Two things of the desktop this works around, both of JavaFX 21's GTK glass:
 *
 * <ul>
 *   <li>under a window manager such as openbox it ignores the size a window is given before it shows (its
 *       Scene's size, {@code setWidth}/{@code setHeight}): the main window came up at its minimum size, a dialog
 *       at 200 × 200 (JDK-8316423, fixed in JavaFX 22). So the bounds are set again once the window shows, on the
 *       next pulse (set within the showing pulse, the size holds but the window lands in the corner);
 *   <li>it makes a window that a modal one blocks non-resizable, and a window manager un-maximises a window that
 *       cannot be resized (openbox does): the maximised main window shrank behind every dialog and file chooser
 *       and stayed so. So before a modal window opens, a maximised window is un-maximised to the very bounds it
 *       covers (nothing moves), and maximised again once the modal window closes.
 * </ul>
 *
 * <p>Sizes and positions are in the desktop's pixels and include the window's frame and title bar, as
 * {@link Window#getWidth()} does. Use on the JavaFX application thread.
 */
public final class WindowPlacement {

    /**
     * How large a long-lived window would like to be, and its least size.
     *
     * @param width the roomy width it opens at when the screen is large enough; greater than 0
     * @param minWidth the least width the user can make it; greater than 0, at most {@code width}
     */
    public record Size(double width, double height, double minWidth, double minHeight) {
        public Size {
            if (!(minWidth > 0) || !(minHeight > 0) || width < minWidth || height < minHeight) {
                throw new IllegalArgumentException(String.format(
                        "window size: %s × %s with a least size of %s × %s", // untranslated: a developer's contract
                        width, height, minWidth, minHeight));
            }
        }
    }

    /** The share of the screen's width and height a window takes at most on its first start. */
    static final double FIRST_START_WIDTH_SHARE = 0.94;

    static final double FIRST_START_HEIGHT_SHARE = 0.92;

    /**
     * How much of a remembered window's top edge must lie on a screen for it to be restored there: a band this
     * high (about a title bar) and {@link #VISIBLE_TOP_WIDTH} wide, enough to grab and move it.
     */
    static final double VISIBLE_TOP_HEIGHT = 30;

    static final double VISIBLE_TOP_WIDTH = 120;

    /**
     * How long a window that was maximised shows at its normal bounds before it is maximised again: a maximise asked
     * for sooner reached openbox before the normal bounds, and un-maximising then left it nearly as large as the
     * screen.
     */
    private static final Duration MAXIMISE_AFTER = Duration.millis(300);

    /** Frames thicker than this are a measure taken before the window had its real size, not a frame. */
    private static final double MAX_FRAME = 120;

    private final RememberedWindows remembered;
    private final Supplier<List<Rectangle2D>> screens;
    private final boolean blockedWindowsUnmaximise;
    private final Map<Stage, String> names = new IdentityHashMap<>();
    private final Map<Stage, Rectangle2D> normalBounds = new IdentityHashMap<>();
    private final Set<Stage> held = Collections.newSetFromMap(new IdentityHashMap<>());

    /**
     * @param remembered where the long-lived windows' sizes are kept between runs
     * @param screens the visual bounds (without task bars and docks) of the connected screens, the primary first;
     *     asked each time a window is placed, as screens come and go
     */
    public WindowPlacement(RememberedWindows remembered, Supplier<List<Rectangle2D>> screens) {
        this.remembered = Objects.requireNonNull(remembered, "remembered");
        this.screens = Objects.requireNonNull(screens, "screens");
        this.blockedWindowsUnmaximise =
                System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
    }

    /** The visual bounds of this desktop's screens, the primary first. */
    public static List<Rectangle2D> screensOfThisDesktop() {
        List<Rectangle2D> all = new ArrayList<>();
        all.add(Screen.getPrimary().getVisualBounds());
        for (Screen screen : Screen.getScreens()) {
            if (!screen.equals(Screen.getPrimary())) {
                all.add(screen.getVisualBounds());
            }
        }
        return all;
    }

    // ---- long-lived windows ------------------------------------------------------------------------------

    /**
     * Shows {@code stage}, the window called {@code name}, where and as large as it was when last seen (this run
     * or an earlier one), if that is still on a connected screen; else at {@code size}, as much of it as the
     * primary screen allows, centred on it. Its bounds and maximised state are remembered from now on and saved
     * when it hides and by {@link #save()}. Call instead of {@code stage.show()}, each time; a window that shows
     * already stays as it is.
     *
     * @param name lower case letters, digits and dashes, e.g. {@code main}
     */
    public void show(Stage stage, String name, Size size) {
        if (names.containsKey(stage) && stage.isShowing()) {
            return;
        }
        if (names.putIfAbsent(stage, name) == null) {
            follow(stage, name);
        }
        stage.setMinWidth(size.minWidth());
        stage.setMinHeight(size.minHeight());
        List<Rectangle2D> all = screens.get();
        WindowGeometry start =
                remembered.geometry(name).flatMap(g -> restored(g, all)).orElseGet(() -> firstStart(size, all.get(0)));
        setBounds(stage, start.bounds());
        stage.show();
        // glass-gtk under a window manager: the bounds hold only once the window shows (see the class comment)
        Platform.runLater(() -> {
            setBounds(stage, start.bounds());
            if (start.maximized()) {
                // once the window manager has given it its normal bounds, so that un-maximising returns there
                PauseTransition settled = new PauseTransition(MAXIMISE_AFTER);
                settled.setOnFinished(e -> stage.setMaximized(true));
                settled.play();
            }
        });
    }

    /** Writes the long-lived windows' sizes, places and maximised states for the next start (at exit). */
    public void save() {
        names.forEach((stage, name) -> {
            if (normalBounds.containsKey(stage)) {
                remembered.remember(name, geometry(stage));
            }
        });
        remembered.save();
    }

    private void follow(Stage stage, String name) {
        // taken a pulse later: the window manager's answer to a maximise moves and resizes the window before the
        // maximised flag turns on, and those bounds are not the ones to return to
        boolean[] due = {false};
        InvalidationListener moved = o -> {
            if (!due[0]) {
                due[0] = true;
                Platform.runLater(() -> {
                    due[0] = false;
                    if (stage.isShowing()
                            && !stage.isMaximized()
                            && !stage.isIconified()
                            && !stage.isFullScreen()
                            && !held.contains(stage)) {
                        normalBounds.put(stage, boundsOf(stage));
                    }
                });
            }
        };
        stage.xProperty().addListener(moved);
        stage.yProperty().addListener(moved);
        stage.widthProperty().addListener(moved);
        stage.heightProperty().addListener(moved);
        stage.maximizedProperty().addListener(moved);
        // un-maximised, the window returns to its bounds from before: under openbox glass-gtk left it nearly as
        // large as the screen, whatever its size had been
        Rectangle2D[] beforeMaximise = {null};
        stage.maximizedProperty().addListener((obs, was, now) -> {
            if (held.contains(stage)) {
                return;
            }
            if (now) {
                beforeMaximise[0] = normalBounds.get(stage);
            } else if (beforeMaximise[0] != null) {
                Rectangle2D normal = beforeMaximise[0];
                beforeMaximise[0] = null;
                Platform.runLater(() -> {
                    if (!stage.isMaximized()) {
                        setBounds(stage, normal);
                    }
                });
            }
        });
        // saved at once: an application ended by a signal (SIGTERM) never hides its windows, and the maximised
        // state is what a teacher sets up the projector with; taken a pulse later, as the bounds above
        stage.maximizedProperty()
                .addListener((obs, was, now) -> Platform.runLater(() -> {
                    if (stage.isShowing() && !held.contains(stage) && normalBounds.containsKey(stage)) {
                        remembered.remember(name, geometry(stage));
                        remembered.save();
                    }
                }));
        stage.addEventHandler(WindowEvent.WINDOW_HIDDEN, e -> {
            if (normalBounds.containsKey(stage)) {
                remembered.remember(name, geometry(stage));
                save();
            }
        });
    }

    private WindowGeometry geometry(Stage stage) {
        return WindowGeometry.of(normalBounds.get(stage), stage.isMaximized() || held.contains(stage));
    }

    // ---- dialogs -----------------------------------------------------------------------------------------

    /**
     * Shows {@code dialog} sized to its content, no larger than the screen its owner is on, centred on its owner;
     * while it is open the windows behind it keep their maximised state. Call instead of {@code dialog.show()}.
     */
    public void show(Dialog<?> dialog) {
        placeWhenShown(dialog);
        dialog.show();
    }

    /** As {@link #show(Dialog)}, waiting for the dialog to close; its result. */
    public <R> Optional<R> showAndWait(Dialog<R> dialog) {
        placeWhenShown(dialog);
        return dialog.showAndWait();
    }

    /**
     * Runs a native file or folder chooser ({@code chooser::showOpenDialog}, …), keeping the maximised state of
     * the windows behind it; its answer.
     */
    public <T> T choose(Supplier<T> chooser) {
        List<Stage> heldNow = holdMaximisedWindows();
        try {
            return chooser.get();
        } finally {
            release(heldNow);
        }
    }

    /**
     * Sizes the shown {@code dialog} to its content again, within its owner's screen, centred on its owner
     * (e.g. after a long message made it taller). Does nothing to a dialog that is not showing.
     */
    public void fit(Dialog<?> dialog) {
        fittedBounds(dialog).ifPresent(bounds -> setBounds(windowOf(dialog), bounds));
    }

    /** Where {@link #fit} puts the shown {@code dialog}; empty when it is not showing. */
    private Optional<Rectangle2D> fittedBounds(Dialog<?> dialog) {
        Window window = windowOf(dialog);
        if (window == null || !window.isShowing()) {
            return Optional.empty();
        }
        Scene scene = window.getScene();
        Parent content = scene.getRoot();
        double frameWidth = frame(window.getWidth() - scene.getWidth());
        double frameHeight = frame(window.getHeight() - scene.getHeight());
        content.applyCss();
        List<Rectangle2D> all = screens.get();
        Window owner = dialog.getOwner();
        Rectangle2D ownerBounds = owner != null && owner.isShowing() ? boundsOf(owner) : all.get(0);
        Rectangle2D screen = screenOf(ownerBounds, all);
        double width = Math.min(Math.ceil(content.prefWidth(-1)) + frameWidth, screen.getWidth());
        double height = Math.min(Math.ceil(content.prefHeight(width - frameWidth)) + frameHeight, screen.getHeight());
        return Optional.of(centredOn(ownerBounds, width, height, screen));
    }

    /**
     * Fits {@code dialog} again if the window manager dropped the size it was given: while it was busy
     * un-maximising the windows behind (the hold), glass-gtk lost the size asked for and the dialog fell back to
     * 200 × 200, then to its content's least height.
     */
    private void fitAgainIfDropped(Dialog<?> dialog) {
        Window window = windowOf(dialog);
        fittedBounds(dialog).ifPresent(bounds -> {
            if (Math.abs(window.getWidth() - bounds.getWidth()) > 2
                    || Math.abs(window.getHeight() - bounds.getHeight()) > 2) {
                setBounds(window, bounds);
            }
        });
    }

    private void placeWhenShown(Dialog<?> dialog) {
        // glass-gtk keeps a fixed-size window at the size it first had, 200 × 200 under openbox, whatever size it is
        // given later (made fixed again after it took its size, it fell back to that): every dialog stays resizable
        dialog.setResizable(true);
        Window window = windowOf(dialog);
        List<Stage> heldNow = dialog.getModality() == Modality.NONE ? List.of() : holdMaximisedWindows();
        once(window, WindowEvent.WINDOW_SHOWN, e -> {
            Platform.runLater(() -> fit(dialog));
            if (!heldNow.isEmpty()) {
                for (Duration after : List.of(Duration.millis(400), Duration.millis(1200))) {
                    PauseTransition wait = new PauseTransition(after);
                    wait.setOnFinished(done -> fitAgainIfDropped(dialog));
                    wait.play();
                }
            }
        });
        once(window, WindowEvent.WINDOW_HIDDEN, e -> release(heldNow));
    }

    private static Window windowOf(Dialog<?> dialog) {
        Scene scene = dialog.getDialogPane().getScene();
        return scene == null ? null : scene.getWindow();
    }

    private static void once(Window window, EventType<WindowEvent> type, EventHandler<WindowEvent> run) {
        if (window == null) {
            return;
        }
        EventHandler<WindowEvent> handler = new EventHandler<>() {
            @Override
            public void handle(WindowEvent e) {
                window.removeEventHandler(type, this);
                run.handle(e);
            }
        };
        window.addEventHandler(type, handler);
    }

    /** Un-maximises the maximised windows to the bounds they cover, for a modal window about to open. */
    private List<Stage> holdMaximisedWindows() {
        if (!blockedWindowsUnmaximise) {
            return List.of();
        }
        List<Stage> heldNow = new ArrayList<>();
        for (Window window : List.copyOf(Window.getWindows())) {
            if (window instanceof Stage stage && stage.isShowing() && stage.isMaximized()) {
                Rectangle2D covered = boundsOf(stage);
                held.add(stage);
                heldNow.add(stage);
                stage.setMaximized(false);
                setBounds(stage, covered);
                // and again once the un-maximise is through: some platforms return the window to its normal bounds
                // a pulse later (Monocle does)
                Platform.runLater(() -> {
                    if (held.contains(stage)) {
                        setBounds(stage, covered);
                    }
                });
            }
        }
        return heldNow;
    }

    /**
     * Maximises the held windows again, on the next pulse: while the modal window is closing, they are not yet
     * enabled, and the window manager refuses to maximise a window that cannot be resized.
     */
    private void release(List<Stage> heldNow) {
        if (heldNow.isEmpty()) {
            return;
        }
        Platform.runLater(() -> {
            for (Stage stage : heldNow) {
                held.remove(stage);
                if (stage.isShowing()) {
                    stage.setMaximized(true);
                }
            }
        });
    }

    // ---- the rules ---------------------------------------------------------------------------------------

    /**
     * Where a window opens the first time: {@code size}, but at most {@value #FIRST_START_WIDTH_SHARE} of the
     * screen's width and {@value #FIRST_START_HEIGHT_SHARE} of its height (and at least its least size, as far as
     * the screen allows), centred on {@code screen}.
     */
    static WindowGeometry firstStart(Size size, Rectangle2D screen) {
        double width = Math.min(size.width(), Math.floor(screen.getWidth() * FIRST_START_WIDTH_SHARE));
        double height = Math.min(size.height(), Math.floor(screen.getHeight() * FIRST_START_HEIGHT_SHARE));
        width = Math.max(width, Math.min(size.minWidth(), screen.getWidth()));
        height = Math.max(height, Math.min(size.minHeight(), screen.getHeight()));
        return WindowGeometry.of(centredOn(screen, width, height, screen), false);
    }

    /**
     * A remembered window, if it is still on a connected screen: the screen where a band
     * {@value #VISIBLE_TOP_HEIGHT} px high along its top edge shows at least {@value #VISIBLE_TOP_WIDTH} px of it
     * (enough to grab it). It is made to fit that screen: no larger, moved inside. Empty when no screen shows it.
     */
    static Optional<WindowGeometry> restored(WindowGeometry remembered, List<Rectangle2D> screens) {
        Rectangle2D top = new Rectangle2D(remembered.x(), remembered.y(), remembered.width(), VISIBLE_TOP_HEIGHT);
        double needed = Math.min(VISIBLE_TOP_WIDTH, remembered.width());
        Rectangle2D best = null;
        double bestArea = 0;
        for (Rectangle2D screen : screens) {
            Rectangle2D shown = intersection(top, screen);
            double area = area(intersection(remembered.bounds(), screen));
            if (shown != null
                    && shown.getWidth() >= needed
                    && shown.getHeight() >= VISIBLE_TOP_HEIGHT / 2
                    && area >= bestArea) {
                best = screen;
                bestArea = area;
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        double width = Math.min(remembered.width(), best.getWidth());
        double height = Math.min(remembered.height(), best.getHeight());
        double x = clamp(remembered.x(), best.getMinX(), best.getMaxX() - width);
        double y = clamp(remembered.y(), best.getMinY(), best.getMaxY() - height);
        return Optional.of(new WindowGeometry(x, y, width, height, remembered.maximized()));
    }

    /** The screen {@code bounds} overlaps most; the first (primary) when it overlaps none. */
    static Rectangle2D screenOf(Rectangle2D bounds, List<Rectangle2D> screens) {
        Rectangle2D best = screens.get(0);
        double bestArea = 0;
        for (Rectangle2D screen : screens) {
            double area = area(intersection(bounds, screen));
            if (area > bestArea) {
                best = screen;
                bestArea = area;
            }
        }
        return best;
    }

    /** A {@code width} × {@code height} window centred on {@code owner}, moved inside {@code screen}. */
    static Rectangle2D centredOn(Rectangle2D owner, double width, double height, Rectangle2D screen) {
        double x = Math.floor(owner.getMinX() + (owner.getWidth() - width) / 2);
        double y = Math.floor(owner.getMinY() + (owner.getHeight() - height) / 2);
        return new Rectangle2D(
                clamp(x, screen.getMinX(), screen.getMaxX() - width),
                clamp(y, screen.getMinY(), screen.getMaxY() - height),
                width,
                height);
    }

    private static double clamp(double value, double least, double most) {
        return Math.max(least, Math.min(value, most));
    }

    private static Rectangle2D intersection(Rectangle2D a, Rectangle2D b) {
        double minX = Math.max(a.getMinX(), b.getMinX());
        double minY = Math.max(a.getMinY(), b.getMinY());
        double maxX = Math.min(a.getMaxX(), b.getMaxX());
        double maxY = Math.min(a.getMaxY(), b.getMaxY());
        return maxX > minX && maxY > minY ? new Rectangle2D(minX, minY, maxX - minX, maxY - minY) : null;
    }

    private static double area(Rectangle2D r) {
        return r == null ? 0 : r.getWidth() * r.getHeight();
    }

    private static double frame(double measured) {
        return measured >= 0 && measured <= MAX_FRAME ? measured : 0;
    }

    private static Rectangle2D boundsOf(Window window) {
        return new Rectangle2D(window.getX(), window.getY(), window.getWidth(), window.getHeight());
    }

    private static void setBounds(Window window, Rectangle2D bounds) {
        window.setX(bounds.getMinX());
        window.setY(bounds.getMinY());
        window.setWidth(bounds.getWidth());
        window.setHeight(bounds.getHeight());
    }
}
