package io.shardlab.ui.explorer.collections;

import io.shardlab.session.EngineState;
import io.shardlab.session.ExplorerEngine;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The explorer's collection picker: every sharded collection of the cluster on show (the scenario's and
 * those clients or the Shell panel sharded), the one shown, and "Follow writes", which shows the
 * collection clients are writing to.
 *
 * <p>Following has hysteresis, so that two clients writing to two collections in turn do not make the
 * screen flicker between them: the picker counts each collection's client inserts over the last
 * {@link #FOLLOW_WINDOW_NANOS} of wall time and switches only to a collection that took at least
 * {@link #FOLLOW_RATIO} times the shown one's inserts in that window, and never sooner than
 * {@link #FOLLOW_DWELL_NANOS} after the last switch.
 */
public final class CollectionPickerViewModel {

    /** The wall time over which the inserts into each collection are compared, in ns. */
    static final long FOLLOW_WINDOW_NANOS = 2_000_000_000L;
    /** How many times the shown collection's inserts another one must take to be followed. */
    static final int FOLLOW_RATIO = 2;
    /** The shortest time a followed collection stays on show, in ns. */
    static final long FOLLOW_DWELL_NANOS = 1_000_000_000L;

    /**
     * One entry of the picker.
     *
     * @param namespace {@code db.collection}
     * @param key the shard key as mongosh prints it
     */
    public record Choice(String namespace, String key) {

        /** What the list shows and the search matches: {@code social.inbox · { userId: 'hashed' }}. */
        public String label() {
            return namespace + " · " + key;
        }
    }

    /** Client inserts per namespace at one moment of wall time. */
    private record Sample(long nanos, Map<String, Long> documents) {}

    private final Consumer<String> showCollection;
    private final LongSupplier nanoTime;
    private final ObservableList<Choice> choices = FXCollections.observableArrayList();
    private final ObservableList<Choice> readOnlyChoices = FXCollections.unmodifiableObservableList(choices);
    private final ReadOnlyObjectWrapper<Choice> shown = new ReadOnlyObjectWrapper<>(this, "shown");
    private final ReadOnlyBooleanWrapper several = new ReadOnlyBooleanWrapper(this, "several", false);
    private final BooleanProperty followWrites = new SimpleBooleanProperty(this, "followWrites", false);
    private final Deque<Sample> samples = new ArrayDeque<>();
    private long lastSwitchNanos = Long.MIN_VALUE / 2;
    /** The collection the picker last asked the engine for, until a frame shows it. */
    private String requested;

    /**
     * @param showCollection asks the engine to show a namespace ({@link ExplorerEngine#showCollection})
     * @param nanoTime the wall clock, e.g. {@code System::nanoTime}
     */
    public CollectionPickerViewModel(Consumer<String> showCollection, LongSupplier nanoTime) {
        this.showCollection = Objects.requireNonNull(showCollection, "showCollection");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        followWrites.addListener((obs, was, now) -> {
            if (now) {
                follow(nanoTime.getAsLong());
            }
        });
    }

    /**
     * Makes {@code list} equal {@code next} by removing and inserting only what changed: a choice that stays is
     * never taken out, since a ComboBox whose selected item leaves its items clears its value (the picker would
     * read blank after the shell shards a collection or an archive opens). Each change is one removal or one
     * insertion.
     */
    static <T> void update(ObservableList<T> list, List<T> next) {
        if (list.stream().noneMatch(next::contains)) {
            // nothing stays (another scenario, an archive): one replacement, never an empty list in between, which
            // the searchable list's skin cannot take
            list.setAll(next);
            return;
        }
        // one removal per change: a change of several ranges reaches the searchable list's filtered copy while the
        // filter is on, and its ComboBox reads the copy past its new end (IndexOutOfBoundsException on the JavaFX
        // thread when a client drops many databases at once)
        Set<T> staying = new HashSet<>(next);
        for (int i = list.size() - 1; i >= 0; i--) {
            if (!staying.contains(list.get(i))) {
                list.remove(i);
            }
        }
        for (int i = 0; i < next.size(); i++) {
            if (i >= list.size() || !list.get(i).equals(next.get(i))) {
                list.remove(next.get(i));
                list.add(i, next.get(i));
            }
        }
    }

    /** Takes the engine's newest state: the collections, the one its frame shows, and their inserts. */
    public void show(EngineState.Running state) {
        List<Choice> next = state.collections().stream()
                .map(c -> new Choice(c.namespace(), c.key()))
                .toList();
        // the list changes only when a collection comes or goes: replacing it every frame would close its popup
        if (!next.equals(choices)) {
            update(choices, next);
        }
        several.set(choices.size() > 1);
        String namespace = state.frame().scenario().namespace();
        Choice on = choices.stream()
                .filter(c -> c.namespace().equals(namespace))
                .findFirst()
                .orElse(new Choice(namespace, state.frame().scenario().key().toString()));
        if (!on.equals(shown.get())) {
            shown.set(on);
        }
        // asked for and shown, or dropped before it could show
        if (namespace.equals(requested)
                || choices.stream().noneMatch(c -> c.namespace().equals(requested))) {
            requested = null;
        }
        long now = nanoTime.getAsLong();
        Map<String, Long> documents = new HashMap<>();
        state.collections().forEach(c -> documents.put(c.namespace(), c.clientDocuments()));
        samples.addLast(new Sample(now, documents));
        // keep one sample older than the window: the window's inserts are counted from it
        while (samples.size() > 2) {
            Iterator<Sample> oldest = samples.iterator();
            oldest.next();
            if (now - oldest.next().nanos() < FOLLOW_WINDOW_NANOS) {
                break;
            }
            samples.removeFirst();
        }
        if (followWrites.get()) {
            follow(now);
        }
    }

    /** The user picked {@code choice}: it shows, and following stops (the user chose what to watch). */
    public void choose(Choice choice) {
        if (choice == null || choice.equals(shown.get())) {
            return;
        }
        followWrites.set(false);
        request(choice.namespace());
    }

    private void request(String namespace) {
        requested = namespace;
        showCollection.accept(namespace);
    }

    private void follow(long now) {
        if (samples.size() < 2
                || shown.get() == null
                || requested != null
                || now - lastSwitchNanos < FOLLOW_DWELL_NANOS) {
            return;
        }
        Optional<String> busiest = Optional.empty();
        long most = 0;
        for (Choice c : choices) {
            long n = insertsInWindow(c.namespace());
            if (n > most) {
                most = n;
                busiest = Optional.of(c.namespace());
            }
        }
        String current = shown.get().namespace();
        if (busiest.isPresent() && !busiest.get().equals(current) && most >= FOLLOW_RATIO * insertsInWindow(current)) {
            lastSwitchNanos = now;
            request(busiest.get());
        }
    }

    /** Client inserts into {@code namespace} between the oldest sample kept and the newest. */
    long insertsInWindow(String namespace) {
        if (samples.isEmpty()) {
            return 0;
        }
        long newest = samples.peekLast().documents().getOrDefault(namespace, 0L);
        return newest - samples.peekFirst().documents().getOrDefault(namespace, 0L);
    }

    /** The sharded collections, by namespace. */
    public ObservableList<Choice> choices() {
        return readOnlyChoices;
    }

    /** The collection on show. */
    public ReadOnlyObjectProperty<Choice> shownProperty() {
        return shown.getReadOnlyProperty();
    }

    /** Whether the cluster holds more than one sharded collection. */
    public ReadOnlyBooleanProperty severalProperty() {
        return several.getReadOnlyProperty();
    }

    /** Whether the picker shows the collection clients write to ({@link CollectionPickerViewModel}'s hysteresis). */
    public BooleanProperty followWritesProperty() {
        return followWrites;
    }
}
