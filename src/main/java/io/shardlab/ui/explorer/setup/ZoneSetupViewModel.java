package io.shardlab.ui.explorer.setup;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.sim.ShardZone;
import io.shardlab.sim.ShardingSetup;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.sim.ZoneKeyRange;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.SimulationSetup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The "Zones…" form: what the collection's initial chunks are laid out by, set before
 * {@code shardCollection}. One row per zone range (a zone, the shards it is given to, and a range's
 * bounds as mongosh text; a zone with several ranges takes several rows, a zone with no range leaves
 * the bounds blank), {@code numInitialChunks} and {@code presplitHashedZones}. Every edit is checked
 * as MongoDB checks it, on the cluster the setup form describes ({@link ShardingSetup#refusal}), and
 * the first problem shows as one line. Editing works on a copy: {@link #accept()} hands the setup to
 * the setup form, closing the dialog without it changes nothing.
 */
public final class ZoneSetupViewModel {

    /** What the setup form describes, the cluster the zones are checked on. */
    record Target(String namespace, String keyPattern, int shards, MongoVersion version) {}

    /**
     * One row of the form, as typed.
     */
    public static final class Row {
        private final StringProperty zone = new SimpleStringProperty(this, "zone", "");
        private final StringProperty shards = new SimpleStringProperty(this, "shards", "");
        private final StringProperty min = new SimpleStringProperty(this, "min", "");
        private final StringProperty max = new SimpleStringProperty(this, "max", "");

        /** The zone name, e.g. {@code EU}. */
        public StringProperty zoneProperty() {
            return zone;
        }

        /** The shards given the zone, ids separated by commas or spaces, e.g. {@code shard01, shard02}. */
        public StringProperty shardsProperty() {
            return shards;
        }

        /** The range's inclusive lower bound, e.g. {@code { region: 'EU' }}; blank for no range. */
        public StringProperty minProperty() {
            return min;
        }

        /** The range's exclusive upper bound; blank for no range. */
        public StringProperty maxProperty() {
            return max;
        }

        private boolean isBlank() {
            return zone.get().isBlank()
                    && shards.get().isBlank()
                    && min.get().isBlank()
                    && max.get().isBlank();
        }

        private Observable[] observables() {
            return new Observable[] {zone, shards, min, max};
        }
    }

    private final Supplier<Target> target;
    private final Consumer<ShardingSetup> onAccept;
    private final ObservableList<Row> rows = FXCollections.observableArrayList(r -> r.observables());
    private final StringProperty numInitialChunks = new SimpleStringProperty(this, "numInitialChunks", "");
    private final BooleanProperty presplitHashedZones = new SimpleBooleanProperty(this, "presplitHashedZones");
    private final ReadOnlyObjectWrapper<Message> error = new ReadOnlyObjectWrapper<>(this, "error");
    private final ReadOnlyBooleanWrapper valid = new ReadOnlyBooleanWrapper(this, "valid", true);
    private ShardingSetup setup = ShardingSetup.NONE;

    /**
     * @param target the namespace, key, shard count and release the setup form shows now
     * @param current the setup to start editing from
     * @param onAccept takes the edited setup
     */
    ZoneSetupViewModel(Supplier<Target> target, ShardingSetup current, Consumer<ShardingSetup> onAccept) {
        this.target = Objects.requireNonNull(target, "target");
        this.onAccept = Objects.requireNonNull(onAccept, "onAccept");
        fill(current);
        rows.addListener((ListChangeListener<Row>) c -> validate());
        numInitialChunks.addListener((obs, was, now) -> validate());
        presplitHashedZones.addListener((obs, was, now) -> validate());
        validate();
    }

    private void fill(ShardingSetup s) {
        Map<String, List<String>> shardsOf = new LinkedHashMap<>();
        for (String z : s.zones()) {
            shardsOf.put(z, new ArrayList<>());
        }
        s.shardZones().forEach(z -> shardsOf.get(z.zone()).add(z.shard()));
        for (Map.Entry<String, List<String>> z : shardsOf.entrySet()) {
            List<ZoneKeyRange> ranges = s.zoneRanges().stream()
                    .filter(r -> r.zone().equals(z.getKey()))
                    .toList();
            for (int i = 0; i < Math.max(1, ranges.size()); i++) {
                Row row = new Row();
                row.zone.set(z.getKey());
                row.shards.set(i == 0 ? String.join(", ", z.getValue()) : "");
                if (i < ranges.size()) {
                    row.min.set(BsonPrinter.shell(ranges.get(i).min()));
                    row.max.set(BsonPrinter.shell(ranges.get(i).max()));
                }
                rows.add(row);
            }
        }
        numInitialChunks.set(s.numInitialChunks() == 0 ? "" : Long.toString(s.numInitialChunks()));
        presplitHashedZones.set(s.presplitHashedZones());
    }

    // ---- fields ----------------------------------------------------------------------------------

    /** The rows, in the order shown. */
    public ObservableList<Row> rows() {
        return rows;
    }

    /** {@code numInitialChunks} as typed; blank for none. */
    public StringProperty numInitialChunksProperty() {
        return numInitialChunks;
    }

    /** {@code presplitHashedZones}. */
    public BooleanProperty presplitHashedZonesProperty() {
        return presplitHashedZones;
    }

    /** The first problem, one line naming the row and field or MongoDB's refusal; null when none. */
    public ReadOnlyObjectProperty<Message> errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** Whether the form can be accepted. */
    public ReadOnlyBooleanProperty validProperty() {
        return valid.getReadOnlyProperty();
    }

    /** The shard ids the zones can name, e.g. {@code shard01, shard02, shard03}. */
    public List<String> shardIds() {
        Target t = target.get();
        SimulationSetup naming = SimulationSetup.of(t.version(), t.shards());
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= t.shards(); i++) {
            out.add(naming.shardId(i));
        }
        return out;
    }

    /** A bound as the key takes it, for the empty fields: {@code { counter: … }}; a generic one while the key is not valid. */
    public String boundPrompt() {
        try {
            ShardKeyPattern key = ResolvedScenario.parseKey(target.get().keyPattern());
            return "{ "
                    + String.join(
                            ", ",
                            key.fields().stream().map(f -> f.path() + ": …").toList()) + " }";
        } catch (IllegalArgumentException e) {
            return "{ region: 'EU' }";
        }
    }

    // ---- verbs -----------------------------------------------------------------------------------

    /** Adds a blank row. */
    public void addRow() {
        rows.add(new Row());
    }

    /** Removes {@code row}. */
    public void removeRow(Row row) {
        rows.remove(row);
    }

    /** Hands the setup to the setup form, if it is valid; returns whether it did. */
    public boolean accept() {
        validate();
        if (!valid.get()) {
            return false;
        }
        onAccept.accept(setup);
        return true;
    }

    private void validate() {
        Message problem;
        try {
            setup = parse();
            String refused = refusal(setup);
            problem = refused.isEmpty() ? null : Message.of("common.verbatim", refused);
        } catch (IllegalArgumentException e) {
            problem = RefusedInput.said(e);
        }
        error.set(problem);
        valid.set(problem == null);
    }

    private ShardingSetup parse() {
        List<ShardZone> shardZones = new ArrayList<>();
        List<ZoneKeyRange> ranges = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            if (row.isBlank()) {
                continue;
            }
            Message where = Message.of("explorer.zones.error.row", i + 1);
            String zone = row.zone.get().strip();
            if (zone.isEmpty()) {
                throw new RefusedInput(Message.of("explorer.zones.error.zoneRequired", where));
            }
            for (String shard : row.shards.get().strip().split("[,\\s]+")) {
                if (!shard.isEmpty()) {
                    shardZones.add(new ShardZone(shard, zone));
                }
            }
            if (!row.min.get().isBlank() || !row.max.get().isBlank()) {
                try {
                    ranges.add(ZoneKeyRange.parse(zone, row.min.get(), row.max.get()));
                } catch (IllegalArgumentException e) {
                    throw new RefusedInput(
                            Message.of("explorer.zones.error.rowProblem", where, RefusedInput.said(e)), e);
                }
            }
        }
        String n = numInitialChunks.get().strip();
        long chunks = 0;
        if (!n.isEmpty()) {
            try {
                chunks = Long.parseLong(n);
            } catch (NumberFormatException e) {
                throw new RefusedInput(Message.of("explorer.zones.error.numInitialChunks", n), e);
            }
        }
        return new ShardingSetup(shardZones, ranges, chunks, presplitHashedZones.get());
    }

    /** MongoDB's refusal of {@code s} on the target cluster; empty when none or the key is not valid yet. */
    private String refusal(ShardingSetup s) {
        Target t = target.get();
        ShardKeyPattern key;
        try {
            key = ResolvedScenario.parseKey(t.keyPattern());
        } catch (IllegalArgumentException e) {
            return ""; // the setup form says what is wrong with the key
        }
        return s.refusal(SimulationConfig.of(t.version()), shardIds(), t.namespace(), key)
                .orElse("");
    }
}
