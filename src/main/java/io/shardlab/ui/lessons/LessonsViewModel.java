package io.shardlab.ui.lessons;

import io.shardlab.cluster.ReleaseRules;
import io.shardlab.session.Scenario;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.ui.explorer.ScenarioLauncher;
import io.shardlab.ui.text.UiText;
import io.shardlab.workload.StreamStep;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.FXCollections;

/**
 * The lessons panel's state and verbs: which lesson is open, the texts it shows, which of its
 * scenarios is on show (the lesson's own or a follow-up), the query to show with it, and starting a
 * scenario in the explorer. Holds no nodes; {@link LessonsView} binds to it.
 *
 * <p>The panel speaks the window's language ({@link UiText}): the lessons are the catalog's in that language, and
 * switching it re-shows the open lesson, the follow-up and query on show, and the status line in the new one.
 *
 * <p>Invariant: a lesson is always open (the first one to begin with), and the shown scenario is
 * that lesson's scenario or one of its follow-ups.
 */
public final class LessonsViewModel {

    private final UiText text;
    /** The lessons in each language, loaded when first spoken: the same ids in the same order. */
    private final Function<Language, List<Lesson>> lessonsIn;

    private final Map<Language, List<Lesson>> loaded = new EnumMap<>(Language.class);
    /**
     * What the status line says, made from the open lesson as it is now (its follow-ups' and steps' labels in the
     * language of the moment); null while the line is empty.
     */
    private Supplier<Message> statusMessage;

    private final ScenarioLauncher launcher;
    private final Runnable togglePresenterMode;
    /** The scenario last started in the explorer; null before. */
    private LessonScenario running;

    private final ReadOnlyListWrapper<Lesson> lessons =
            new ReadOnlyListWrapper<>(this, "lessons", FXCollections.observableArrayList());
    private final ReadOnlyIntegerWrapper selectedIndex = new ReadOnlyIntegerWrapper(this, "selectedIndex", -1);
    private final ReadOnlyObjectWrapper<Lesson> selectedLesson = new ReadOnlyObjectWrapper<>(this, "selectedLesson");
    private final ReadOnlyStringWrapper position = new ReadOnlyStringWrapper(this, "position");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title");
    private final ReadOnlyStringWrapper principle = new ReadOnlyStringWrapper(this, "principle");
    private final ReadOnlyListWrapper<String> watch =
            new ReadOnlyListWrapper<>(this, "watch", FXCollections.observableArrayList());
    private final ReadOnlyStringWrapper askTheRoom = new ReadOnlyStringWrapper(this, "askTheRoom");
    private final ReadOnlyListWrapper<FollowUp> followUps =
            new ReadOnlyListWrapper<>(this, "followUps", FXCollections.observableArrayList());
    private final ReadOnlyListWrapper<ShellStep> shellSteps =
            new ReadOnlyListWrapper<>(this, "shellSteps", FXCollections.observableArrayList());
    private final ReadOnlyBooleanWrapper shellOffered = new ReadOnlyBooleanWrapper(this, "shellOffered", false);
    /** Types a step's snippet into the Shell panel and runs it; null until {@link #offerShell}. */
    private Consumer<ShellStep> shell;
    /** Whether the Shell panel is running something; false until {@link #offerShell}. */
    private ObservableBooleanValue shellRunning = new ReadOnlyBooleanWrapper(false);
    /** The status "running a step in the shell" while that step runs, so its end can replace it; else null. */
    private Supplier<Message> stepRunningStatus;
    /** The status to say when the step of {@link #stepRunningStatus} has finished. */
    private Supplier<Message> stepRanStatus;

    private final ReadOnlyObjectWrapper<LessonScenario> shownScenario =
            new ReadOnlyObjectWrapper<>(this, "shownScenario");
    private final ReadOnlyObjectWrapper<FollowUp> shownFollowUp = new ReadOnlyObjectWrapper<>(this, "shownFollowUp");
    private final ReadOnlyStringWrapper scenarioSummary = new ReadOnlyStringWrapper(this, "scenarioSummary");
    private final ReadOnlyStringWrapper whyTheseSettings = new ReadOnlyStringWrapper(this, "whyTheseSettings");
    private final ReadOnlyListWrapper<LessonQuery> queries =
            new ReadOnlyListWrapper<>(this, "queries", FXCollections.observableArrayList());
    private final ReadOnlyObjectWrapper<LessonQuery> selectedQuery = new ReadOnlyObjectWrapper<>(this, "selectedQuery");
    private final ReadOnlyBooleanWrapper hasPrevious = new ReadOnlyBooleanWrapper(this, "hasPrevious");
    private final ReadOnlyBooleanWrapper hasNext = new ReadOnlyBooleanWrapper(this, "hasNext");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyBooleanWrapper launchFailed = new ReadOnlyBooleanWrapper(this, "launchFailed");
    private final ReadOnlyBooleanWrapper presenterMode = new ReadOnlyBooleanWrapper(this, "presenterMode");

    /**
     * Opens the first lesson, in English.
     *
     * @param lessons the lessons in teaching order, not empty
     * @param launcher loads a scenario into the explorer
     * @param presenterMode the window's presenter switch (View → Presenter mode)
     * @param togglePresenterMode flips that switch
     */
    public LessonsViewModel(
            List<Lesson> lessons,
            ScenarioLauncher launcher,
            ObservableBooleanValue presenterMode,
            Runnable togglePresenterMode) {
        this(new UiText(Language.ENGLISH), language -> lessons, launcher, presenterMode, togglePresenterMode);
    }

    /**
     * Opens the first lesson, in {@code text}'s language, and follows its switches.
     *
     * @param text the window's words and language
     * @param lessonsIn the lessons in teaching order in a language, not empty, the same ids in every language
     *     (e.g. {@code language -> LessonCatalog.load(workloads, language).lessons()}); asked once per language
     * @param launcher loads a scenario into the explorer
     * @param presenterMode the window's presenter switch (View → Presenter mode)
     * @param togglePresenterMode flips that switch
     */
    public LessonsViewModel(
            UiText text,
            Function<Language, List<Lesson>> lessonsIn,
            ScenarioLauncher launcher,
            ObservableBooleanValue presenterMode,
            Runnable togglePresenterMode) {
        this.text = Objects.requireNonNull(text, "text");
        this.lessonsIn = Objects.requireNonNull(lessonsIn, "lessonsIn");
        this.launcher = Objects.requireNonNull(launcher, "launcher");
        this.togglePresenterMode = Objects.requireNonNull(togglePresenterMode, "togglePresenterMode");
        this.presenterMode.bind(Objects.requireNonNull(presenterMode, "presenterMode"));
        this.lessons.setAll(lessonsIn(text.language().get()));
        selectLesson(0);
        text.language().addListener((obs, was, now) -> speak(now));
    }

    private List<Lesson> lessonsIn(Language language) {
        List<Lesson> in = loaded.computeIfAbsent(language, lessonsIn);
        Objects.requireNonNull(in, "lessons");
        if (in.isEmpty()) {
            throw new IllegalArgumentException(
                    "lessons: at least one lesson is required"); // untranslated: a developer's contract
        }
        return in;
    }

    /**
     * Re-shows everything in {@code language}: the open lesson, the follow-up and query on show, and the status;
     * the scenario running in the explorer stays the one running.
     */
    private void speak(Language language) {
        List<Lesson> before = List.copyOf(lessons);
        List<Lesson> after = lessonsIn(language);
        if (after.size() != before.size()) {
            throw new IllegalStateException(String.format(
                    "lessons: %s in %s but %s before the switch", // untranslated: a developer's contract
                    after.size(), language.tag(), before.size()));
        }
        int index = selectedIndex.get();
        int followUp = followUps.indexOf(shownFollowUp.get());
        int query = queries.indexOf(selectedQuery.get());
        running = running == null ? null : sameScenarioIn(before, after, running);
        lessons.setAll(after);
        showLesson(index);
        if (followUp >= 0) {
            FollowUp shown = followUps.get(followUp);
            show(shown.scenario(), shown);
        }
        if (query >= 0) {
            selectedQuery.set(queries.get(query));
        }
        sayStatus();
    }

    /** The scenario of {@code after} at the place {@code scenario} has in {@code before}. */
    private static LessonScenario sameScenarioIn(List<Lesson> before, List<Lesson> after, LessonScenario scenario) {
        for (int i = 0; i < before.size(); i++) {
            if (before.get(i).scenario() == scenario) {
                return after.get(i).scenario();
            }
            List<FollowUp> followUps = before.get(i).followUps();
            for (int j = 0; j < followUps.size(); j++) {
                if (followUps.get(j).scenario() == scenario) {
                    return after.get(i).followUps().get(j).scenario();
                }
            }
        }
        return null;
    }

    // ---- choosing a lesson ----

    /**
     * Opens the lesson at {@code index} (0-based) and shows its own scenario.
     *
     * @throws IndexOutOfBoundsException if there is no such lesson
     */
    public void selectLesson(int index) {
        showLesson(index);
        clearStatus();
    }

    private void showLesson(int index) {
        Objects.checkIndex(index, lessons.size());
        Lesson lesson = lessons.get(index);
        selectedIndex.set(index);
        selectedLesson.set(lesson);
        position.set(text.now("lessons.position", index + 1, lessons.size()));
        title.set(lesson.title());
        principle.set(lesson.principle());
        watch.setAll(lesson.watch());
        askTheRoom.set(lesson.askTheRoom());
        followUps.setAll(lesson.followUps());
        shellSteps.setAll(lesson.shellSteps());
        hasPrevious.set(index > 0);
        hasNext.set(index < lessons.size() - 1);
        show(lesson.scenario(), null);
    }

    /**
     * Opens the lesson with {@code id}.
     *
     * @throws IllegalArgumentException naming the id when there is no such lesson
     */
    public void selectLesson(String id) {
        for (int i = 0; i < lessons.size(); i++) {
            if (lessons.get(i).id().equals(id)) {
                selectLesson(i);
                return;
            }
        }
        throw new IllegalArgumentException(String.format(
                "id: no lesson '%s'", // untranslated: a developer's contract (the shipped lessons, the view's choices)
                id));
    }

    /** Opens the next lesson; does nothing on the last one. */
    public void nextLesson() {
        if (hasNext.get()) {
            selectLesson(selectedIndex.get() + 1);
        }
    }

    /** Opens the previous lesson; does nothing on the first one. */
    public void previousLesson() {
        if (hasPrevious.get()) {
            selectLesson(selectedIndex.get() - 1);
        }
    }

    // ---- scenarios ----

    /**
     * Chooses the filter whose targeting the explorer shows; null for none. While the shown scenario runs in the
     * explorer, the explorer shows it at once; otherwise when the scenario starts.
     *
     * @throws IllegalArgumentException if {@code query} is not one of the shown scenario's queries
     */
    public void selectQuery(LessonQuery query) {
        if (query != null && !queries.contains(query)) {
            throw new IllegalArgumentException(String.format(
                    "query: '%s' is not a query of the shown scenario", // untranslated: a developer's contract
                    query.label()));
        }
        selectedQuery.set(query);
        if (running != null && running == shownScenario.get()) {
            launcher.showQuery(Optional.ofNullable(query).map(LessonQuery::filter));
        }
    }

    /** Shows the open lesson's own scenario and starts it in the explorer with the chosen query. */
    public void startScenario() {
        Lesson lesson = selectedLesson.get();
        if (shownFollowUp.get() != null) {
            show(lesson.scenario(), null);
        }
        launch(lesson.scenario(), () -> Message.of("lessons.what.scenario"));
    }

    /**
     * Shows the follow-up at {@code index} of the open lesson and plays it side by side with the lesson's own
     * scenario, in lockstep ({@link ScenarioLauncher#compare}); a follow-up that changes the pace cannot play
     * in lockstep and starts alone.
     *
     * @throws IndexOutOfBoundsException if the lesson has no such follow-up
     */
    public void startFollowUp(int index) {
        FollowUp followUp = followUps.get(Objects.checkIndex(index, followUps.size()));
        LessonScenario own = selectedLesson.get().scenario();
        if (own.base().lockstepDifference(followUp.scenario().base()).isPresent()) {
            runFollowUpAlone(index);
            return;
        }
        if (shownFollowUp.get() != followUp) {
            show(followUp.scenario(), followUp);
        }
        // the comparison shows no query targeting: both sides keep every shard's colour
        try {
            launcher.compare(
                    Message.of("common.verbatim", followUp.label()),
                    own.base(),
                    followUp.scenario().base());
        } catch (IllegalArgumentException e) {
            launchFailed.set(true);
            String problem = e.getMessage();
            say(() -> Message.of(
                    "lessons.status.compareFailed", followUps.get(index).label(), problem));
            return;
        }
        running = null;
        launchFailed.set(false);
        say(() -> Message.of("lessons.status.comparing", followUps.get(index).label()));
    }

    /**
     * Shows the follow-up at {@code index} of the open lesson and starts it alone in the explorer.
     *
     * @throws IndexOutOfBoundsException if the lesson has no such follow-up
     */
    public void runFollowUpAlone(int index) {
        FollowUp followUp = followUps.get(Objects.checkIndex(index, followUps.size()));
        if (shownFollowUp.get() != followUp) {
            show(followUp.scenario(), followUp);
        }
        launch(
                followUp.scenario(),
                () -> Message.of("lessons.what.followUp", followUps.get(index).label()));
    }

    // ---- shell steps ----

    /**
     * Lets the lessons' "Run in shell" steps reach the Shell panel: {@code runInShell} shows the panel,
     * types the step's snippet into it and runs it (with its progress, and its restore snippet if it stops early);
     * {@code running} is whether the panel is running something, so the status line says when a step has finished.
     */
    public void offerShell(Consumer<ShellStep> runInShell, ObservableBooleanValue running) {
        shell = Objects.requireNonNull(runInShell, "runInShell");
        shellRunning = Objects.requireNonNull(running, "running");
        running.addListener((o, was, now) -> {
            if (!now) {
                stepFinished();
            }
        });
        shellOffered.set(true);
    }

    /** The step run in the shell has finished: its status says so unless another has replaced it since. */
    private void stepFinished() {
        if (stepRunningStatus != null && statusMessage == stepRunningStatus) {
            say(stepRanStatus);
        }
        stepRunningStatus = null;
        stepRanStatus = null;
    }

    /**
     * Runs the open lesson's shell step at {@code index} in the Shell panel, on the scenario the lesson
     * shows: when the explorer is not running it (nor one of its follow-ups), the lesson's scenario starts
     * first, and the snippet's commands run once it is built.
     *
     * @throws IndexOutOfBoundsException if the lesson has no such step
     */
    public void runInShell(int index) {
        ShellStep step = shellSteps.get(Objects.checkIndex(index, shellSteps.size()));
        if (shell == null) {
            return;
        }
        if (running == null || running != shownScenario.get()) {
            startScenario();
            if (launchFailed.get()) {
                return;
            }
        }
        if (shellRunning.get()) {
            shell.accept(step); // the Shell panel says it is busy
            return;
        }
        Supplier<Message> runningStatus = () -> Message.of(
                "lessons.status.runningInShell", shellSteps.get(index).label());
        stepRunningStatus = runningStatus;
        stepRanStatus = () ->
                Message.of("lessons.status.ranInShell", shellSteps.get(index).label());
        launchFailed.set(false);
        say(runningStatus);
        shell.accept(step);
        if (!shellRunning.get()) {
            stepFinished(); // it ran at once
        }
    }

    private void show(LessonScenario scenario, FollowUp followUp) {
        shownFollowUp.set(followUp);
        shownScenario.set(scenario);
        scenarioSummary.set(summary(text.messages(), scenario.base()));
        whyTheseSettings.set(scenario.whyTheseSettings());
        queries.setAll(scenario.queries());
        // no query until the teacher picks one: a query dims the shards it does not reach, and while a stream
        // plays every shard's colour should show
        selectedQuery.set(null);
    }

    private void launch(LessonScenario scenario, Supplier<Message> what) {
        Scenario explorerScenario = scenario.toScenario(Optional.ofNullable(selectedQuery.get()));
        try {
            launcher.launch(explorerScenario);
        } catch (IllegalArgumentException e) {
            launchFailed.set(true);
            String problem = e.getMessage();
            say(() -> Message.of("lessons.status.startFailed", what.get(), problem));
            return;
        }
        running = scenario;
        launchFailed.set(false);
        say(() -> Message.of("lessons.status.running", what.get()));
    }

    /** Puts {@code message} on the status line, in the language of now and again after a switch. */
    private void say(Supplier<Message> message) {
        statusMessage = message;
        sayStatus();
    }

    private void sayStatus() {
        Message message = statusMessage == null ? null : statusMessage.get();
        status.set(
                message == null
                        ? ""
                        : text.now(message.key(), message.arguments().toArray()));
    }

    private void clearStatus() {
        launchFailed.set(false);
        statusMessage = null;
        status.set("");
    }

    /**
     * E.g. {@code "MongoDB 5.0 · 3 shards · { counter: 1 } · 1 MB chunks · monotonic: 200,000 documents
     * at 2,000/s"}, with {@code " · pre-split at 1,440 points"} when the scenario pre-splits and
     * {@code " · after 150,000 documents: sh.addShard(…)"} for each step it runs while the stream plays.
     */
    static String summary(Scenario s) {
        return summary(Messages.of(Language.ENGLISH), s);
    }

    /** {@link #summary(Scenario)} in the words of {@code words}. */
    static String summary(Messages words, Scenario s) {
        Message chunks = s.chunkSizeMegabytes() > 0
                ? Message.of("lessons.summary.chunks", s.chunkSizeMegabytes())
                : Message.of(
                        "lessons.summary.chunks.default",
                        Math.round(ReleaseRules.of(s.version()).defaultChunkSizeBytes() / (1024.0 * 1024.0)));
        StringBuilder summary = new StringBuilder(words.text(
                "lessons.summary",
                s.version(),
                Message.of("lessons.summary.shards", s.shards()),
                s.keyPattern(),
                chunks,
                s.workload(),
                s.documents(),
                // rounded half up, as the English summary always was
                Math.round(s.docsPerSecond())));
        if (!s.splitPoints().isEmpty()) {
            summary.append(" · ")
                    .append(words.text(
                            "lessons.summary.presplit", s.splitPoints().size()));
        }
        for (StreamStep step : s.steps()) {
            summary.append(" · ")
                    .append(words.text(
                            "lessons.summary.step",
                            step.afterDocuments(),
                            step.command().mongoshCommand()));
        }
        return summary.toString();
    }

    // ---- presenter mode ----

    /** Flips the window's presenter mode (large type, high contrast). */
    public void togglePresenterMode() {
        togglePresenterMode.run();
    }

    // ---- properties ----

    /** The lessons in teaching order. */
    public ReadOnlyListProperty<Lesson> lessonsProperty() {
        return lessons.getReadOnlyProperty();
    }

    /** The open lesson's index, 0-based. */
    public ReadOnlyIntegerProperty selectedIndexProperty() {
        return selectedIndex.getReadOnlyProperty();
    }

    /** The open lesson. */
    public ReadOnlyObjectProperty<Lesson> selectedLessonProperty() {
        return selectedLesson.getReadOnlyProperty();
    }

    /** E.g. {@code "Lesson 3 of 9"}, in the window's language. */
    public ReadOnlyStringProperty positionProperty() {
        return position.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty principleProperty() {
        return principle.getReadOnlyProperty();
    }

    /** What to watch while the scenario runs, in order. */
    public ReadOnlyListProperty<String> watchProperty() {
        return watch.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty askTheRoomProperty() {
        return askTheRoom.getReadOnlyProperty();
    }

    /** The open lesson's follow-ups, one button each. */
    public ReadOnlyListProperty<FollowUp> followUpsProperty() {
        return followUps.getReadOnlyProperty();
    }

    /** The scenario whose settings and queries the panel shows: the lesson's own or a follow-up's. */
    public ReadOnlyListProperty<ShellStep> shellStepsProperty() {
        return shellSteps.getReadOnlyProperty();
    }

    /** Whether "Run in shell" can reach a Shell panel (the application offers one; a bare panel does not). */
    public ReadOnlyBooleanProperty shellOfferedProperty() {
        return shellOffered.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<LessonScenario> shownScenarioProperty() {
        return shownScenario.getReadOnlyProperty();
    }

    /** The follow-up on show, null while the lesson's own scenario is. */
    public ReadOnlyObjectProperty<FollowUp> shownFollowUpProperty() {
        return shownFollowUp.getReadOnlyProperty();
    }

    /** One line: version, shards, key, chunk size, workload and pace of the shown scenario. */
    public ReadOnlyStringProperty scenarioSummaryProperty() {
        return scenarioSummary.getReadOnlyProperty();
    }

    /** Why the shown scenario runs on its MongoDB version and chunk size. */
    public ReadOnlyStringProperty whyTheseSettingsProperty() {
        return whyTheseSettings.getReadOnlyProperty();
    }

    /** The shown scenario's queries to try. */
    public ReadOnlyListProperty<LessonQuery> queriesProperty() {
        return queries.getReadOnlyProperty();
    }

    /** The query whose targeting the explorer shows when a scenario starts; null for none. */
    public ReadOnlyObjectProperty<LessonQuery> selectedQueryProperty() {
        return selectedQuery.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty hasPreviousProperty() {
        return hasPrevious.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty hasNextProperty() {
        return hasNext.getReadOnlyProperty();
    }

    /** What happened to the last start: running, or why it could not start; empty before any. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** True when the last start was refused. */
    public ReadOnlyBooleanProperty launchFailedProperty() {
        return launchFailed.getReadOnlyProperty();
    }

    /** The window's presenter mode. */
    public ReadOnlyBooleanProperty presenterModeProperty() {
        return presenterMode.getReadOnlyProperty();
    }
}
