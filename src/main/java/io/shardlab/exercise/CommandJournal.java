package io.shardlab.exercise;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.mongos.CommandObserver;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Router;
import io.shardlab.routing.Targeting;
import io.shardlab.routing.TargetingClass;
import io.shardlab.sim.SimulatedCluster;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What a mongos saw each database's clients send, as far as the exercises' checks ask: every query (a read, an
 * explain of one, the filter of an update or a delete) with the class mongos targeted it as on the collection's
 * chunks at that moment ({@link Router}), and every split with whether the collection's balancing was off then.
 * A command counts for the database it names: a read for its {@code $db}, an admin command for its namespace's
 * database. Failed commands are not counted.
 *
 * <p>Memory is bounded: counts per collection and class, and the newest {@value #RECENT_QUERIES} queries per
 * database. A command run on another catalog than the last one (the explorer loaded a new cluster) starts the
 * journal afresh. Thread-safe: the command layer calls it on its thread, the checks read it on theirs.
 */
public final class CommandJournal implements CommandObserver {

    /** The newest queries kept per database, for the board's hover. */
    public static final int RECENT_QUERIES = 8;

    /** One database's counts. */
    private static final class Counts {
        final Map<String, Map<TargetingClass, Long>> queries = new HashMap<>();
        final Deque<SeenQuery> recent = new ArrayDeque<>();
        final Map<String, Long> splits = new HashMap<>();
        final Map<String, Long> splitsWhileBalancingOff = new HashMap<>();
    }

    private final Map<String, Counts> databases = new HashMap<>();
    private ShardedCatalog catalog;

    @Override
    public synchronized void ran(ShardedCatalog catalog, String database, BsonDocument command, boolean succeeded) {
        if (catalog != this.catalog) {
            this.catalog = catalog;
            databases.clear();
        }
        if (!succeeded || command.isEmpty()) {
            return;
        }
        String name = MongosCommands.commandName(command);
        if (name.equals("split") && command.get("split").isString()) {
            countSplit(catalog, command.getString("split").getValue());
        } else if (name.equals("explain") && command.get("explain").isDocument()) {
            BsonDocument explained = command.getDocument("explain");
            if (!explained.isEmpty()) {
                countQueries(catalog, database, "explain " + MongosCommands.commandName(explained), explained);
            }
        } else {
            countQueries(catalog, database, name, command);
        }
    }

    /** What the journal saw for {@code database}; nothing seen reads as {@link StudentActivity#NONE}. */
    public synchronized StudentActivity activity(String database) {
        Counts c = databases.get(database);
        if (c == null) {
            return StudentActivity.NONE;
        }
        return new StudentActivity(c.queries, List.copyOf(c.recent), c.splits, c.splitsWhileBalancingOff);
    }

    /** The databases the journal has seen a query or a split for. */
    public synchronized List<String> databases() {
        return List.copyOf(databases.keySet());
    }

    private void countSplit(ShardedCatalog catalog, String namespace) {
        int dot = namespace.indexOf('.');
        Optional<ShardedCatalog.CollectionEntry> entry = catalog.collection(namespace);
        if (dot <= 0 || entry.isEmpty()) {
            return;
        }
        Counts c = counts(namespace.substring(0, dot));
        String collection = namespace.substring(dot + 1);
        c.splits.merge(collection, 1L, Long::sum);
        if (!catalog.balancerEnabled() || entry.get().cluster().balancingDisabled()) {
            c.splitsWhileBalancingOff.merge(collection, 1L, Long::sum);
        }
    }

    /** The filters a command runs on a collection, each counted by its targeting. */
    private void countQueries(ShardedCatalog catalog, String database, String label, BsonDocument command) {
        String name = command.getFirstKey();
        BsonValue target = command.get(name);
        if (!target.isString()) {
            return;
        }
        String collection = target.asString().getValue();
        Optional<ShardedCatalog.CollectionEntry> entry = catalog.collection(database + "." + collection);
        if (entry.isEmpty()) {
            return;
        }
        for (BsonDocument filter : filters(MongosCommands.commandName(command), command)) {
            count(
                    database,
                    collection,
                    label,
                    filter,
                    entry.get().cluster(),
                    catalog.shardIds().size());
        }
    }

    /**
     * The filters of the commands that carry one (mongo {@code SampledCommandNameEnum}'s commands, as the query
     * analyzer reads them): find's {@code filter}, count's and distinct's and findAndModify's {@code query}, an
     * aggregation's first {@code $match}, each statement's {@code q} of an update or a delete.
     */
    private static List<BsonDocument> filters(String name, BsonDocument command) {
        return switch (name) {
            case "find" -> List.of(documentOrEmpty(command, "filter"));
            case "count", "distinct", "findAndModify" -> List.of(documentOrEmpty(command, "query"));
            case "aggregate" -> List.of(firstMatch(command));
            case "update" -> statementFilters(command, "updates");
            case "delete" -> statementFilters(command, "deletes");
            default -> List.of();
        };
    }

    private static BsonDocument documentOrEmpty(BsonDocument command, String field) {
        BsonValue v = command.get(field);
        return v != null && v.isDocument() ? v.asDocument() : new BsonDocument();
    }

    private static BsonDocument firstMatch(BsonDocument command) {
        BsonValue pipeline = command.get("pipeline");
        if (pipeline instanceof BsonArray stages
                && !stages.isEmpty()
                && stages.get(0).isDocument()
                && stages.get(0).asDocument().containsKey("$match")) {
            return documentOrEmpty(stages.get(0).asDocument(), "$match");
        }
        return new BsonDocument();
    }

    private static List<BsonDocument> statementFilters(BsonDocument command, String field) {
        List<BsonDocument> out = new ArrayList<>();
        if (command.get(field) instanceof BsonArray statements) {
            for (BsonValue s : statements) {
                if (s.isDocument()) {
                    out.add(documentOrEmpty(s.asDocument(), "q"));
                }
            }
        }
        return out;
    }

    private void count(
            String database,
            String collection,
            String label,
            BsonDocument filter,
            SimulatedCluster cluster,
            int shards) {
        Targeting targeting;
        try {
            targeting = new Router(cluster.shardKey(), cluster.chunks(), cluster.version())
                    .route(new Operation.Find(filter));
        } catch (IllegalArgumentException e) {
            // an operator routing does not model: mongos answered it, the checks cannot class it
            return;
        }
        Counts c = counts(database);
        c.queries
                .computeIfAbsent(collection, k -> new EnumMap<>(TargetingClass.class))
                .merge(targeting.targeting(), 1L, Long::sum);
        c.recent.addLast(new SeenQuery(
                database + "." + collection,
                label,
                BsonPrinter.shell(filter),
                targeting.targeting(),
                targeting.shards().size(),
                shards));
        if (c.recent.size() > RECENT_QUERIES) {
            c.recent.removeFirst();
        }
    }

    private Counts counts(String database) {
        return databases.computeIfAbsent(database, k -> new Counts());
    }
}
