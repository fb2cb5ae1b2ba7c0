package io.shardlab.live;

import io.shardlab.cluster.ActiveMigration;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.InvalidChunkMapException;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.bson.BsonDocument;

/**
 * Reads a whole cluster picture from a {@link ConfigSource}: shards, databases, sharded
 * collections with their chunks (both the pre-5.0 {@code ns} and the 5.0+ {@code uuid} shape),
 * zones, balancer state, per-shard data and chunk changes. Broken metadata (gaps, overlaps,
 * unknown shards, malformed documents) is reported in the result, never thrown.
 */
public final class ClusterInspector {

    /** At most this many problems are listed per collection; the rest are counted. */
    static final int MAX_PROBLEMS_PER_COLLECTION = 50;

    private final Clock clock;

    /** An inspector stamping results with {@code clock}'s time. */
    public ClusterInspector(Clock clock) {
        this.clock = clock;
    }

    /**
     * What to read.
     *
     * @param namespace one collection, or null for every sharded collection
     * @param recentChanges how many of the newest chunk changes to read; 0 reads all of them, which
     *     history needs
     */
    public record Scope(String namespace, int recentChanges) {

        /** Every collection with its 200 newest chunk changes: what {@code inspect} shows. */
        public static final Scope OVERVIEW = new Scope(null, 200);

        public Scope {
            if (recentChanges < 0) {
                throw new IllegalArgumentException(String.format(
                        "recentChanges: must not be negative, got %s", // untranslated: a developer's contract
                        recentChanges));
            }
        }

        /** Whether every recorded change is read. */
        public boolean fullChangelog() {
            return recentChanges == 0;
        }
    }

    /** Reads everything in {@code scope}. */
    public ClusterMetadata inspect(ConfigSource source, Scope scope) {
        return read(source, scope, null);
    }

    /**
     * Reads again, re-reading the chunks only of collections whose collection version changed
     * since {@code previous} (what a live watch polls).
     */
    public ClusterMetadata refresh(ConfigSource source, Scope scope, ClusterMetadata previous) {
        return read(source, scope, previous);
    }

    private ClusterMetadata read(ConfigSource source, Scope scope, ClusterMetadata previous) {
        ConfigCatalogDecoder decoder = new ConfigCatalogDecoder();
        List<Message> notes = new ArrayList<>();
        ServerInfo server = source.server().orElse(null);

        List<Shard> shards = decoder.shards(source.documents("shards"));
        List<DatabaseEntry> databases = decoder.databases(source.documents("databases"));
        List<BsonDocument> collectionDocuments = source.documents("collections");
        List<CollectionEntry> entries = decoder.collections(collectionDocuments);
        UnshardedCollections unsharded =
                scope.namespace() == null ? unsharded(source, decoder, collectionDocuments) : UnshardedCollections.NONE;
        if (scope.namespace() != null) {
            List<String> all = entries.stream().map(CollectionEntry::namespace).toList();
            entries = entries.stream()
                    .filter(e -> e.namespace().equals(scope.namespace()))
                    .toList();
            if (entries.isEmpty()) {
                throw new RefusedInput(
                        all.isEmpty()
                                ? Message.of("live.refused.notSharded", scope.namespace(), source.description())
                                : Message.of(
                                        "live.refused.notSharded.others",
                                        scope.namespace(),
                                        source.description(),
                                        String.join(", ", all.subList(0, Math.min(10, all.size())))
                                                + (all.size() > 10 ? ", …" : ""))); // untranslated: an elision mark
            }
        }
        List<BsonDocument> tags = source.documents("tags");
        ReadOutcome<BsonDocument> status = source.balancerStatus();
        status.get().ifPresentOrElse(s -> {}, () -> notes.add(status.unavailable()));
        BalancerState balancer = decoder.balancer(source.documents("settings"), status.value(), server);

        Map<String, CollectionLayout> reusable = reusableLayouts(source, entries, previous);
        List<CollectionLayout> layouts = new ArrayList<>();
        for (CollectionEntry entry : entries) {
            CollectionLayout kept = reusable.get(entry.namespace());
            List<ZoneRange> zones = decoder.zones(entry, tags, shards);
            if (kept != null) {
                layouts.add(new CollectionLayout(
                        entry,
                        kept.chunks(),
                        kept.map(),
                        zones,
                        null,
                        List.of(),
                        kept.estimatedDataSizeBytes(),
                        List.of(),
                        kept.onCurrentShardSince()));
            } else {
                layouts.add(layout(source, entry, shards, zones));
            }
        }

        List<BsonDocument> migrationDocuments = entries.isEmpty() ? List.of() : source.documents("migrations");
        for (int i = 0; i < layouts.size(); i++) {
            CollectionLayout l = layouts.get(i);
            layouts.set(i, inFlight(l, decoder.migrations(l.entry(), migrationDocuments, shards)));
        }

        ReadOutcome<Map<String, DataDistribution>> distribution =
                entries.isEmpty() ? ReadOutcome.of(Map.of()) : source.dataDistribution(entries);
        if (distribution.value() == null) {
            notes.add(distribution.unavailable());
        } else {
            List<String> missing = new ArrayList<>();
            for (int i = 0; i < layouts.size(); i++) {
                DataDistribution d = distribution.value().get(layouts.get(i).namespace());
                if (d != null) {
                    layouts.set(i, layouts.get(i).withDataDistribution(d));
                } else {
                    missing.add(layouts.get(i).namespace());
                }
            }
            if (!missing.isEmpty() && !distribution.value().isEmpty()) {
                notes.add(Message.of("live.note.noSizesFor", String.join(", ", missing)));
            }
        }

        Map<String, CollectionEntry> byNs = new LinkedHashMap<>();
        entries.forEach(e -> byNs.put(e.namespace(), e));
        List<ChunkChange> changes = List.of();
        if (!entries.isEmpty()) {
            ChangelogDecoder.Result decoded =
                    ChangelogDecoder.decode(source.changelog(byNs.keySet(), scope.recentChanges()), byNs);
            changes = decoded.changes();
            notes.addAll(decoded.notes());
        }

        List<MetadataProblem> clusterProblems = new ArrayList<>();
        List<MetadataProblem> collectionProblems = new ArrayList<>();
        for (MetadataProblem p : decoder.problems()) {
            (p.namespace().isEmpty() ? clusterProblems : collectionProblems).add(p);
        }
        // Problems found while decoding config.collections/config.tags belong to their collection.
        Map<String, List<MetadataProblem>> perCollection = collectionProblems.stream()
                .collect(Collectors.groupingBy(MetadataProblem::namespace, TreeMap::new, Collectors.toList()));
        for (int i = 0; i < layouts.size(); i++) {
            CollectionLayout l = layouts.get(i);
            List<MetadataProblem> extra = perCollection.remove(l.namespace());
            if (extra != null) {
                List<MetadataProblem> all = new ArrayList<>(l.problems());
                all.addAll(extra);
                layouts.set(
                        i,
                        new CollectionLayout(
                                l.entry(),
                                l.chunks(),
                                l.map(),
                                l.zones(),
                                l.dataDistribution(),
                                all,
                                l.estimatedDataSizeBytes(),
                                l.migrations(),
                                l.onCurrentShardSince()));
            }
        }
        perCollection.values().forEach(clusterProblems::addAll);
        return new ClusterMetadata(
                source.description(),
                clock.instant(),
                server,
                shards,
                databases,
                balancer,
                layouts,
                changes,
                scope.fullChangelog(),
                notes,
                clusterProblems,
                previous != null && previous.release().basis() == SourceRelease.Basis.SERVER
                        ? previous.release()
                        : ReleaseInference.of(source),
                unsharded);
    }

    /**
     * Where the unsharded collections live: every one from {@code $listClusterCatalog} where the source runs it, else
     * the tracked ones of config.collections ({@code unsplittable: true}) on their one chunk's shard in config.chunks.
     */
    private static UnshardedCollections unsharded(
            ConfigSource source, ConfigCatalogDecoder decoder, List<BsonDocument> collectionDocuments) {
        ReadOutcome<List<BsonDocument>> catalog = source.clusterCatalog();
        if (catalog.value() != null) {
            return new UnshardedCollections(decoder.clusterCatalog(catalog.value()), true);
        }
        List<UnshardedCollection> tracked = new ArrayList<>();
        for (CollectionEntry entry : decoder.unsplittableCollections(collectionDocuments)) {
            source.chunks(entry, new ChunkDocumentCodec(entry.namespace(), entry.key())).stream()
                    .filter(c -> c.chunk() != null)
                    .findFirst()
                    .ifPresent(c -> tracked.add(
                            new UnshardedCollection(entry.namespace(), c.chunk().shard(), true)));
        }
        return new UnshardedCollections(tracked, false);
    }

    /**
     * The layout with the decoded config.migrations records that fit its chunks: a balancer migration
     * moves a range from the min of a chunk of its donor, within that chunk (mongo
     * {@code MigrationType::toMigrateInfo} rebuilds the chunk from the record), and a shard takes part in
     * one migration at a time (mongo {@code balancer_policy.cpp}, {@code usedShards}). A record that does
     * not fit (the chunks changed after it was written, or the dump was taken at two moments) is left out
     * as a problem of the collection; a layout whose chunks do not tile keeps none.
     */
    static CollectionLayout inFlight(CollectionLayout layout, List<ActiveMigration> decoded) {
        if (decoded.isEmpty() || layout.map() == null) {
            return layout;
        }
        List<ActiveMigration> fit = new ArrayList<>();
        List<MetadataProblem> problems = new ArrayList<>();
        Set<String> busy = new HashSet<>();
        for (ActiveMigration m : decoded) {
            Chunk c = layout.map().get(layout.map().indexOf(m.min()));
            Object[] range = {m.min().toString(), m.max().toString(), m.fromShard(), m.toShard()};
            if (!c.min().equals(m.min())
                    || m.max().compareTo(c.max()) > 0
                    || !c.shard().equals(m.fromShard())) {
                problems.add(new MetadataProblem(
                        layout.namespace(),
                        Message.of(
                                "live.problem.migrationNotAChunk",
                                range[0],
                                range[1],
                                range[2],
                                range[3],
                                c.toString())));
            } else if (busy.contains(m.fromShard()) || busy.contains(m.toShard())) {
                problems.add(new MetadataProblem(layout.namespace(), Message.of("live.problem.migrationBusy", range)));
            } else {
                busy.add(m.fromShard());
                busy.add(m.toShard());
                fit.add(m);
            }
        }
        return layout.withMigrations(fit, problems);
    }

    /** Layouts of {@code previous} whose collection version is unchanged, by namespace. */
    private static Map<String, CollectionLayout> reusableLayouts(
            ConfigSource source, List<CollectionEntry> entries, ClusterMetadata previous) {
        Map<String, CollectionLayout> out = new HashMap<>();
        if (previous == null) {
            return out;
        }
        for (CollectionEntry entry : entries) {
            Optional<CollectionLayout> old = previous.collection(entry.namespace());
            if (old.isEmpty() || !old.get().entry().equals(entry) || old.get().map() == null) {
                continue;
            }
            Optional<ChunkVersion> now = source.collectionVersion(entry);
            if (now.isPresent() && now.get().equals(old.get().map().collectionVersion())) {
                out.put(entry.namespace(), old.get());
            }
        }
        return out;
    }

    /** Reads and checks one collection's chunks. */
    static CollectionLayout layout(
            ConfigSource source, CollectionEntry entry, List<Shard> shards, List<ZoneRange> zones) {
        List<ChunkDocument> docs = source.chunks(entry, new ChunkDocumentCodec(entry.namespace(), entry.key()));
        return assemble(entry, docs, shards, zones);
    }

    /**
     * Checks decoded chunk documents: sorts them by key when needed, reports malformed documents,
     * chunks on unknown shards, gaps and overlaps, and builds the chunk map when all is sound.
     */
    static CollectionLayout assemble(
            CollectionEntry entry, List<ChunkDocument> docs, List<Shard> shards, List<ZoneRange> zones) {
        String ns = entry.namespace();
        List<MetadataProblem> problems = new ArrayList<>();
        List<Chunk> chunks = new ArrayList<>(docs.size());
        Map<Chunk, Long> estimates = new HashMap<>();
        Map<Chunk, Instant> arrivals = new HashMap<>();
        for (ChunkDocument doc : docs) {
            if (doc.chunk() != null) {
                chunks.add(doc.chunk());
                if (doc.estimatedDataSizeBytes() != null) {
                    estimates.put(doc.chunk(), doc.estimatedDataSizeBytes());
                }
                if (doc.onCurrentShardSince() != null) {
                    arrivals.put(doc.chunk(), doc.onCurrentShardSince());
                }
            } else {
                problems.add(doc.problem());
            }
        }
        if (!sorted(chunks)) {
            chunks.sort(Comparator.comparing(Chunk::min).thenComparing(Chunk::max));
        }
        Set<String> known = shards.stream().map(Shard::id).collect(Collectors.toSet());
        Map<String, Integer> unknown = new TreeMap<>();
        for (Chunk c : chunks) {
            if (!known.contains(c.shard())) {
                unknown.merge(c.shard(), 1, Integer::sum);
            }
        }
        for (Map.Entry<String, Integer> u : unknown.entrySet()) {
            int n = u.getValue();
            problems.add(new MetadataProblem(ns, Message.of("live.problem.unknownShard", n, u.getKey())));
        }
        ChunkMap map = null;
        if (chunks.isEmpty()) {
            problems.add(new MetadataProblem(
                    ns,
                    entry.uuid() != null
                            ? Message.of("live.problem.noChunks.uuid", entry.uuidText())
                            : Message.of("live.problem.noChunks")));
        } else {
            try {
                map = new ChunkMap(chunks);
            } catch (InvalidChunkMapException e) {
                problems.addAll(tilingProblems(ns, chunks));
            }
        }
        if (!problems.isEmpty()) {
            map = null;
        }
        if (problems.size() > MAX_PROBLEMS_PER_COLLECTION) {
            int more = problems.size() - MAX_PROBLEMS_PER_COLLECTION;
            List<MetadataProblem> cut = new ArrayList<>(problems.subList(0, MAX_PROBLEMS_PER_COLLECTION));
            cut.add(new MetadataProblem(ns, Message.of("live.problem.more", more)));
            problems = cut;
        }
        return new CollectionLayout(entry, chunks, map, zones, null, problems, estimates, List.of(), arrivals);
    }

    private static boolean sorted(List<Chunk> chunks) {
        for (int i = 1; i < chunks.size(); i++) {
            int c = chunks.get(i - 1).min().compareTo(chunks.get(i).min());
            if (c > 0
                    || (c == 0
                            && chunks.get(i - 1).max().compareTo(chunks.get(i).max()) > 0)) {
                return false;
            }
        }
        return true;
    }

    /** Every gap, overlap and missing end of chunks sorted by min (mongo chunk_manager.cpp invariants). */
    static List<MetadataProblem> tilingProblems(String ns, List<Chunk> chunks) {
        List<MetadataProblem> out = new ArrayList<>();
        Chunk first = chunks.get(0);
        if (!first.min().isGlobalMin()) {
            out.add(new MetadataProblem(
                    ns, Message.of("live.problem.gapFirst", first.min().toString(), first.toString())));
        }
        int arity = first.min().arity();
        for (int i = 1; i < chunks.size(); i++) {
            Chunk prev = chunks.get(i - 1);
            Chunk cur = chunks.get(i);
            if (cur.min().arity() != arity) {
                out.add(new MetadataProblem(
                        ns,
                        Message.of(
                                "live.problem.arity", cur.toString(), cur.min().arity(), arity)));
                continue;
            }
            int c = prev.max().compareTo(cur.min());
            if (c < 0) {
                out.add(new MetadataProblem(
                        ns,
                        Message.of(
                                "live.problem.gap",
                                prev.max().toString(),
                                cur.min().toString(),
                                prev.toString(),
                                cur.toString())));
            } else if (c > 0) {
                out.add(new MetadataProblem(ns, Message.of("live.problem.overlap", prev.toString(), cur.toString())));
            }
        }
        Chunk last = chunks.get(chunks.size() - 1);
        if (!last.max().isGlobalMax()) {
            out.add(new MetadataProblem(
                    ns, Message.of("live.problem.gapLast", last.max().toString(), last.toString())));
        }
        if (out.isEmpty()) {
            out.add(new MetadataProblem(ns, Message.of("live.problem.untiled")));
        }
        return out;
    }
}
