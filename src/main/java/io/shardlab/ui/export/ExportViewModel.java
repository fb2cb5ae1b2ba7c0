package io.shardlab.ui.export;

import io.shardlab.files.AtomicFile;
import io.shardlab.files.FileException;
import io.shardlab.render.DiagramData;
import io.shardlab.render.DiagramExporter;
import io.shardlab.render.DiagramOptions;
import io.shardlab.render.DiagramPainter;
import io.shardlab.render.ExportFormat;
import io.shardlab.render.ExportSize;
import io.shardlab.render.Highlight;
import io.shardlab.render.Picture;
import io.shardlab.render.PlacementBoard;
import io.shardlab.render.PlacementBoardPainter;
import io.shardlab.render.PngExporter;
import io.shardlab.render.Scale;
import io.shardlab.render.StackedDiagrams;
import io.shardlab.render.Theme;
import io.shardlab.render.View;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.ui.BackgroundFailure;
import io.shardlab.ui.text.UiText;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * File → Export…: the settings of a diagram export of what the explorer shows, the painter that draws it
 * (the render package's {@link DiagramPainter}, the same one the screen and the CLI's {@code export} use), and
 * the verbs that write it to a file or put it on the clipboard. Holds no nodes.
 *
 * <p>Invariant: {@link #painterProperty()} is the painter of the current settings, or null while they are
 * invalid, and then {@link #errorProperty()} says why in one line.
 */
public final class ExportViewModel {

    /**
     * What to export: the explorer's diagram data and what it highlights now; or, for a side-by-side
     * comparison, its sides (top first), each drawn whole under its caption, stacked in one picture.
     *
     * @param data the diagram (the first side's, for a comparison)
     * @param highlight what the explorer highlights
     * @param compared the sides of a comparison, empty for one diagram; never a single side
     * @param scale the chunk widths the window draws with, which the export starts from
     * @param provenance where the layout comes from and which moment it is, stamped on the picture; blank for none
     * @param planShown whether the window drew {@code data}'s planned migration when the export was asked for (Why
     *     no move? open then): only then does the export start with it ticked
     * @param board the placement board to export instead of a diagram (then {@code data} is null, and the view, chunk
     *     widths, highlight and plan do not apply)
     */
    public record Input(
            DiagramData data,
            Highlight highlight,
            List<Side> compared,
            Scale scale,
            String provenance,
            boolean planShown,
            Optional<PlacementBoard> board) {
        public Input {
            board = board == null ? Optional.empty() : board;
            if (board.isEmpty()) {
                Objects.requireNonNull(data, "data");
            }
            scale = scale == null ? Scale.EQUAL : scale;
            provenance = provenance == null ? "" : provenance;
            highlight = highlight == null ? Highlight.none() : highlight;
            compared = List.copyOf(compared);
            if (compared.size() == 1) {
                throw new IllegalArgumentException(
                        "compared: a comparison has two sides or more, got one"); // untranslated: a developer's
                // contract
            }
        }

        /** One diagram, or a comparison's sides, at equal widths and with no provenance. */
        public Input(DiagramData data, Highlight highlight, List<Side> compared) {
            this(data, highlight, compared, Scale.EQUAL, "", true, Optional.empty());
        }

        /** One diagram. */
        public Input(DiagramData data, Highlight highlight) {
            this(data, highlight, List.of());
        }

        /** This input drawn at {@code windowScale}'s widths and stamped with {@code from}. */
        public Input shownAs(Scale windowScale, String from) {
            return new Input(data, highlight, compared, windowScale, from, planShown, board);
        }

        /** This input, its planned migration shown in the window when the export was asked for or not. */
        public Input withPlanShown(boolean shown) {
            return new Input(data, highlight, compared, scale, provenance, shown, board);
        }

        /** The placement board, as the painter of its picture draws it ({@link PlacementBoardPainter}). */
        public static Input placement(PlacementBoard board) {
            return new Input(null, Highlight.none(), List.of(), Scale.EQUAL, "", false, Optional.of(board));
        }

        /** Whether this is the placement board rather than a diagram. */
        public boolean isPlacementBoard() {
            return board.isPresent();
        }

        /**
         * A comparison's sides, top first, drawn stacked with their captions; each side's planned migration is drawn
         * when its data has one ({@link #withPlanShown} false leaves them out at first).
         */
        public static Input comparison(List<Side> sides) {
            if (sides.isEmpty()) {
                throw new IllegalArgumentException(
                        "compared: a comparison has two sides or more, got none"); // untranslated: a developer's
                // contract
            }
            return new Input(sides.get(0).data(), Highlight.none(), sides);
        }
    }

    /**
     * One side of a comparison.
     *
     * @param caption what the side is, e.g. {@code "MongoDB 5.0 · { counter: 1 } · 1 MB chunks · 3 shards"}
     * @param data its diagram
     */
    public record Side(String caption, DiagramData data) {
        public Side {
            Objects.requireNonNull(caption, "caption");
            Objects.requireNonNull(data, "data");
        }
    }

    private final Input input;
    private final Executor background;
    private final Executor uiThread;
    private final Consumer<BufferedImage> clipboard;

    private final ObjectProperty<ExportFormat> format = new SimpleObjectProperty<>(this, "format", ExportFormat.PNG);
    private final IntegerProperty width = new SimpleIntegerProperty(this, "width", 1600);
    private final IntegerProperty height = new SimpleIntegerProperty(this, "height", 0);
    private final DoubleProperty scale = new SimpleDoubleProperty(this, "scale", 1);
    private final BooleanProperty dark = new SimpleBooleanProperty(this, "dark");
    private final StringProperty title = new SimpleStringProperty(this, "title", "");
    private final ObjectProperty<View> view = new SimpleObjectProperty<>(this, "view", View.ALL);
    private final ObjectProperty<Scale> chunkWidth = new SimpleObjectProperty<>(this, "chunkWidth", Scale.EQUAL);
    private final BooleanProperty highlight = new SimpleBooleanProperty(this, "highlight");
    private final ReadOnlyBooleanWrapper canHighlight = new ReadOnlyBooleanWrapper(this, "canHighlight");
    private final BooleanProperty plannedMove = new SimpleBooleanProperty(this, "plannedMove");
    private final ReadOnlyBooleanWrapper canDrawPlannedMove = new ReadOnlyBooleanWrapper(this, "canDrawPlannedMove");
    private final ReadOnlyObjectWrapper<Picture> painter = new ReadOnlyObjectWrapper<>(this, "painter");
    private final ReadOnlyObjectWrapper<ExportSize> size = new ReadOnlyObjectWrapper<>(this, "size");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ObjectProperty<Message> statusMessage = new SimpleObjectProperty<>(this, "statusMessage");
    private final ObjectProperty<Language> language = new SimpleObjectProperty<>(this, "language");
    private final UiText text;
    private final ReadOnlyBooleanWrapper saving = new ReadOnlyBooleanWrapper(this, "saving");
    private final ReadOnlyObjectWrapper<Path> saved = new ReadOnlyObjectWrapper<>(this, "saved");

    /** An export whose status speaks English and whose picture starts in English (tests). */
    public ExportViewModel(
            Input input, boolean dark, Executor background, Executor uiThread, Consumer<BufferedImage> clipboard) {
        this(new UiText(Language.ENGLISH), input, dark, background, uiThread, clipboard);
    }

    /**
     * @param text the window's words: the status follows its language, and the picture starts in it
     * @param input the explorer's diagram now
     * @param dark whether to start on the dark theme (the window's)
     * @param background where files are written
     * @param uiThread where results are reported (the JavaFX thread; a synchronous executor in tests)
     * @param clipboard puts a picture on the system clipboard
     */
    public ExportViewModel(
            UiText text,
            Input input,
            boolean dark,
            Executor background,
            Executor uiThread,
            Consumer<BufferedImage> clipboard) {
        this.text = Objects.requireNonNull(text, "text");
        this.status.bind(text.text(statusMessage));
        this.language.set(text.language().get());
        this.input = Objects.requireNonNull(input, "input");
        this.background = Objects.requireNonNull(background, "background");
        this.uiThread = Objects.requireNonNull(uiThread, "uiThread");
        this.clipboard = Objects.requireNonNull(clipboard, "clipboard");
        this.dark.set(dark);
        canHighlight.set(!(input.highlight() instanceof Highlight.None));
        // the export starts as the window draws: what the user saw is what the file shows
        chunkWidth.set(input.scale());
        // a documentation diagram shows every chunk in full colour; dimming the rest is the user's choice
        highlight.set(false);
        if (input.isPlacementBoard() || input.data().writes().isEmpty()) {
            view.set(View.LANES);
        }
        // the balancer's next migration (Why no move?'s plan preview) is drawn as the window drew it: ticked only
        // when the panel showed it as the export was asked for; unticking leaves it out
        // a comparison's sides each their own: the export can draw them when a side has one
        canDrawPlannedMove.set(!input.isPlacementBoard()
                && (input.data().migrations().next().isPresent()
                        || input.compared().stream()
                                .anyMatch(
                                        side -> side.data().migrations().next().isPresent())));
        plannedMove.set(canDrawPlannedMove.get() && input.planShown());
        Observable[] settings = {
            format, width, height, scale, this.dark, title, view, highlight, language, chunkWidth, plannedMove
        };
        for (Observable o : settings) {
            o.addListener(x -> update());
        }
        update();
    }

    private void update() {
        statusMessage.set(null);
        try {
            ExportSize s = new ExportSize(width.get(), height.get(), scale.get());
            DiagramOptions options = DiagramOptions.defaults(view.get())
                    .withTheme(dark.get() ? Theme.dark() : Theme.light())
                    .withTitle(title.get())
                    .withHighlight(highlight.get() ? input.highlight() : Highlight.none())
                    .withLanguage(language.get())
                    .withScale(chunkWidth.get())
                    .withProvenance(input.provenance());
            if (input.isPlacementBoard()) {
                painter.set(new PlacementBoardPainter(
                        input.board().orElseThrow(),
                        dark.get() ? Theme.dark() : Theme.light(),
                        title.get(),
                        language.get()));
            } else if (input.compared().isEmpty()) {
                painter.set(new DiagramPainter(withPlanAsTicked(input.data()), options));
            } else {
                // each side titled by its caption (after the user's title, when there is one)
                List<DiagramPainter> sides = new ArrayList<>();
                for (Side side : input.compared()) {
                    String heading = title.get().isBlank() ? side.caption() : title.get() + " · " + side.caption();
                    sides.add(new DiagramPainter(withPlanAsTicked(side.data()), options.withTitle(heading)));
                }
                painter.set(new StackedDiagrams(
                        title.get().isBlank()
                                ? Messages.of(language.get())
                                        .text(
                                                "export.sideBySide",
                                                String.join(
                                                        " vs ",
                                                        input.compared().stream()
                                                                .map(Side::caption)
                                                                .toList()))
                                : title.get(),
                        sides));
            }
            size.set(s);
            error.set("");
        } catch (IllegalArgumentException e) {
            painter.set(null);
            size.set(null);
            error.set(e.getMessage());
        }
    }

    /** {@code data} with its planned migration while {@link #plannedMoveProperty()} is ticked, else without. */
    private DiagramData withPlanAsTicked(DiagramData data) {
        return plannedMove.get() ? data : data.withMigrations(data.migrations().withNext(Optional.empty()));
    }

    // ---- settings ----

    public ObjectProperty<ExportFormat> formatProperty() {
        return format;
    }

    /** Logical width in pixels (points for PDF), 200 to 20,000. */
    public IntegerProperty widthProperty() {
        return width;
    }

    /** Logical height, 100 to 20,000, or 0 for the view's own height. */
    public IntegerProperty heightProperty() {
        return height;
    }

    /** Device pixels per logical pixel for PNG (and the SVG's size attributes), 0.25 to 8. */
    public DoubleProperty scaleProperty() {
        return scale;
    }

    public BooleanProperty darkProperty() {
        return dark;
    }

    /** The diagram's title; blank for "Chunks of &lt;namespace&gt;". */
    public StringProperty titleProperty() {
        return title;
    }

    /**
     * The chunk widths of the picture (the CLI's {@code --chunk-width}): the window's at first; {@link Scale#DATA_SIZE}
     * needs the layout's chunk sizes, and without them {@link #errorProperty()} says so.
     */
    public ObjectProperty<Scale> chunkWidthProperty() {
        return chunkWidth;
    }

    public ObjectProperty<View> viewProperty() {
        return view;
    }

    /** The language of the words ShardLab writes on the picture; starts as the window's. Never null. */
    public ObjectProperty<Language> languageProperty() {
        return language;
    }

    /** Whether the explorer's selected chunk, or the shards its query reaches, stay bright. */
    public BooleanProperty highlightProperty() {
        return highlight;
    }

    /** Whether the picture draws the balancer's next migration, when the explorer's diagram has one. */
    public BooleanProperty plannedMoveProperty() {
        return plannedMove;
    }

    /** Whether the explorer's diagram has the balancer's next migration to draw (Why no move?'s plan preview). */
    public ReadOnlyBooleanProperty canDrawPlannedMoveProperty() {
        return canDrawPlannedMove.getReadOnlyProperty();
    }

    /** Whether the picture is the placement board's: it has no view, chunk widths, highlight or plan to choose. */
    public boolean isPlacementBoard() {
        return input.isPlacementBoard();
    }

    /** Whether the explorer has a selection or a query to highlight. */
    public ReadOnlyBooleanProperty canHighlightProperty() {
        return canHighlight.getReadOnlyProperty();
    }

    /** Whether the explorer's data has writes over time (the writes chart and the heatmap need them). */
    public boolean hasWriteData() {
        return !input.isPlacementBoard()
                && input.data().writes().isPresent()
                && input.data().heatmap().isPresent();
    }

    // ---- what the settings draw ----

    /** The painter of the current settings; null while they are invalid. */
    public ReadOnlyObjectProperty<Picture> painterProperty() {
        return painter.getReadOnlyProperty();
    }

    /** The size of the current settings; null while they are invalid. */
    public ReadOnlyObjectProperty<ExportSize> sizeProperty() {
        return size.getReadOnlyProperty();
    }

    /** Why the settings cannot be exported, or why the last save failed; empty otherwise. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** The file the last save wrote; null before the first save, while one runs and after a failed one. */
    public ReadOnlyObjectProperty<Path> savedProperty() {
        return saved.getReadOnlyProperty();
    }

    /** What the last save or copy did, e.g. {@code "Saved chunks.png (48 KB)"}; empty otherwise. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** What the last save or copy did, as a message; null otherwise. */
    public ReadOnlyObjectProperty<Message> statusMessageProperty() {
        return statusMessage;
    }

    public ReadOnlyBooleanProperty savingProperty() {

        return saving.getReadOnlyProperty();
    }

    /** A file name for the save dialog: the namespace and the view, with the format's extension. */
    public String suggestedFileName() {
        if (input.isPlacementBoard()) {
            return "placement-board." + format.get().extension();
        }
        String ns = input.data().layout().snapshot().namespace().replaceAll("[^A-Za-z0-9._-]", "_");
        return ns + (input.compared().isEmpty() ? "" : "-side-by-side") + "-"
                + view.get().cliName() + "." + format.get().extension();
    }

    /**
     * The picture at {@code at}, for previews and the clipboard; null while the settings are invalid, or when
     * the painter refuses the size (a height too small for the view), and then {@link #errorProperty()} says why.
     */
    public BufferedImage renderImage(ExportSize at) {
        Picture p = painter.get();
        if (p == null) {
            return null;
        }
        try {
            return new PngExporter().render(p, at);
        } catch (IllegalArgumentException e) {
            error.set(e.getMessage());
            return null;
        }
    }

    // ---- verbs ----

    /**
     * Writes the diagram to {@code file} in the chosen format on the background executor; reports "Saved …"
     * or the error through {@link #statusProperty()} / {@link #errorProperty()} on the UI thread. Does nothing
     * while the settings are invalid or a save is running.
     */
    public void save(Path file) {
        Objects.requireNonNull(file, "file");
        Picture p = painter.get();
        ExportSize s = size.get();
        if (p == null || s == null || saving.get()) {
            return;
        }
        DiagramExporter exporter = DiagramExporter.of(format.get());
        saving.set(true);
        saved.set(null);
        statusMessage.set(Message.of("export.status.saving", file.getFileName().toString()));
        background.execute(() -> {
            Message outcome;
            String failure = "";
            String unwritable = null;
            try {
                // atomic: a failed save leaves the file that was there as it was
                AtomicFile.write(file, out -> exporter.write(p, s, out));
                outcome = Message.of("export.status.saved", file.getFileName().toString(), kilobytes(Files.size(file)));
            } catch (FileException e) {
                outcome = null;
                failure = text.messages().text(e.said());
            } catch (IOException | RuntimeException | Error e) {
                outcome = null;
                unwritable = text.messages().text(BackgroundFailure.message(e));
            }
            Message reported = outcome;
            String failed = failure;
            String why = unwritable;
            uiThread.execute(() -> {
                saving.set(false);
                statusMessage.set(reported);
                if (why != null) {
                    error.set(text.now("export.error.cannotWrite", file.toString(), why));
                    return;
                }
                error.set(failed);
                if (failed.isEmpty()) {
                    saved.set(file);
                }
            });
        });
    }

    /** Puts the picture, as a PNG-style image at the chosen size and scale, on the clipboard. */
    public void copyToClipboard() {
        ExportSize s = size.get();
        BufferedImage image = s == null ? null : renderImage(s);
        if (image == null) {
            return;
        }
        clipboard.accept(image);
        statusMessage.set(Message.of("export.status.copied", image.getWidth(), image.getHeight()));
    }

    /** Kilobytes, at least 1, rounded. */
    private static long kilobytes(long bytes) {
        return Math.max(1, (bytes + 512) / 1024);
    }
}
