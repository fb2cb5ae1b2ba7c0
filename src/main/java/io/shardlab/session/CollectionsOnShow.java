package io.shardlab.session;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.text.Message;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The sharded collections of the explorer's cluster and the one on show (the explorer's collection picker):
 * the scenario's, and one {@link ExplorerSession#observe observing session} for every collection a client or
 * the Shell panel sharded in the catalog beside it, which counts that collection's writes, heat and activity
 * from the moment it appears (a collection dropped and sharded again is a new cluster and a new session).
 * Frames come from the session on show; chunk commands, undo, redo and the filter go to it. A collection the
 * explorer drew that {@code unshardCollection} gathered onto one shard (8.0+) is drawn as that shard's one range,
 * as the placement board shows it ({@link ClusterBuilder#gathered}), until it is sharded again or undo takes the
 * unsharding back.
 *
 * <p>One per loaded scenario; confined to the simulation thread.
 */
final class CollectionsOnShow {

    /** The key config.collections gives an unsplittable collection, as the picker prints keys. */
    private static final String UNSPLITTABLE_KEY =
            ShardKeyPattern.parse("{ _id: 1 }").toString();

    private final ResolvedScenario scenario;
    /** The scenario's session, whose stream plays. */
    private final ExplorerSession session;
    /** Sessions over the catalog's other sharded collections, by namespace. */
    private final Map<String, ExplorerSession> observed = new TreeMap<>();
    /** Each observed collection's shard key as the picker shows it, printed once. */
    private final Map<ExplorerSession, String> observedKeys = new IdentityHashMap<>();
    /**
     * Collections the explorer drew that are unsharded now, each as its one range on its shard, by namespace; the
     * key is the {@link ShardedCatalog.UnsplittableCollection} it was drawn for (a later move draws it again).
     */
    private final Map<String, Unsharded> unsharded = new TreeMap<>();
    /** The collection on show: null for the scenario's, else a key of {@link #observed} or {@link #unsharded}. */
    private String shownNamespace;
    /** Whether a client dropped the scenario's collection: its stream has nothing left to play into. */
    private boolean scenarioDropped;

    CollectionsOnShow(ResolvedScenario scenario, ExplorerSession session) {
        this.scenario = scenario;
        this.session = session;
    }

    /** An unsharded collection's one range, and where the catalog said it lives when it was drawn. */
    private record Unsharded(ShardedCatalog.UnsplittableCollection placed, ExplorerSession session) {}

    /**
     * The session whose frames show: the collection picked, else the scenario's namespace as the catalog holds it now
     * (its own cluster, its one range once unsharded, or the cluster it was sharded again on).
     */
    ExplorerSession shown() {
        String namespace = shownNamespace == null ? scenario.namespace() : shownNamespace;
        Unsharded gathered = unsharded.get(namespace);
        if (gathered != null) {
            return gathered.session();
        }
        ExplorerSession other = observed.get(namespace);
        return other != null ? other : session;
    }

    /** The namespace on show when it is not the scenario's own cluster (null while that shows). */
    String shownNamespace() {
        if (shown() == session) {
            return null;
        }
        return shownNamespace == null ? scenario.namespace() : shownNamespace;
    }

    /** Whether a client dropped the scenario's collection. */
    boolean scenarioDropped() {
        return scenarioDropped;
    }

    /**
     * Shows {@code namespace}: the scenario's collection or an observed one; an unknown namespace (dropped
     * meanwhile) changes nothing. True when another session shows now.
     */
    boolean show(String namespace) {
        ExplorerSession before = shown();
        if (namespace.equals(scenario.namespace())) {
            shownNamespace = null;
        } else if (observed.containsKey(namespace) || unsharded.containsKey(namespace)) {
            shownNamespace = namespace;
        }
        return shown() != before;
    }

    /** The observed sessions take in what clients did to their collections ({@link ExplorerSession#accountClientWork}). */
    void accountClientWork() {
        observed.values().forEach(ExplorerSession::accountClientWork);
    }

    /**
     * After a client's command: a session for every sharded collection {@code catalog} gained (the scenario's
     * cluster excepted), none for those it dropped; a collection sharded again after a drop is a new cluster
     * and gets a new session. When the scenario's collection is gone, the stream stops and another collection
     * shows. True when that happened just now (the caller stops the play).
     */
    boolean follow(ShardedCatalog catalog) {
        Map<String, ShardedCatalog.CollectionEntry> now = catalog.collections();
        if (unchanged(now, catalog.unsplittableCollections())) {
            // after nearly every client command (an insert, a find): nothing to look at
            return false;
        }
        Map<String, ShardedCatalog.UnsplittableCollection> placed = catalog.unsplittableCollections();
        unsharded.keySet().removeIf(ns -> now.containsKey(ns) || !placed.containsKey(ns));
        observed.entrySet().removeIf(e -> {
            boolean gone = !now.containsKey(e.getKey())
                    || now.get(e.getKey()).cluster() != e.getValue().cluster();
            if (gone) {
                gatherIfUnsharded(e.getKey(), e.getValue(), catalog);
                observedKeys.remove(e.getValue());
            }
            return gone;
        });
        if (!scenarioDropped) {
            gatherIfUnsharded(scenario.namespace(), session, catalog);
        }
        for (ShardedCatalog.CollectionEntry entry : now.values()) {
            if (entry.cluster() != session.cluster() && !observed.containsKey(entry.namespace())) {
                ShardKeyPattern key = entry.cluster().shardKey();
                ExplorerSession o = ExplorerSession.observe(
                        scenario.forCollection(entry.namespace(), key), entry.cluster(), session);
                observed.put(entry.namespace(), o);
                observedKeys.put(o, key.toString());
            }
        }
        boolean droppedNow = false;
        if (scenarioDropped && holdsTheScenario(catalog)) {
            // undo took the drop back: the scenario's own cluster is the catalog's again
            scenarioDropped = false;
        }
        if (!scenarioDropped && !holdsTheScenario(catalog) && streamTarget() == null) {
            // the stream has no collection left (MongoDB would create a new, unsharded one for its next
            // insert, which the number line has nothing to draw for): it stops, and the picker moves on
            scenarioDropped = true;
            droppedNow = true;
            session.logOutside(
                    observed.isEmpty()
                            ? Message.of("session.log.scenarioDropped.nothingLeft", scenario.namespace())
                            : Message.of("session.log.scenarioDropped", scenario.namespace(), firstObserved()));
        }
        // unsharded or sharded again, the collection is where MongoDB routes the application's next inserts
        ExplorerSession target = scenarioDropped || holdsTheScenario(catalog) ? null : streamTarget();
        String namespace = scenario.namespace();
        session.sendWritesTo(
                target,
                // an unsharded collection's bytes are the catalog's count (a sharded one's are its chunks')
                target != null && unsharded.containsKey(namespace)
                        ? bytes -> catalog.recordUnshardedWrite(namespace, bytes)
                        : bytes -> {});
        if (shownNamespace != null && !observed.containsKey(shownNamespace) && !unsharded.containsKey(shownNamespace)) {
            String gone = shownNamespace;
            shownNamespace = scenarioDropped ? firstObserved() : null;
            shown().logOutside(Message.of(
                    "session.log.dropped", gone, shownNamespace == null ? scenario.namespace() : shownNamespace));
        } else if (scenarioDropped && shownNamespace == null && !observed.isEmpty()) {
            shownNamespace = firstObserved();
            shown().logOutside(Message.of("session.log.dropped", scenario.namespace(), shownNamespace));
        }
        return droppedNow;
    }

    /**
     * The session of the scenario's namespace when the catalog holds it other than as the scenario's own cluster: its
     * one range once unsharded, or the cluster it was sharded on again; null when neither.
     */
    private ExplorerSession streamTarget() {
        Unsharded gathered = unsharded.get(scenario.namespace());
        return gathered != null ? gathered.session() : observed.get(scenario.namespace());
    }

    /**
     * When {@code catalog} holds {@code namespace}, which {@code drawn} drew, as an unsharded collection now (8.0's
     * unshardCollection), keeps its one range on its shard to draw; a collection already drawn so on the same shard
     * keeps its session (and its activity).
     */
    private void gatherIfUnsharded(String namespace, ExplorerSession drawn, ShardedCatalog catalog) {
        ShardedCatalog.UnsplittableCollection placed =
                catalog.unsplittableCollections().get(namespace);
        if (placed == null || catalog.collections().containsKey(namespace)) {
            return;
        }
        Unsharded was = unsharded.get(namespace);
        if (was != null && was.placed().equals(placed)) {
            return;
        }
        ExplorerSession source = was != null ? was.session() : drawn;
        ExplorerSession gathered = ExplorerSession.unsharded(
                scenario.forCollection(namespace, source.cluster().shardKey()),
                ClusterBuilder.gathered(source.cluster(), placed.shard()),
                session);
        unsharded.put(namespace, new Unsharded(placed, gathered));
        gathered.logOutside(Message.of("placement.log.unsharded", namespace, placed.shard()));
    }

    /**
     * The sharded collections for the picker, by namespace: the scenario's (while {@code catalog} holds it, or
     * no catalog was made: null) and the observed ones.
     */
    List<EngineState.Collection> list(ShardedCatalog catalog) {
        Map<String, EngineState.Collection> out = new TreeMap<>();
        if (catalog == null || holdsTheScenario(catalog)) {
            out.put(
                    scenario.namespace(),
                    new EngineState.Collection(
                            scenario.namespace(), scenario.key().toString(), session.clientDocuments()));
        }
        for (Map.Entry<String, ExplorerSession> e : observed.entrySet()) {
            ExplorerSession o = e.getValue();
            out.put(e.getKey(), new EngineState.Collection(e.getKey(), observedKeys.get(o), o.clientDocuments()));
        }
        // config.collections holds an unsplittable collection with key {_id: 1}
        // (jstests/sharding/create_unsplittable_collection.js)
        unsharded.forEach((namespace, u) -> out.putIfAbsent(
                namespace,
                new EngineState.Collection(
                        namespace, UNSPLITTABLE_KEY, u.session().clientDocuments())));
        return List.copyOf(out.values());
    }

    /**
     * Every sharded collection at a glance by namespace, with the writes of the newest {@code windows} windows,
     * after the observed sessions took in what clients did: the scenario's (while {@code catalog} holds it, or no
     * catalog was made: null), the observed ones and the unsharded ones drawn as their one range.
     */
    Map<String, CollectionGlance> glances(ShardedCatalog catalog, int windows) {
        accountClientWork();
        Map<String, CollectionGlance> out = new TreeMap<>();
        if (catalog == null || holdsTheScenario(catalog)) {
            out.put(scenario.namespace(), session.glance(windows));
        }
        observed.forEach((namespace, o) -> out.put(namespace, o.glance(windows)));
        unsharded.forEach(
                (namespace, u) -> out.putIfAbsent(namespace, u.session().glance(windows)));
        return out;
    }

    /**
     * Whether {@code now} holds the collections followed so far and no other: the scenario's own cluster (unless
     * dropped, unsharded or sharded again) and the observed ones, each on the same cluster; and whether each
     * unsharded collection drawn is still where {@code placed} says.
     */
    private boolean unchanged(
            Map<String, ShardedCatalog.CollectionEntry> now,
            Map<String, ShardedCatalog.UnsplittableCollection> placed) {
        boolean ownInCatalog = !scenarioDropped && streamTarget() == null;
        int expected = observed.size() + (ownInCatalog ? 1 : 0);
        if (now.size() != expected) {
            return false;
        }
        ShardedCatalog.CollectionEntry scenarioEntry = ownInCatalog ? now.get(scenario.namespace()) : null;
        if (ownInCatalog && (scenarioEntry == null || scenarioEntry.cluster() != session.cluster())) {
            return false;
        }
        for (Map.Entry<String, ExplorerSession> e : observed.entrySet()) {
            ShardedCatalog.CollectionEntry entry = now.get(e.getKey());
            if (entry == null || entry.cluster() != e.getValue().cluster()) {
                return false;
            }
        }
        for (Map.Entry<String, Unsharded> e : unsharded.entrySet()) {
            if (!e.getValue().placed().equals(placed.get(e.getKey()))) {
                return false;
            }
        }
        return !placed.containsKey(scenario.namespace()) || unsharded.containsKey(scenario.namespace());
    }

    /** Whether the scenario's collection in {@code catalog} is still the scenario's cluster. */
    private boolean holdsTheScenario(ShardedCatalog catalog) {
        return catalog.collection(scenario.namespace())
                .filter(c -> c.cluster() == session.cluster())
                .isPresent();
    }

    /** The first observed collection by namespace, or null when there is none. */
    private String firstObserved() {
        return observed.isEmpty() ? null : observed.keySet().iterator().next();
    }
}
