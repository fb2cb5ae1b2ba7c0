package io.shardlab.cli;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Router;
import io.shardlab.routing.Targeting;
import java.io.PrintWriter;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code explain}: which shards mongos sends a query or write to, the targeting class of the filter's
 * shape, and why, over the layout of a freshly sharded empty collection on MongoDB 8.0
 * ({@link EmptyCollectionLayout}).
 */
@Command(name = "explain", mixinStandardHelpOptions = true,
        description = "Route a query over a chunk layout: the shards reached, the targeting class "
                + "(single-shard, multi-shard, scatter-gather) and why.%n"
                + "The layout is the one shardCollection creates on an empty collection with N shards on MongoDB 8.0.")
final class ExplainCommand implements Runnable {

    /** The operations {@code --op} accepts. */
    enum Op { find, updateOne, updateMany, upsert, deleteOne, deleteMany }

    private static final JsonWriterSettings JSON = JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();

    @Spec
    private CommandSpec spec;

    @Option(names = "--key", required = true, paramLabel = "PATTERN",
            description = "Shard key pattern, e.g. '{a: 1}', '{a: \"hashed\"}', '{a: 1, b: 1}'.")
    private String key;

    @Option(names = "--filter", required = true, paramLabel = "QUERY",
            description = "Query filter in Extended JSON or mongosh syntax, e.g. '{a: {$gt: 5}}'.")
    private String filter;

    @Option(names = "--op", paramLabel = "OP", defaultValue = "find",
            description = "Operation: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    private Op op;

    @Option(names = "--shards", paramLabel = "N", defaultValue = "2",
            description = "Number of shards of the default layout (default: ${DEFAULT-VALUE}).")
    private int shards;

    @Option(names = "--json", description = "Print {\"shards\": [...], \"targeting\": ..., \"reason\": ...}.")
    private boolean json;

    @Override
    public void run() {
        ShardKeyPattern pattern = ShardKeyPattern.parse(key);
        BsonDocument query = BsonLiterals.parseDocument(filter);
        Targeting t = new Router(pattern, chunkMap(pattern), MongoVersion.V8_0).route(operation(query));
        PrintWriter out = spec.commandLine().getOut();
        out.println(json ? toJson(t) : toText(t));
        out.flush();
    }

    /**
     * The layout to route over. This is the one place a loaded layout plugs in: a {@code --snapshot FILE}
     * option returns the snapshot's chunks here instead of the empty-collection layout.
     */
    private ChunkMap chunkMap(ShardKeyPattern pattern) {
        return EmptyCollectionLayout.of(pattern, shards);
    }

    private Operation operation(BsonDocument query) {
        return switch (op) {
            case find -> new Operation.Find(query);
            case updateOne -> new Operation.Update(query, null, false, false);
            case updateMany -> new Operation.Update(query, null, true, false);
            case upsert -> new Operation.Update(query, null, false, true);
            case deleteOne -> new Operation.Delete(query, false);
            case deleteMany -> new Operation.Delete(query, true);
        };
    }

    static String toText(Targeting t) {
        StringBuilder b = new StringBuilder();
        b.append("shards: ").append(t.shards().isEmpty() ? "(none)" : String.join(", ", t.shards())).append('\n');
        b.append("targeting: ").append(t.targeting().label()).append('\n');
        b.append("reason: ").append(t.reason());
        t.error().ifPresent(e -> b.append('\n').append("error: ").append(e));
        return b.toString();
    }

    static String toJson(Targeting t) {
        BsonArray shardArray = new BsonArray();
        t.shards().forEach(s -> shardArray.add(new BsonString(s)));
        BsonDocument d = new BsonDocument("shards", shardArray)
                .append("targeting", new BsonString(t.targeting().label()))
                .append("reason", new BsonString(t.reason()));
        t.error().ifPresent(e -> d.append("error", new BsonString(e)));
        return d.toJson(JSON);
    }
}
