package io.shardlab.ui.console;

import io.shardlab.files.FileException;
import io.shardlab.session.CommandLayer;
import io.shardlab.shell.ScriptFailedException;
import io.shardlab.shell.ShellEngine;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.ui.BackgroundFailure;
import io.shardlab.ui.text.UiText;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * View → Shell: mongosh's REPL on the cluster the explorer shows. An input runs on the shell's own
 * thread (never the JavaFX thread) with a time budget; Ctrl+C interrupts it. What it prints, and its
 * value, arrive as mongosh prints them. Inputs are kept in a history (↑/↓) that outlives the
 * application; Tab completes {@code sh.}, {@code db.}, collection and method names.
 *
 * <p>Threading: every method is called on the JavaFX thread (the injected {@code uiThread} in tests);
 * the engine only ever runs on {@code scriptThread}, one task at a time.
 */
public final class ConsoleViewModel {

    /** What a transcript entry is. */
    public enum Kind {
        INPUT,
        OUTPUT,
        ERROR
    }

    /** One entry of the transcript: an input as typed after its prompt, a printed block, or an error line. */
    public record Entry(Kind kind, String text) {
        public Entry {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(text, "text");
        }
    }

    /** Entries the transcript keeps; older ones give way (an endless print loop must not fill the memory). */
    static final int TRANSCRIPT_LIMIT = 2_000;
    /** Characters one printed block keeps. */
    static final int ENTRY_CHAR_LIMIT = 20_000;
    /** How long one input may run before it is stopped. */
    public static final Duration TIME_BUDGET = Duration.ofMinutes(2);
    /** mongosh's prompt on a mongos (its prompt shows the topology and the database). */
    static final String PROMPT_FORMAT = "[direct: mongos] %s> ";
    /** Width values are laid out to, as mongosh does in an 80-column terminal. */
    static final int LAYOUT_WIDTH = 80;

    private final CountedCommands commands;
    private final ShellHistory historyFile;
    private final Executor scriptThread;
    private final Executor uiThread;
    private final LongSupplier nanoClock;
    private final Duration budget;
    /** Made on the script thread when the panel first shows or on first use: GraalJS takes a second or two. */
    private volatile ShellEngine engine;

    private volatile boolean interruptRequested;

    /** How often a step's "n of N commands" is repainted while it runs, in ns. */
    static final long STEP_PROGRESS_INTERVAL_NANOS = 100_000_000;

    /** The lesson step being run (null for a typed input): its command count and what restores it. */
    private volatile Step step;

    private volatile long stepProgressShownAt;

    /** A lesson step while it runs: its commands counted from {@code sentBefore}, {@code restore} if it stops. */
    private record Step(int commands, String restore, long sentBefore) {}

    private final ReadOnlyObjectWrapper<Message> stepProgress = new ReadOnlyObjectWrapper<>(this, "stepProgress");

    /** The words of the panel's own lines; English unless the application's constructor says otherwise. */
    private UiText text = new UiText(Language.ENGLISH);

    private final StringProperty input = new SimpleStringProperty(this, "input", "");
    private final ReadOnlyStringWrapper prompt =
            new ReadOnlyStringWrapper(this, "prompt", PROMPT_FORMAT.formatted("test"));
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running", false);
    private final ReadOnlyIntegerWrapper caret = new ReadOnlyIntegerWrapper(this, "caret", 0);
    private final ObservableList<Entry> transcript = FXCollections.observableArrayList();
    private final ObservableList<Entry> transcriptView = FXCollections.unmodifiableObservableList(transcript);
    private final ObservableList<String> choices = FXCollections.observableArrayList();
    private final ObservableList<String> choicesView = FXCollections.unmodifiableObservableList(choices);
    /** The completion the {@link #choices} are for, with the common beginning inserted. */
    private CompletionRequest choosing;

    /** Newest first. */
    private final List<String> history = new ArrayList<>();
    /** -1 while editing a new input; else the history entry shown. */
    private int historyIndex = -1;

    private String draft = "";

    private final ConcurrentLinkedQueue<Entry> printed = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean drainQueued = new AtomicBoolean();

    /** Where the application keeps the history: {@code ~/.shardlab/shell-history}, beside the recent connections. */
    public static Path historyFileOfThisUser() {
        return Path.of(System.getProperty("user.home"), ".shardlab", "shell-history");
    }

    /**
     * The panel as the application wires it: the wall clock and {@link #TIME_BUDGET}.
     *
     * @param commands where the inputs' commands run (the explorer's cluster, on its simulation thread)
     * @param historyFile where the history is kept between runs
     * @param scriptThread runs the inputs, one at a time
     * @param uiThread where results are applied (the JavaFX thread)
     */
    public ConsoleViewModel(CommandLayer commands, Path historyFile, Executor scriptThread, Executor uiThread) {
        this(commands, historyFile, scriptThread, uiThread, new UiText(Language.ENGLISH));
    }

    /**
     * The panel as the application wires it, its own lines (not the shell's output) in the window's language.
     *
     * @param text the window's words: a line is written in the language of its moment
     */
    public ConsoleViewModel(
            CommandLayer commands, Path historyFile, Executor scriptThread, Executor uiThread, UiText text) {
        this(commands, new ShellHistory(historyFile), scriptThread, uiThread, System::nanoTime, TIME_BUDGET);
        this.text = Objects.requireNonNull(text, "text");
    }

    /**
     * @param commands where the inputs' commands run (the explorer's cluster, on its simulation thread)
     * @param historyFile where the history is kept between runs
     * @param scriptThread runs the inputs, one at a time (a serial lane of the application's background tasks)
     * @param uiThread where results are applied (the JavaFX thread)
     * @param nanoClock the time budget's clock
     * @param budget how long one input may run
     */
    ConsoleViewModel(
            CommandLayer commands,
            ShellHistory historyFile,
            Executor scriptThread,
            Executor uiThread,
            LongSupplier nanoClock,
            Duration budget) {
        this.commands = new CountedCommands(commands, this::stepCommandSent);
        this.historyFile = Objects.requireNonNull(historyFile, "historyFile");
        this.scriptThread = Objects.requireNonNull(scriptThread, "scriptThread");
        this.uiThread = Objects.requireNonNull(uiThread, "uiThread");
        this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
        this.budget = Objects.requireNonNull(budget, "budget");
        input.addListener((obs, was, now) -> {
            if (choosing != null && !now.equals(choosing.text())) {
                choosing = null;
                choices.clear();
            }
        });
        scriptThread.execute(() -> {
            List<String> kept;
            try {
                kept = historyFile.read();
            } catch (FileException e) {
                print(Kind.ERROR, text.now("console.history.notRead", e.said()));
                return;
            } catch (RuntimeException e) {
                print(Kind.ERROR, text.messages().text(BackgroundFailure.message(e)));
                return;
            }
            uiThread.execute(() -> history.addAll(kept));
        });
    }

    /**
     * Enter: runs the input when it is whole (mongosh's rule: a statement the engine can compile) and
     * nothing runs yet. Returns false when the input continues (an open brace, a string, a comment): the
     * view then starts a new line in it. A blank input only repeats the prompt.
     */
    public boolean submit() {
        String source = input.get();
        if (running.get()) {
            return true;
        }
        if (!source.isBlank() && !ShellEngine.isCompleteInput(source)) {
            return false;
        }
        transcript.add(new Entry(Kind.INPUT, prompt.get() + source));
        trimTranscript();
        input.set("");
        historyIndex = -1;
        draft = "";
        if (source.isBlank()) {
            return true;
        }
        history.remove(source);
        history.add(0, source);
        if (history.size() > ShellHistory.LIMIT) {
            history.subList(ShellHistory.LIMIT, history.size()).clear();
        }
        List<String> keep = List.copyOf(history);
        running.set(true);
        interruptRequested = false;
        Step thisStep = step;
        scriptThread.execute(() -> {
            ShellEngine shell = engine();
            if (interruptRequested) {
                shell.cancel(); // Ctrl+C came while the engine was being made
            }
            boolean whole = false;
            try {
                shell.evaluateInteractively(source, budget);
                whole = true;
            } catch (ScriptFailedException e) {
                print(Kind.ERROR, e.getMessage());
            } catch (RuntimeException | StackOverflowError e) {
                print(Kind.ERROR, text.messages().text(BackgroundFailure.message(e)));
            }
            if (thisStep != null) {
                showStepProgress(thisStep);
                if (!whole && !thisStep.restore().isBlank()) {
                    restore(shell, thisStep.restore());
                }
            }
            String database = shell.currentDatabase();
            try {
                historyFile.write(keep);
            } catch (FileException e) {
                print(Kind.ERROR, text.now("console.history.notWritten", e.said()));
            } catch (RuntimeException e) {
                print(Kind.ERROR, text.messages().text(BackgroundFailure.message(e)));
            }
            uiThread.execute(() -> {
                drain();
                prompt.set(PROMPT_FORMAT.formatted(database));
                if (thisStep != null && step == thisStep) {
                    step = null;
                    stepProgress.set(null);
                }
                this.running.set(false);
            });
        });
        return true;
    }

    /**
     * A lesson's step that stopped before its end (interrupted, out of time, failed): its restore snippet runs, so
     * that the cluster is left as the lesson expects (a balancer the step stopped runs again).
     */
    private void restore(ShellEngine shell, String restore) {
        print(Kind.OUTPUT, text.now("console.step.restoring"));
        try {
            shell.evaluateInteractively(restore, budget);
        } catch (ScriptFailedException e) {
            print(Kind.ERROR, e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
            print(Kind.ERROR, text.messages().text(BackgroundFailure.message(e)));
        }
    }

    /** After each command sent: a running step's progress, at most every {@link #STEP_PROGRESS_INTERVAL_NANOS}. */
    private void stepCommandSent() {
        Step current = step;
        if (current == null) {
            return;
        }
        long now = nanoClock.getAsLong();
        if (now - stepProgressShownAt >= STEP_PROGRESS_INTERVAL_NANOS) {
            stepProgressShownAt = now;
            showStepProgress(current);
        }
    }

    private void showStepProgress(Step shown) {
        long done = commands.sent() - shown.sentBefore();
        Message progress = shown.commands() > 0
                ? Message.of("console.step.progress", Math.min(done, shown.commands()), shown.commands())
                : Message.of("console.step.progressOpen", done);
        uiThread.execute(() -> {
            if (step == shown) {
                stepProgress.set(progress);
            }
        });
    }

    /**
     * How far the lesson step that runs has got ("512 of 1,444 commands"); null while no step runs. Ctrl+C
     * ({@link #interrupt}) stops it, and its restore snippet then runs.
     */
    public ReadOnlyObjectProperty<Message> stepProgressProperty() {
        return stepProgress.getReadOnlyProperty();
    }

    /**
     * Makes the shell's JavaScript engine on the script thread, if it is not made yet, so that the first input
     * does not wait for it (GraalJS takes a second or two to start); the view calls it when the panel shows.
     */
    public void prepare() {
        scriptThread.execute(() -> {
            try {
                engine();
            } catch (RuntimeException e) {
                print(Kind.ERROR, text.messages().text(BackgroundFailure.message(e)));
            }
        });
    }

    /**
     * Runs {@code source} as if typed and entered (a lesson's "Run in shell"). While an input runs, it is not
     * run and the transcript says why.
     */
    public void run(String source) {
        run(source, 0, "");
    }

    /**
     * Runs a lesson's step as {@link #run(String)} does, counting its commands against {@code commands} (0: not
     * known) in {@link #stepProgressProperty}; when it stops before its end (Ctrl+C, out of time, an error),
     * {@code restore} runs after it (blank: nothing).
     */
    public void run(String source, int commands, String restore) {
        if (running.get()) {
            transcript.add(new Entry(Kind.ERROR, text.now("console.busy")));
            trimTranscript();
            return;
        }
        input.set(source);
        caret.set(-1);
        caret.set(source.length());
        step = new Step(commands, restore, this.commands.sent());
        stepProgressShownAt = nanoClock.getAsLong();
        stepProgress.set(commands > 0 ? Message.of("console.step.progress", 0, commands) : null);
        if (!submit()) {
            step = null;
            stepProgress.set(null);
            print(Kind.ERROR, "SyntaxError: the input is not complete"); // untranslated: mongosh's own words
        }
    }

    /**
     * Ctrl+C: stops the running input (it ends with mongosh's interruption line); with nothing running,
     * drops the input being typed, as mongosh does.
     */
    public void interrupt() {
        if (running.get()) {
            interruptRequested = true;
            ShellEngine shell = engine;
            if (shell != null) {
                shell.cancel();
            }
        } else {
            input.set("");
            historyIndex = -1;
        }
    }

    /** Ctrl+L and the Clear button: empties the transcript. */
    public void clear() {
        transcript.clear();
    }

    /** ↑: the previous (older) input of the history; the input being typed is kept for ↓. */
    public void historyUp() {
        if (historyIndex + 1 >= history.size()) {
            return;
        }
        if (historyIndex == -1) {
            draft = input.get();
        }
        historyIndex++;
        showInput(history.get(historyIndex));
    }

    /** ↓: the next (newer) input of the history, and after the newest the input being typed. */
    public void historyDown() {
        if (historyIndex < 0) {
            return;
        }
        historyIndex--;
        showInput(historyIndex < 0 ? draft : history.get(historyIndex));
    }

    private void showInput(String text) {
        input.set(text);
        caret.set(-1);
        caret.set(text.length());
    }

    /**
     * Tab at {@code caretAt}: completes the name before the caret, after {@code sh.}, {@code db.},
     * {@code db.COLLECTION.} or at the top level. One candidate is inserted; several insert their common
     * beginning and are listed in the transcript, as mongosh lists them. Nothing happens while an input runs.
     */
    public void complete(int caretAt) {
        String text = input.get();
        if (running.get() || caretAt < 0 || caretAt > text.length()) {
            return;
        }
        Optional<CompletionRequest> request = CompletionRequest.at(text, caretAt);
        if (request.isEmpty()) {
            return;
        }
        CompletionRequest asked = request.get();
        scriptThread.execute(() -> {
            List<String> names;
            try {
                names = engine().completions(asked.path());
            } catch (RuntimeException e) {
                names = List.of();
            }
            List<String> matching =
                    names.stream().filter(n -> n.startsWith(asked.partial())).toList();
            uiThread.execute(() -> applyCompletion(asked, matching));
        });
    }

    private void applyCompletion(CompletionRequest asked, List<String> matching) {
        if (matching.isEmpty() || !input.get().equals(asked.text())) {
            return;
        }
        String insert = commonPrefix(matching).substring(asked.partial().length());
        String text = asked.text();
        input.set(text.substring(0, asked.caret()) + insert + text.substring(asked.caret()));
        caret.set(-1);
        caret.set(asked.caret() + insert.length());
        if (matching.size() > 1) {
            choosing = new CompletionRequest(
                    input.get(), asked.caret() + insert.length(), asked.path(), asked.partial() + insert);
            choices.setAll(matching);
        }
        if (matching.size() > 1 && insert.isEmpty()) {
            String prefix = asked.path().isEmpty() ? "" : asked.path().replace("()", "(...)") + ".";
            transcript.add(new Entry(
                    Kind.OUTPUT,
                    String.join("  ", matching.stream().map(n -> prefix + n).toList())));
            trimTranscript();
        }
    }

    /**
     * The names a Tab with several candidates offers (the view lists them in a popup); emptied when the
     * input changes or one is chosen.
     */
    public ObservableList<String> completionChoices() {
        return choicesView;
    }

    /** Puts {@code name}, one of the {@link #completionChoices()}, in place of the part typed before the caret. */
    public void chooseCompletion(String name) {
        CompletionRequest asked = choosing;
        if (asked == null
                || !choices.contains(name)
                || !input.get().equals(asked.text())
                || !name.startsWith(asked.partial())) {
            choices.clear();
            return;
        }
        String rest = name.substring(asked.partial().length());
        String text = asked.text();
        input.set(text.substring(0, asked.caret()) + rest + text.substring(asked.caret()));
        choosing = null;
        choices.clear();
        caret.set(-1);
        caret.set(asked.caret() + rest.length());
    }

    static String commonPrefix(List<String> names) {
        String prefix = names.get(0);
        for (String n : names) {
            int i = 0;
            while (i < prefix.length() && i < n.length() && prefix.charAt(i) == n.charAt(i)) {
                i++;
            }
            prefix = prefix.substring(0, i);
        }
        return prefix;
    }

    /**
     * The name being completed: the object path before the last dot (names and calls, a call's arguments
     * left out: {@code db.c.find({a: 1}).} gives {@code db.c.find()}) and the part typed after it.
     */
    record CompletionRequest(String text, int caret, String path, String partial) {
        static Optional<CompletionRequest> at(String text, int caret) {
            String before = text.substring(0, caret);
            int start = before.length();
            while (start > 0 && isNamePart(before.charAt(start - 1))) {
                start--;
            }
            String partial = before.substring(start);
            if (start > 0 && before.charAt(start - 1) == '.') {
                return pathBefore(before, start - 1).map(path -> new CompletionRequest(text, caret, path, partial));
            }
            if (!partial.isEmpty() && Character.isJavaIdentifierStart(partial.charAt(0))) {
                return Optional.of(new CompletionRequest(text, caret, "", partial));
            }
            return Optional.empty();
        }

        /** The names and calls joined by dots that end at the dot {@code text.charAt(dot)}, read backwards. */
        private static Optional<String> pathBefore(String text, int dot) {
            List<String> parts = new ArrayList<>();
            int i = dot;
            while (true) {
                boolean call = i > 0 && text.charAt(i - 1) == ')';
                if (call) {
                    i = openingParenthesis(text, i - 1);
                    if (i < 0) {
                        return Optional.empty();
                    }
                }
                int end = i;
                while (i > 0 && isNamePart(text.charAt(i - 1))) {
                    i--;
                }
                if (i == end || !Character.isJavaIdentifierStart(text.charAt(i))) {
                    return Optional.empty();
                }
                parts.add(0, text.substring(i, end) + (call ? "()" : ""));
                if (i == 0 || text.charAt(i - 1) != '.') {
                    return Optional.of(String.join(".", parts));
                }
                i--;
            }
        }

        /** Where the parenthesis closed at {@code close} opens, quoted text skipped; -1 when it does not. */
        private static int openingParenthesis(String text, int close) {
            int depth = 0;
            for (int i = close; i >= 0; i--) {
                char c = text.charAt(i);
                if (c == '\'' || c == '"' || c == '`') {
                    i = text.lastIndexOf(c, i - 1);
                    if (i < 0) {
                        return -1;
                    }
                } else if (c == ')' || c == ']' || c == '}') {
                    depth++;
                } else if (c == '(' || c == '[' || c == '{') {
                    depth--;
                    if (depth == 0) {
                        return c == '(' ? i : -1;
                    }
                }
            }
            return -1;
        }

        private static boolean isNamePart(char c) {
            return Character.isJavaIdentifierPart(c) && c != '\u0000';
        }
    }

    /** On the script thread. */
    private ShellEngine engine() {
        if (engine == null) {
            engine = new ShellEngine(commands, text -> print(Kind.OUTPUT, text), nanoClock, LAYOUT_WIDTH, LAYOUT_WIDTH);
        }
        return engine;
    }

    /** From the script thread: queues a printed block; the JavaFX thread takes all queued blocks at once. */
    private void print(Kind kind, String text) {
        String kept = text.length() <= ENTRY_CHAR_LIMIT
                ? text
                : text.substring(0, ENTRY_CHAR_LIMIT)
                        + "\n"
                        + this.text.now("console.notShown", text.length() - ENTRY_CHAR_LIMIT);
        printed.add(new Entry(kind, kept));
        if (drainQueued.compareAndSet(false, true)) {
            uiThread.execute(this::drain);
        }
    }

    private void drain() {
        drainQueued.set(false);
        List<Entry> batch = new ArrayList<>();
        for (Entry e = printed.poll(); e != null; e = printed.poll()) {
            batch.add(e);
        }
        if (batch.size() > TRANSCRIPT_LIMIT) {
            batch = batch.subList(batch.size() - TRANSCRIPT_LIMIT, batch.size());
        }
        transcript.addAll(batch);
        trimTranscript();
    }

    private void trimTranscript() {
        if (transcript.size() > TRANSCRIPT_LIMIT) {
            transcript.remove(0, transcript.size() - TRANSCRIPT_LIMIT);
        }
    }

    /** The input being typed (the view's input field is bound to it both ways). */
    public StringProperty inputProperty() {
        return input;
    }

    /** mongosh's prompt, e.g. {@code [direct: mongos] test> }: the database {@code db} stands for. */
    public ReadOnlyStringProperty promptProperty() {
        return prompt.getReadOnlyProperty();
    }

    /** Whether an input runs now. */
    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** Where the view puts the input's caret after the input was replaced (history, completion). */
    public ReadOnlyIntegerProperty caretProperty() {
        return caret.getReadOnlyProperty();
    }

    /** Inputs, printed blocks and error lines, oldest first. */
    public ObservableList<Entry> transcript() {
        return transcriptView;
    }
}
