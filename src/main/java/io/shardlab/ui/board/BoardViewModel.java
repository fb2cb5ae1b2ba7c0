package io.shardlab.ui.board;

import io.shardlab.exercise.ClassEvidence;
import io.shardlab.exercise.ClassProgress;
import io.shardlab.exercise.Exercise;
import io.shardlab.exercise.ExerciseFile;
import io.shardlab.exercise.InvalidExerciseException;
import io.shardlab.exercise.ResultsCsv;
import io.shardlab.files.FileException;
import io.shardlab.session.Roster;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.ui.explorer.LatestValueMailbox;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The class board: every student's sharded collections at once as small multiples, where each student stands on
 * the chosen exercise, a page of tiles at a time, and the results' export.
 *
 * <p>It looks at the class only between {@link #start} and {@link #stop} (while its window shows): once on start,
 * then {@value #SAMPLE_MILLIS} ms after its last look, and at once when the exercise or the roster's names change; a
 * closed board reads nobody's collections. One look at a time
 * ({@link ClassSource#sample}, on the simulation thread), assembled on the board's lane ({@link BoardAssembler}:
 * checks, render's data and parts) and handed to the JavaFX thread through a newest-wins mailbox, so with forty
 * students writing at full speed at most one look is under way and at most one screen update is pending
 * (docs/ARCHITECTURE.md rule 5); no look starts while the screen has not taken the last one. Twice a second is
 * live enough for a wall of small multiples and leaves a two-core laptop's processor to the explorer and the
 * clients (measured with {@code BoardUnderLoad}, test code). Pages turn by themselves every {@value #CYCLE_MILLIS} ms while {@link
 * #cyclePagesProperty} is on.
 */
public final class BoardViewModel {

    /**
     * How many of the writes chart's windows a tile shows, the newest (what the source reads, so a look costs the
     * same however long the clock has run).
     */
    public static final int RECENT_WINDOWS = 60;

    /** How often the board looks at the class, in ms. */
    static final long SAMPLE_MILLIS = 500;
    /** How long a page shows before the next one while pages cycle, in ms. */
    static final long CYCLE_MILLIS = 8_000;

    /** Where the board's looks at the class come from: the explorer's cluster. */
    @FunctionalInterface
    public interface ClassSource {
        /**
         * Takes one look at the class and hands it to {@code out}, on the thread that owns the cluster: every time,
         * once.
         *
         * @param distinctUpTo per collection name, how far to count distinct shard-key values: what the checks of
         *     every exercise the teacher can choose ask ({@link ClassEvidence#distinctKeyDemands}), the opened ones'
         *     included
         */
        void sample(Map<String, Long> distinctUpTo, Consumer<ClassSample> out);
    }

    private final ClassSource source;
    private final ScheduledExecutorService lane;
    private final Executor screen;
    private final Supplier<Instant> clock;
    private final Consumer<String> openInExplorer;
    private final ObservableList<Exercise> exercises = FXCollections.observableArrayList();
    private final ObservableList<Exercise> readOnlyExercises = FXCollections.unmodifiableObservableList(exercises);
    private final BoardAssembler assembler;
    private final LatestValueMailbox<BoardFrame> toScreen;
    private final AtomicBoolean looking = new AtomicBoolean();
    /** When the last look's sample came back from the simulation thread ({@link System#nanoTime}). */
    private volatile long sampledNanos;

    // read on the board's lane, written on the JavaFX thread
    private volatile Optional<Exercise> chosen = Optional.empty();
    private volatile Map<String, String> names = Map.of();
    /** What the exercises' checks count, by collection name: it follows {@link #exercises} as the teacher opens some. */
    private volatile Map<String, Long> distinctUpTo;

    private final ObjectProperty<Exercise> exercise = new SimpleObjectProperty<>(this, "exercise");
    private final ObservableList<BoardTile> pageTiles = FXCollections.observableArrayList();
    private final ObservableList<BoardTile> readOnlyPageTiles = FXCollections.unmodifiableObservableList(pageTiles);
    private final IntegerProperty tilesPerPage = new SimpleIntegerProperty(this, "tilesPerPage", 12);
    private final ReadOnlyIntegerWrapper page = new ReadOnlyIntegerWrapper(this, "page", 0);
    private final ReadOnlyIntegerWrapper pages = new ReadOnlyIntegerWrapper(this, "pages", 1);
    private final ReadOnlyObjectWrapper<Message> summary = new ReadOnlyObjectWrapper<>(this, "summary");
    private final ReadOnlyBooleanWrapper empty = new ReadOnlyBooleanWrapper(this, "empty", true);
    private final ReadOnlyObjectWrapper<Message> exportMessage = new ReadOnlyObjectWrapper<>(this, "exportMessage");
    private final ReadOnlyObjectWrapper<BoardFrame> frame =
            new ReadOnlyObjectWrapper<>(this, "frame", BoardFrame.EMPTY);
    private final BooleanProperty cyclePages = new SimpleBooleanProperty(this, "cyclePages", false);
    private ScheduledFuture<?> sampling;
    /** Whether the board shows ({@link #start} to {@link #stop}); read by the roster's and the exercise's listeners. */
    private volatile boolean showing;

    private long lastTurnMillis;

    /**
     * @param source the looks at the class
     * @param lane the board's own lane: the looks are assembled and the results written there, and it schedules the
     *     looks
     * @param screen the JavaFX thread ({@code Platform::runLater}; the caller's thread in tests)
     * @param clock the wall clock, for when a student first passed
     * @param exercises the exercises the teacher can choose
     * @param openInExplorer shows a namespace in the explorer, as its collection picker does
     */
    public BoardViewModel(
            ClassSource source,
            ScheduledExecutorService lane,
            Executor screen,
            Supplier<Instant> clock,
            List<Exercise> exercises,
            Consumer<String> openInExplorer) {
        this.source = Objects.requireNonNull(source, "source");
        this.lane = Objects.requireNonNull(lane, "lane");
        this.screen = Objects.requireNonNull(screen, "screen");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.exercises.setAll(exercises);
        this.distinctUpTo = ClassEvidence.distinctKeyDemands(exercises);
        this.openInExplorer = Objects.requireNonNull(openInExplorer, "openInExplorer");
        this.assembler = new BoardAssembler(this.exercises);
        this.toScreen = new LatestValueMailbox<>(screen, this::accept);
        exercise.addListener((obs, was, now) -> {
            chosen = Optional.ofNullable(now);
            // the same exercise in another language keeps the page the teacher is on
            if (was == null || now == null || !was.id().equals(now.id())) {
                page.set(0);
            }
            lookIfShowing();
        });
        tilesPerPage.addListener((obs, was, now) -> showPage());
    }

    /** The exercises the teacher can choose: the bundled ones in teaching order, then those the teacher opened. */
    public ObservableList<Exercise> exercises() {
        return readOnlyExercises;
    }

    /**
     * Reads a teacher's own exercise file ({@link ExerciseFile#open}) on the board's lane. A good file's exercise
     * joins the picker (replacing one with the same id) and is chosen; a bad file changes nothing, and {@link
     * #exportMessageProperty} names the file and the problem.
     */
    public void openExercises(Path file) {
        lane.execute(() -> {
            try {
                Exercise opened = ExerciseFile.open(file);
                screen.execute(() -> {
                    exercises.removeIf(e -> e.id().equals(opened.id()));
                    exercises.add(opened);
                    assembler.checkOn(exercises);
                    // an opened exercise's checks may count collections no bundled one names
                    distinctUpTo = ClassEvidence.distinctKeyDemands(exercises);
                    exportMessage.set(Message.of("board.opened", opened.title(), file.toString()));
                    exercise.set(opened);
                });
            } catch (InvalidExerciseException e) {
                screen.execute(() -> exportMessage.set(Message.of("board.notOpened", e.said())));
            }
        });
    }

    /**
     * The bundled exercises in another language (View → Language): each takes the place of the one with its id, the
     * chosen one included, so the picker's titles and the hints of the next look are in that language; the teacher's
     * own exercises stay as their files say them.
     */
    public void translate(List<Exercise> bundled) {
        Map<String, Exercise> byId = new HashMap<>();
        bundled.forEach(e -> byId.put(e.id(), e));
        Exercise shown = exercise.get();
        exercises.replaceAll(e -> byId.getOrDefault(e.id(), e));
        assembler.checkOn(exercises);
        if (shown != null) {
            exercise.set(byId.getOrDefault(shown.id(), shown));
        }
        lookIfShowing();
    }

    /** Starts looking at the class (when the board shows): one look now, then periodically. */
    public void start() {
        if (sampling == null) {
            showing = true;
            lane.execute(this::lookIfShowing);
            sampling = lane.scheduleAtFixedRate(
                    this::lookWhenRested, SAMPLE_MILLIS / 5, SAMPLE_MILLIS / 5, TimeUnit.MILLISECONDS);
        }
    }

    /** Stops looking (when the board is hidden): nothing is sampled or assembled for nobody. */
    public void stop() {
        showing = false;
        if (sampling != null) {
            sampling.cancel(false);
            sampling = null;
        }
    }

    /**
     * The periodic look: only once the simulation thread has had {@value #SAMPLE_MILLIS} ms to itself since the last
     * sample came back. With forty students a look takes the simulation thread for a while, and looks back to back
     * would leave the students' writes little of it (BoardUnderLoad: a tenth of the inserts).
     */
    private void lookWhenRested() {
        if (System.nanoTime() - sampledNanos >= TimeUnit.MILLISECONDS.toNanos(SAMPLE_MILLIS)) {
            lookIfShowing();
        }
    }

    /** A look now if the board shows; a hidden board only remembers what changed for its next look. */
    private void lookIfShowing() {
        if (showing) {
            look();
        }
    }

    /**
     * One look at the class, unless one is under way or the screen has not taken the last one (the JavaFX thread
     * keeps the processor until it has): on the source's thread, then assembled on the lane, then offered to the
     * screen.
     */
    void look() {
        if (toScreen.pending() || !looking.compareAndSet(false, true)) {
            return;
        }
        source.sample(distinctUpTo, sample -> {
            sampledNanos = System.nanoTime();
            lane.execute(() -> {
                try {
                    toScreen.offer(assembler.assemble(sample, chosen, names, clock.get()));
                } finally {
                    looking.set(false);
                }
            });
        });
    }

    /** On the JavaFX thread: the newest frame. */
    private void accept(BoardFrame next) {
        frame.set(next);
        empty.set(next.tiles().isEmpty());
        Exercise e = exercise.get();
        summary.set(
                next.students() == 0
                        ? null
                        : e == null
                                ? Message.of("board.students", next.students())
                                : Message.of("board.passing", next.passed(), next.students(), e.title()));
        if (cyclePages.get() && pages.get() > 1) {
            long now = clock.get().toEpochMilli();
            if (now - lastTurnMillis >= CYCLE_MILLIS) {
                lastTurnMillis = now;
                page.set((page.get() + 1) % pages.get());
            }
        }
        showPage();
    }

    private void showPage() {
        List<BoardTile> tiles = frame.get().tiles();
        int per = Math.max(1, tilesPerPage.get());
        int count = Math.max(1, (tiles.size() + per - 1) / per);
        pages.set(count);
        if (page.get() >= count) {
            page.set(count - 1);
        }
        int from = page.get() * per;
        List<BoardTile> shown = tiles.subList(Math.min(from, tiles.size()), Math.min(from + per, tiles.size()));
        if (!shown.equals(pageTiles)) {
            pageTiles.setAll(shown);
        }
    }

    /** The next page (the first after the last). */
    public void nextPage() {
        page.set((page.get() + 1) % pages.get());
        lastTurnMillis = clock.get().toEpochMilli();
        showPage();
    }

    /** The previous page (the last before the first). */
    public void previousPage() {
        page.set((page.get() + pages.get() - 1) % pages.get());
        lastTurnMillis = clock.get().toEpochMilli();
        showPage();
    }

    /** Shows {@code tile}'s collection in the explorer; a tile without one opens nothing. */
    public void open(BoardTile tile) {
        tile.namespace().ifPresent(openInExplorer);
    }

    /** Names the students' databases after {@code roster} ({@link #showRoster}) now and whenever it changes. */
    public void followRoster(ObservableList<Roster.Client> roster) {
        roster.addListener((ListChangeListener<Roster.Client>) change -> showRoster(roster));
        showRoster(roster);
    }

    /**
     * Names the students' databases after the roster of connected clients: a database a client wrote to shows as
     * that client's name (its {@code appName}, which the join string asks students to set, else its address). A
     * name stays after its client disconnects, so the board and the export keep it; a database no client named
     * shows as itself. MongoDB's own databases ({@link ClassEvidence#SYSTEM_DATABASES}) are nobody's.
     */
    public void showRoster(List<Roster.Client> clients) {
        Map<String, String> next = new HashMap<>(names);
        for (Roster.Client client : clients) {
            for (String database : client.databases()) {
                if (!ClassEvidence.SYSTEM_DATABASES.contains(database)) {
                    next.put(database, client.name());
                }
            }
        }
        if (!next.equals(names)) {
            names = Map.copyOf(next);
            lookIfShowing();
        }
    }

    /**
     * Writes every student's results on every exercise to {@code target} (CSV, atomically, the hints in {@code
     * words}' language), on the board's lane;
     * {@link #exportMessageProperty} says where it went or why it did not.
     */
    public void export(Path target, Messages words) {
        List<ClassProgress.Result> results = frame.get().results();
        Map<String, String> byDatabase = names;
        lane.execute(() -> {
            Message message;
            try {
                ResultsCsv.write(target, results, db -> byDatabase.getOrDefault(db, db), words);
                message = Message.of("board.saved", results.size(), target.toString());
            } catch (FileException e) {
                message = Message.of("window.said", e.said());
            }
            Message shown = message;
            screen.execute(() -> exportMessage.set(shown));
        });
    }

    /** The exercise shown, or null for none (every collection, no status). */
    public ObjectProperty<Exercise> exerciseProperty() {
        return exercise;
    }

    /** The tiles of the page shown. */
    public ObservableList<BoardTile> pageTiles() {
        return readOnlyPageTiles;
    }

    /** How many tiles a page holds (the view sets it from its size). */
    public IntegerProperty tilesPerPageProperty() {
        return tilesPerPage;
    }

    /** The page shown, from 0. */
    public ReadOnlyIntegerProperty pageProperty() {
        return page.getReadOnlyProperty();
    }

    /** The pages the tiles fill, at least 1. */
    public ReadOnlyIntegerProperty pagesProperty() {
        return pages.getReadOnlyProperty();
    }

    /** E.g. {@code 12 of 30 pass “Lookups on one shard, writes on all”}; empty before any student. */
    public ReadOnlyObjectProperty<Message> summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** Whether no student has a database yet. */
    public ReadOnlyBooleanProperty emptyProperty() {
        return empty.getReadOnlyProperty();
    }

    /** The last export's or opened exercise file's outcome, one line. */
    public ReadOnlyObjectProperty<Message> exportMessageProperty() {
        return exportMessage.getReadOnlyProperty();
    }

    /** The newest frame. */
    ReadOnlyObjectProperty<BoardFrame> frameProperty() {
        return frame.getReadOnlyProperty();
    }

    /** Whether pages turn by themselves. */
    public BooleanProperty cyclePagesProperty() {
        return cyclePages;
    }
}
