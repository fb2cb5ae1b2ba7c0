package io.shardlab.ui.explorer.setup;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.session.CollectionSummary;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.session.Scenario;
import io.shardlab.sim.ShardingSetup;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.Workload;
import io.shardlab.workload.WorkloadRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import javafx.beans.Observable;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The explorer's setup form: the shard key (validated as it is typed, with MongoDB's messages), the
 * workload, shard count, chunk size, MongoDB version, pace, and the zones and initial-split options
 * set before sharding ({@link #zoneSetup()}). Its fields are plain writable
 * properties the form binds to; {@link #apply()} turns them into a {@link Scenario} for the launcher.
 */
public final class SetupViewModel {

    /** Chunk sizes the form offers, in MB; 0 is the version's default. */
    public static final List<Integer> CHUNK_SIZES_MB = List.of(0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024);
    /** Paces the form offers, in documents per simulated second. */
    public static final List<Integer> PACES = List.of(100, 500, 1_000, 2_000, 5_000, 10_000, 50_000);

    /**
     * One entry of the workload menu.
     *
     * @param id the scenario's {@code workload}: a registry name or {@code file:} and a path
     * @param label what the menu shows: a built-in workload's name as it is, a file's "replay" and its name
     * @param description one line about the documents
     * @param suggestedKey the key its lesson uses, if any
     * @param fields the documents' top-level fields, when known
     * @param words the description as words for the window's language (a built-in workload's; none for a file)
     */
    public record WorkloadChoice(
            String id,
            Message label,
            String description,
            Optional<String> suggestedKey,
            List<String> fields,
            Optional<Message> words) {

        private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

        static WorkloadChoice of(Workload w) {
            return new WorkloadChoice(
                    w.name(),
                    Message.of("common.verbatim", w.name()),
                    w.description(),
                    Optional.of(w.suggestedKey().toString()),
                    w.fields(),
                    Optional.of(w.descriptionMessage()));
        }

        static WorkloadChoice dataset(Path file) {
            Path name = file.getFileName();
            Message description = Message.of("explorer.setup.dataset.description", file.toString());
            return new WorkloadChoice(
                    Scenario.DATASET_PREFIX + file,
                    Message.of("explorer.setup.dataset.label", String.valueOf(name == null ? file : name)),
                    ENGLISH.text(description),
                    Optional.empty(),
                    List.of(),
                    Optional.of(description));
        }

        @Override
        public String toString() {
            return ENGLISH.text(label);
        }
    }

    private final Consumer<Scenario> launcher;
    private final WorkloadRegistry registry;
    private final ReadOnlyListWrapper<WorkloadChoice> workloads =
            new ReadOnlyListWrapper<>(this, "workloads", FXCollections.observableArrayList());
    private final ObjectProperty<WorkloadChoice> workload = new SimpleObjectProperty<>(this, "workload");
    private final StringProperty keyPattern = new SimpleStringProperty(this, "keyPattern", "");
    private final ReadOnlyObjectWrapper<Message> keyError = new ReadOnlyObjectWrapper<>(this, "keyError");
    private final ReadOnlyObjectWrapper<Message> clientCollection =
            new ReadOnlyObjectWrapper<>(this, "clientCollection");
    private final ReadOnlyObjectWrapper<Message> keyHint = new ReadOnlyObjectWrapper<>(this, "keyHint");
    private final IntegerProperty shards = new SimpleIntegerProperty(this, "shards", 3);
    private final ObjectProperty<MongoVersion> version =
            new SimpleObjectProperty<>(this, "version", MongoVersion.DEFAULT);
    /** The picker's releases; a forked layout's own patch release joins them so the picker can name it. */
    private final ObservableList<MongoVersion> versions = FXCollections.observableArrayList(ReleaseRules.choices());

    private final IntegerProperty chunkSizeMegabytes = new SimpleIntegerProperty(this, "chunkSizeMegabytes", 0);
    private final IntegerProperty docsPerSecond =
            new SimpleIntegerProperty(this, "docsPerSecond", (int) Scenario.DEFAULT_DOCS_PER_SECOND);
    private final ObjectProperty<ShardingSetup> sharding =
            new SimpleObjectProperty<>(this, "sharding", ShardingSetup.NONE);
    private final ReadOnlyBooleanWrapper valid = new ReadOnlyBooleanWrapper(this, "valid");
    private final ReadOnlyObjectWrapper<Message> error = new ReadOnlyObjectWrapper<>(this, "error");
    /** The paces the picker offers: {@link #PACES} and the pace filled in when it is none of them (a lesson's). */
    private final ObservableList<Integer> paces = FXCollections.observableArrayList(PACES);
    /** The chunk sizes the picker offers: {@link #CHUNK_SIZES_MB} and one filled in that is none of them. */
    private final ObservableList<Integer> chunkSizes = FXCollections.observableArrayList(CHUNK_SIZES_MB);

    private final ReadOnlyObjectWrapper<Message> summary = new ReadOnlyObjectWrapper<>(this, "summary");
    private final IntegerProperty clusterShards = new SimpleIntegerProperty(this, "clusterShards", -1);
    private Scenario base = Scenario.of("{ counter: 1 }", "monotonic");

    /**
     * @param registry the workloads the menu lists, in order
     * @param launcher loads a scenario (the explorer); throws IllegalArgumentException when it cannot
     */
    public SetupViewModel(WorkloadRegistry registry, Consumer<Scenario> launcher) {
        this.launcher = Objects.requireNonNull(launcher, "launcher");
        this.registry = Objects.requireNonNull(registry, "registry");
        for (Workload w : registry.all()) {
            workloads.add(WorkloadChoice.of(w));
        }
        keyPattern.addListener((obs, was, now) -> validate());
        workload.addListener((obs, was, now) -> validate());
        shards.addListener((obs, was, now) -> validate());
        workload.set(workloads.get(0));
        keyPattern.set(workloads.get(0).suggestedKey().orElse(""));
        validate();
        for (Observable field : List.of(
                workload, keyPattern, shards, version, chunkSizeMegabytes, docsPerSecond, sharding, clusterShards)) {
            field.addListener(changed -> summarise());
        }
        docsPerSecond.addListener((obs, was, now) -> offer(paces, now.intValue()));
        chunkSizeMegabytes.addListener((obs, was, now) -> offer(chunkSizes, now.intValue()));
        summarise();
    }

    /** Adds {@code value} to {@code choices}, in order, when it is not one of them. */
    private static void offer(ObservableList<Integer> choices, int value) {
        if (!choices.contains(value)) {
            // one insertion at its sorted place: a sort's permutation makes a ComboBox re-select by index and write
            // the pace it then shows (2,000) back over the lesson's 4,000
            int at = 0;
            while (at < choices.size() && choices.get(at) < value) {
                at++;
            }
            choices.add(at, value);
        }
    }

    private void summarise() {
        WorkloadChoice w = workload.get();
        Object workloadName = w == null ? Message.of("explorer.setup.noWorkload") : w.label();
        Object[] arguments = {
            workloadName,
            keyPattern.get().strip(),
            shardsLabel(),
            chunkSizeShortLabel(chunkSizeMegabytes.get()),
            versionLabel(version.get()),
            paceLabel(docsPerSecond.get()),
            zonesLabel(sharding.get())
        };
        summary.set(
                sharding.get().equals(ShardingSetup.NONE)
                        ? Message.of("explorer.setup.summary", arguments)
                        : Message.of("explorer.setup.summary.zones", arguments));
    }

    /**
     * The set-up's shards, and the cluster's count beside it once the cluster on show has another (a shard the Shell
     * added or removed): the folded summary then says what the status bar says.
     */
    private Message shardsLabel() {
        int now = clusterShards.get();
        return now < 0 || now == shards.get()
                ? Message.of("explorer.setup.summary.shards", shards.get())
                : Message.of("explorer.setup.summary.shardsNow", now, shards.get());
    }

    /**
     * How many shards the cluster on show has now ({@code -1}: none on show), which the summary tells beside the
     * set-up's when they differ.
     */
    public void showClusterShards(int count) {
        clusterShards.set(count);
    }

    private void validate() {
        Message message = null;
        Message hint = null;
        try {
            ShardKeyPattern key = ResolvedScenario.parseKey(keyPattern.get());
            WorkloadChoice w = workload.get();
            if (w != null && !w.fields().isEmpty()) {
                List<String> missing = new ArrayList<>();
                for (var f : key.fields()) {
                    String top = f.path().split("\\.", 2)[0];
                    if (!w.fields().contains(top)) {
                        missing.add(f.path());
                    }
                }
                if (!missing.isEmpty()) {
                    message = Message.of(
                            "explorer.setup.key.missingFields",
                            w.label(),
                            String.join(", ", missing),
                            String.join(", ", w.fields()));
                }
            }
            if (message == null) {
                hint = describe(key);
            }
        } catch (IllegalArgumentException e) {
            // MongoDB's own text, as the server would answer shardCollection
            message = Message.of("explorer.setup.key.refused", e.getMessage().replaceFirst("^keyPattern: ", ""));
        }
        keyError.set(message);
        keyHint.set(hint);
        valid.set(message == null && shards.get() >= 1 && shards.get() <= Scenario.MAX_SHARDS);
    }

    private static Message describe(ShardKeyPattern key) {
        if (key.hasHashedPrefix()) {
            return Message.of("explorer.setup.key.hashed");
        }
        if (key.isHashed()) {
            return Message.of("explorer.setup.key.compoundHashed");
        }
        return Message.of(key.arity() == 1 ? "explorer.setup.key.ranged" : "explorer.setup.key.compoundRanged");
    }

    // ---- fields ----------------------------------------------------------------------------------

    /** The workload menu's entries. */
    public ReadOnlyListProperty<WorkloadChoice> workloadsProperty() {
        return workloads.getReadOnlyProperty();
    }

    /** The chosen workload. */
    public ObjectProperty<WorkloadChoice> workloadProperty() {
        return workload;
    }

    /** The shard key pattern as typed, e.g. {@code { counter: 1 }}. */
    public StringProperty keyPatternProperty() {
        return keyPattern;
    }

    /** Why the key cannot be used (MongoDB's message, or a field the documents lack); null when it can. */
    public ReadOnlyObjectProperty<Message> keyErrorProperty() {
        return keyError.getReadOnlyProperty();
    }

    /** What kind of key it is, when valid; null otherwise. */
    public ReadOnlyObjectProperty<Message> keyHintProperty() {
        return keyHint.getReadOnlyProperty();
    }

    /** Number of shards, 1 to 16. */
    public IntegerProperty shardsProperty() {
        return shards;
    }

    /** The MongoDB version whose rules apply. */
    public ObjectProperty<MongoVersion> versionProperty() {
        return version;
    }

    /**
     * The releases the picker offers, oldest first: every release line the simulator models and the patch
     * before each patch-level switch (6.0.2 keeps auto-split and chunk-count balancing).
     */
    public ObservableList<MongoVersion> versions() {
        return versions;
    }

    /** The picker's one line for {@code version}: what changes in that release. */
    public String versionSummary(MongoVersion version) {
        return ReleaseRules.summary(version);
    }

    /** How a release reads in the picker: {@code "MongoDB 6.0"}, {@code "MongoDB 6.0.2"}. */
    public Message versionLabel(MongoVersion version) {
        return Message.of("explorer.setup.version", version.toString());
    }

    /** The maximum chunk size in MB; 0 for the version's default. */
    public IntegerProperty chunkSizeMegabytesProperty() {
        return chunkSizeMegabytes;
    }

    /** How a chunk size reads in the menu: {@code "default (128 MB)"} or {@code "64 MB"}. */
    public Message chunkSizeLabel(int megabytes) {
        if (megabytes == 0) {
            return Message.of(
                    "explorer.setup.chunkSize.default",
                    ReleaseRules.of(version.get()).defaultChunkSizeBytes() / (1024 * 1024));
        }
        return Message.of("explorer.setup.chunkSize", megabytes);
    }

    /** {@code 128 MB}: as {@link #chunkSizeLabel}, the default named by its size only (the closed picker). */
    public Message chunkSizeShortLabel(int megabytes) {
        return megabytes == 0
                ? Message.of(
                        "explorer.setup.chunkSize",
                        ReleaseRules.of(version.get()).defaultChunkSizeBytes() / (1024 * 1024))
                : chunkSizeLabel(megabytes);
    }

    /** Documents per simulated second. */
    public IntegerProperty docsPerSecondProperty() {
        return docsPerSecond;
    }

    /**
     * The paces the picker offers, slowest first: {@link #PACES} and any pace a scenario filled in (a lesson's
     * 4,000 docs/s), so the closed picker always names the pace that plays.
     */
    public ObservableList<Integer> paces() {
        return paces;
    }

    /** The chunk sizes the picker offers: {@link #CHUNK_SIZES_MB} and any size a scenario filled in. */
    public ObservableList<Integer> chunkSizes() {
        return chunkSizes;
    }

    /**
     * The form in one line, as presenter mode shows it folded: {@code "monotonic · { counter: 1 } · 3 shards · 1 MB
     * chunks · MongoDB 8.0 · 2,000 docs/s"}, and the zones when set.
     */
    public ReadOnlyObjectProperty<Message> summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** How a pace reads in the menu: {@code "2,000 docs/s"}. */
    public static Message paceLabel(int docsPerSecond) {
        return Message.of("explorer.setup.pace", docsPerSecond);
    }

    /**
     * The zones and initial-split options set before {@code shardCollection}; {@link ShardingSetup#NONE}
     * for shardCollection's defaults. Edited in the form {@link #zoneSetup()} opens.
     */
    public ReadOnlyObjectProperty<ShardingSetup> shardingProperty() {
        return sharding;
    }

    /** How the Zones button reads: {@code "Zones…"}, or what is set, e.g. {@code "Zones: EU, US"}. */
    public static Message zonesLabel(ShardingSetup setup) {
        List<Object> parts = new ArrayList<>(setup.zones());
        if (setup.numInitialChunks() != 0) {
            parts.add(Message.of("explorer.setup.zones.initial", setup.numInitialChunks()));
        }
        if (setup.presplitHashedZones()) {
            parts.add(Message.of("explorer.setup.zones.presplit"));
        }
        if (parts.isEmpty()) {
            return Message.of("explorer.setup.zones");
        }
        Object list = parts.get(0);
        for (Object next : parts.subList(1, parts.size())) {
            list = Message.of("explorer.list", list, next);
        }
        return Message.of("explorer.setup.zones.set", list);
    }

    /**
     * A form to edit {@link #shardingProperty()}, checked on the cluster this form describes now (its
     * collection, key, shards and release); its accept replaces the setup and applies the form.
     */
    public ZoneSetupViewModel zoneSetup() {
        return new ZoneSetupViewModel(
                () -> new ZoneSetupViewModel.Target(
                        collectionFor(keyPattern.get()).namespace(), keyPattern.get(), shards.get(), version.get()),
                sharding.get(),
                setup -> {
                    sharding.set(setup);
                    apply();
                });
    }

    /** Whether the form can be applied. */
    public ReadOnlyBooleanProperty validProperty() {
        return valid.getReadOnlyProperty();
    }

    /** Why the last apply failed (the cluster refused the key, a document cannot be routed…); null otherwise. */
    public ReadOnlyObjectProperty<Message> errorProperty() {
        return error.getReadOnlyProperty();
    }

    // ---- verbs -----------------------------------------------------------------------------------

    /** Loads the form's scenario; a refusal shows in {@link #errorProperty()}. */
    public void apply() {
        if (!valid.get()) {
            return;
        }
        try {
            Scenario scenario = formScenario();
            error.set(null);
            launcher.accept(scenario);
        } catch (IllegalArgumentException e) {
            error.set(RefusedInput.said(e));
        }
    }

    /**
     * Plays the scenario {@code shown} (the one on show) and the form's, as edited, side by side: change the
     * release, the key, the chunk size or the shards in the form, then compare. A refusal (the form is invalid,
     * or its stream is not the one on show) shows in {@link #errorProperty()}.
     */
    public void compareWith(Scenario shown, BiConsumer<Scenario, Scenario> compare) {
        if (!valid.get()) {
            return;
        }
        try {
            Scenario scenario = formScenario();
            error.set(null);
            compare.accept(shown, scenario);
        } catch (IllegalArgumentException e) {
            error.set(RefusedInput.said(e));
        }
    }

    /** The form's scenario, as {@link #apply} loads it. */
    private Scenario formScenario() {
        Scenario scenario = collectionFor(keyPattern.get())
                .withKeyPattern(keyPattern.get())
                .withWorkload(workload.get().id())
                .withShards(shards.get())
                .withVersion(version.get())
                .withChunkSizeMegabytes(chunkSizeMegabytes.get())
                .withDocsPerSecond(docsPerSecond.get())
                .withSharding(sharding.get());
        if (!scenario.keyPattern().equals(base.keyPattern())
                || !scenario.workload().equals(base.workload())) {
            // a query chosen for another key or stream (a lesson's) says nothing about this one
            scenario = scenario.withQueryFilter(null);
        }
        if (scenario.shards() != base.shards() || !scenario.workload().equals(base.workload())) {
            // a lesson's timed steps belong to its stream and its shards (addShard names the next shard,
            // afterDocuments counts that stream's documents): another stream or shard count plays without them
            scenario = scenario.withSteps(List.of());
        }
        return scenario;
    }

    /**
     * The base scenario when {@code typedKey} is its key; otherwise the same on {@value
     * Scenario#DEFAULT_NAMESPACE}: a collection belongs to its shard key, so a forked cluster's collection
     * (say {@code shop.orders} on {@code { customer: 1 }}) tried on another key is a different collection,
     * and a copied mongosh command must not name the real one with a key it does not have.
     */
    private Scenario collectionFor(String typedKey) {
        if (base.namespace().equals(Scenario.DEFAULT_NAMESPACE) || sameKey(base.keyPattern(), typedKey)) {
            return base;
        }
        return base.withNamespace(Scenario.DEFAULT_NAMESPACE);
    }

    private static boolean sameKey(String a, String b) {
        try {
            return ShardKeyPattern.parse(a).equals(ShardKeyPattern.parse(b));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The form's insert stream: the base scenario with the chosen workload and pace (the rest is for the
     * caller to set, as a fork does from the layout it copies).
     */
    public Scenario stream() {
        WorkloadChoice w = workload.get();
        Scenario s = w == null ? base : base.withWorkload(w.id());
        return s.withDocsPerSecond(docsPerSecond.get());
    }

    /** Puts the chosen workload's own key in the key field. */
    public void useSuggestedKey() {
        WorkloadChoice w = workload.get();
        if (w != null) {
            w.suggestedKey().ifPresent(keyPattern::set);
        }
    }

    /**
     * Chooses a workload; when the typed key names fields its documents do not have, the workload's own
     * key replaces it.
     */
    public void chooseWorkload(WorkloadChoice choice) {
        workload.set(Objects.requireNonNull(choice, "choice"));
        if (keyError.get() != null) {
            useSuggestedKey();
        }
    }

    /** Adds a dataset file to the menu and chooses it. */
    public void chooseDataset(Path file) {
        WorkloadChoice choice = WorkloadChoice.dataset(file);
        workloads.removeIf(w -> w.id().equals(choice.id()));
        workloads.add(choice);
        workload.set(choice);
    }

    /** Shows the refusal of a scenario that could not be loaded. */
    public void showError(Message message) {
        error.set(message);
    }

    /**
     * Fills the form from a scenario being loaded (by a lesson or by {@link #apply()}); a dataset file or a workload
     * the menu does not list (a fork's {@code uniform:} stream over its layout's key) joins the menu.
     */
    public void fill(Scenario scenario) {
        base = scenario;
        WorkloadChoice choice = workloads.stream()
                .filter(w -> w.id().equals(scenario.workload()))
                .findFirst()
                .orElseGet(() -> {
                    WorkloadChoice d = scenario.replaysDataset()
                            ? WorkloadChoice.dataset(
                                    Path.of(scenario.workload().substring(Scenario.DATASET_PREFIX.length())))
                            : WorkloadChoice.of(registry.named(scenario.workload()));
                    workloads.add(d);
                    return d;
                });
        workload.set(choice);
        keyPattern.set(scenario.keyPattern());
        shards.set(scenario.shards());
        if (!versions.contains(scenario.version())) {
            versions.add(scenario.version());
            FXCollections.sort(versions);
        }
        version.set(scenario.version());
        chunkSizeMegabytes.set(scenario.chunkSizeMegabytes());
        docsPerSecond.set((int) Math.round(scenario.docsPerSecond()));
        sharding.set(scenario.sharding());
        error.set(null);
    }

    /**
     * The collection on show when it is not the scenario's (a client's, or one the Shell panel sharded): the row
     * shows it in one line instead of the scenario's fields, which have nothing to do with it; empty shows the
     * fields again.
     */
    public void showClientCollection(Optional<CollectionSummary> summary) {
        clientCollection.set(summary.map(CollectionSummary::line).orElse(null));
    }

    /** The client's collection on show in one line ({@link CollectionSummary#line()}), or null. */
    public ReadOnlyObjectProperty<Message> clientCollectionProperty() {
        return clientCollection.getReadOnlyProperty();
    }
}
