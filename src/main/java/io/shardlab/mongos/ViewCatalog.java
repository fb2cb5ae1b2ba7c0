package io.shardlab.mongos;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * The views of each database, as mongod keeps them in {@code <db>.system.views}: a view reads its source
 * ({@code viewOn}, a collection or another view) through its pipeline. The document store knows nothing of views;
 * the command layer resolves a read of a view into an aggregation of the collection underneath
 * ({@link ViewCommands}).
 *
 * <p>Rules: mongo {@code src/mongo/db/views/view_catalog.cpp} / {@code view_graph.cpp}: a view resolves through at
 * most 20 views (ViewDepthLimitExceeded "View depth too deep or view cycle detected. Maximum depth is 20"), and
 * a definition that would make a cycle is GraphContainsCycle "View cycle detected: …".
 *
 * <p>Threading: confined to the command layer's thread.
 */
final class ViewCatalog {

    /** The deepest chain of views mongod resolves ({@code ViewGraph::kMaxViewDepth}). */
    static final int MAX_DEPTH = 20;

    /**
     * One view.
     *
     * @param db its database
     * @param name its name
     * @param viewOn the collection or view it reads, in the same database
     * @param pipeline its stages
     */
    record View(String db, String name, String viewOn, BsonArray pipeline) {

        /** Its {@code <db>.system.views} document. */
        BsonDocument systemViewsDocument() {
            return new BsonDocument("_id", new BsonString(db + "." + name))
                    .append("viewOn", new BsonString(viewOn))
                    .append("pipeline", pipeline);
        }
    }

    /**
     * A view resolved to the collection underneath.
     *
     * @param collection the collection the views read in the end
     * @param pipeline the stages of every view on the way, the innermost first
     */
    record Resolved(String collection, BsonArray pipeline) {}

    private final Map<String, View> byNamespace = new LinkedHashMap<>();

    Optional<View> view(String db, String name) {
        return Optional.ofNullable(byNamespace.get(db + "." + name));
    }

    boolean isView(String db, String name) {
        return byNamespace.containsKey(db + "." + name);
    }

    /** The views of {@code db}, in the order they were created. */
    List<View> in(String db) {
        List<View> out = new ArrayList<>();
        for (View v : byNamespace.values()) {
            if (v.db().equals(db)) {
                out.add(v);
            }
        }
        return out;
    }

    /**
     * Defines (or redefines) a view.
     *
     * @throws MongoCommandException GraphContainsCycle when the view would read itself
     */
    void define(View view) {
        List<String> chain = new ArrayList<>(List.of(view.db() + "." + view.name()));
        String next = view.viewOn();
        while (true) {
            String ns = view.db() + "." + next;
            if (ns.equals(chain.get(0))) {
                chain.add(ns);
                throw new MongoCommandException(
                        ErrorCode.GRAPH_CONTAINS_CYCLE, "View cycle detected: [ " + String.join(" => ", chain) + " ]");
            }
            View on = byNamespace.get(ns);
            if (on == null) {
                break;
            }
            chain.add(ns);
            next = on.viewOn();
        }
        byNamespace.put(view.db() + "." + view.name(), view);
    }

    void forget(String db, String name) {
        byNamespace.remove(db + "." + name);
    }

    void forgetDatabase(String db) {
        byNamespace.keySet().removeIf(ns -> ns.startsWith(db + "."));
    }

    /**
     * The collection a view reads in the end and the stages on the way.
     *
     * @throws MongoCommandException ViewDepthLimitExceeded past {@link #MAX_DEPTH} views
     */
    Resolved resolve(String db, String name) {
        List<BsonArray> pipelines = new ArrayList<>();
        String current = name;
        int depth = 0;
        while (byNamespace.containsKey(db + "." + current)) {
            if (++depth > MAX_DEPTH) {
                throw new MongoCommandException(
                        ErrorCode.VIEW_DEPTH_LIMIT_EXCEEDED,
                        "View depth too deep or view cycle detected. Maximum depth is " + MAX_DEPTH);
            }
            View v = byNamespace.get(db + "." + current);
            pipelines.add(0, v.pipeline());
            current = v.viewOn();
        }
        BsonArray stages = new BsonArray();
        pipelines.forEach(stages::addAll);
        return new Resolved(current, stages);
    }
}
