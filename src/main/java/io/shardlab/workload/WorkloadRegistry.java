package io.shardlab.workload;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The workloads known by name, in the order {@code simulate --help} lists them. Built once where the
 * application is wired ({@link #standard()}); no global instance.
 */
public final class WorkloadRegistry {

    private final Map<String, Workload> byName;

    /**
     * A registry of the given workloads.
     *
     * @throws IllegalArgumentException if two share a name
     */
    public WorkloadRegistry(List<Workload> workloads) {
        Map<String, Workload> map = new LinkedHashMap<>();
        for (Workload w : workloads) {
            if (map.putIfAbsent(w.name(), w) != null) {
                throw new IllegalArgumentException( // the registry is wired in code, not by a user
                        "workloads: the name '" + w.name() + "' is used twice"); // untranslated: a developer's contract
            }
        }
        this.byName = map;
    }

    /**
     * Every workload ShardLab ships: the monotonic keys (counter, timestamp, ObjectId), the random
     * ones (uniform, zipf, hotspot), the low-cardinality ones (states, continents, age), the good
     * compound key, the seed material's inbox, identities and per-minute pre-split, and the
     * shipped ZIP-code dataset. The ZIP-code table is loaded once, on first use.
     */
    public static WorkloadRegistry standard() {
        Supplier<ZipCodeTable> zipCodes = ZipCodeTable.lazy();
        List<Workload> all = new ArrayList<>();
        all.add(new MonotonicCounterWorkload());
        all.add(new TimestampWorkload());
        all.add(new ObjectIdWorkload());
        all.add(new UniformWorkload());
        all.add(new ZipfWorkload());
        all.add(new HotspotWorkload());
        all.add(new StatesWorkload(zipCodes));
        all.add(new ContinentsWorkload());
        all.add(new AgeWorkload());
        all.add(new MonthUserWorkload());
        all.add(new InboxWorkload());
        all.add(new IdentitiesWorkload());
        all.add(new PresplitMinutesWorkload());
        all.add(new ZipCodesWorkload(zipCodes));
        all.add(new CoarsePrefixWorkload(3));
        all.add(new CoarsePrefixWorkload(12));
        all.add(new CoarsePrefixWorkload(1000));
        all.add(new UkAddressesWorkload());
        all.add(new UsAddressesWorkload(zipCodes));
        return new WorkloadRegistry(all);
    }

    /** All workloads, in listing order. */
    public List<Workload> all() {
        return List.copyOf(byName.values());
    }

    /** The names, in listing order. */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /**
     * The workload called {@code name}; a name {@code uniform:<field>=<kind>,…} is {@link UniformWorkload#named} over
     * those fields (the stream of a fork whose key no workload is made for).
     *
     * @throws IllegalArgumentException naming the unknown workload and the known ones
     */
    public Workload named(String name) {
        if (name.startsWith(UniformWorkload.FIELDS_PREFIX)) {
            return UniformWorkload.named(name);
        }
        Workload w = byName.get(name);
        if (w == null) {
            throw new RefusedInput(Message.of("workload.unknown", name, String.join(", ", byName.keySet())));
        }
        return w;
    }
}
