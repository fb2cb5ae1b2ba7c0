package io.shardlab.cli;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.live.SourceLayout;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Router;
import io.shardlab.routing.Targeting;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.SimulationSetup;
import io.shardlab.workload.WorkloadSimulation;
import java.io.PrintWriter;
import java.time.Clock;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code explain}: which shards mongos sends a query or write to, the targeting class of the filter's
 * shape, and why, over a chunk layout: a real collection's, read from {@code --uri},
 * {@code --snapshot} or {@code --config-dump} ({@link LayoutSourceOptions}; the key is then the
 * collection's, and the routing rules are those of the source's server version when it is known,
 * else 8.0), or that of a freshly sharded empty collection of {@code --key} on {@code --shards}
 * shards on MongoDB 8.0 ({@link EmptyCollectionLayout}).
 */
@Command(name = "explain", mixinStandardHelpOptions = true, sortOptions = false)
final class ExplainCommand implements Runnable {

    /** The operations {@code --op} accepts. */
    enum Op {
        find,
        updateOne,
        updateMany,
        upsert,
        deleteOne,
        deleteMany
    }

    private static final JsonWriterSettings JSON =
            JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();

    @Spec
    private CommandSpec spec;

    @Option(names = "--key", paramLabel = "PATTERN")
    private String key;

    @Option(names = "--filter", required = true, paramLabel = "QUERY")
    private String filter;

    @Option(names = "--op", paramLabel = "OP", defaultValue = "find")
    private Op op;

    @Option(names = "--shards", paramLabel = "N")
    private Integer shards;

    @Option(names = "--json")
    private boolean json;

    @Mixin
    private LayoutSourceOptions source;

    @Mixin
    private InitialSplitOptions initialSplit;

    private final Clock clock;

    /** The language of the command's own words; {@code --json} stays English. */
    private final CliLanguage language;

    ExplainCommand(Clock clock, CliLanguage language) {
        this.language = language;
        this.source = new LayoutSourceOptions(language);
        this.clock = clock;
    }

    /** What the query is routed over. */
    private record Layout(ShardKeyPattern key, ChunkMap chunks, MongoVersion version, SourceLayout source) {}

    @Override
    public void run() {
        BsonDocument query = BsonLiterals.parseDocument(filter);
        Layout layout = layout();
        Targeting t = new Router(layout.key(), layout.chunks(), layout.version()).route(operation(query));
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(toJson(t, layout.source() == null ? null : layoutJson(layout)));
        } else {
            if (layout.source() != null) {
                out.println(language.text(
                        "cli.explain.layout",
                        layout.source().describe(),
                        layout.source().release().said()));
            }
            out.println(toText(t, language.words()));
        }
        out.flush();
    }

    /**
     * The layout to route over: the source's when one is given (its key; a different {@code --key}
     * is bad input, and so is {@code --shards}), else the empty-collection layout of
     * {@code --key} on {@code --shards} shards.
     */
    private Layout layout() {
        if (!source.isGiven()) {
            if (key == null) {
                throw new RefusedInput(Message.of("cli.explain.keyOrSource"));
            }
            int n = (int) OptionBounds.SHARDS.check(shards == null ? 2 : shards);
            ShardKeyPattern pattern = ShardKeyPattern.parse(key);
            if (initialSplit.anyGiven()) {
                // zones and shardCollection options: the simulator's shardCollection lays the chunks out
                if (n < 1 || n > SimulationSetup.MAX_SHARDS) {
                    throw new RefusedInput(Message.of(
                            "cli.bound.betweenUnits",
                            "--shards",
                            "1",
                            String.valueOf(SimulationSetup.MAX_SHARDS),
                            Message.of("cli.unit.shards"),
                            String.valueOf(n)));
                }
                String namespace = "test.explain";
                WorkloadSimulation simulation = new WorkloadSimulation(
                        SimulationSetup.of(MongoVersion.V8_0, n),
                        initialSplit.beforeSharding(namespace),
                        initialSplit.shardCollection(namespace, pattern));
                return new Layout(pattern, simulation.snapshot().cluster().chunks(), MongoVersion.V8_0, null);
            }
            return new Layout(pattern, EmptyCollectionLayout.of(pattern, n), MongoVersion.V8_0, null);
        }
        initialSplit.refuseWith(source.describe());
        if (shards != null) {
            throw new RefusedInput(Message.of("cli.explain.shardsWithSource", source.describe()));
        }
        SourceLayout loaded = source.layout(clock);
        ShardKeyPattern pattern = loaded.cluster().key();
        if (key != null && !ShardKeyPattern.parse(key).equals(pattern)) {
            throw new RefusedInput(Message.of(
                    "cli.explain.otherKey",
                    ShardKeyPattern.parse(key).toString(),
                    loaded.cluster().namespace(),
                    pattern.toString()));
        }
        return new Layout(pattern, loaded.cluster().chunks(), loaded.release().version(), loaded);
    }

    private static BsonDocument layoutJson(Layout layout) {
        SourceLayout l = layout.source();
        BsonArray shardIds = new BsonArray();
        l.cluster().shardIds().forEach(id -> shardIds.add(new BsonString(id)));
        return new BsonDocument("namespace", new BsonString(l.cluster().namespace()))
                .append("source", new BsonString(l.metadata().source()))
                .append("key", l.cluster().key().toDocument())
                .append("chunks", new BsonInt32(l.cluster().chunks().size()))
                .append("clusterShards", shardIds)
                .append("mongodbVersion", new BsonString(layout.version().label()))
                .append("release", new BsonString(l.release().note()));
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

    /** The routing in {@code words}' language; the targeting class, the reason and MongoDB's error stay as given. */
    static String toText(Targeting t, Messages words) {
        StringBuilder b = new StringBuilder();
        String shards = t.shards().isEmpty() ? words.text("cli.explain.noShards") : String.join(", ", t.shards());
        b.append(words.text("cli.explain.shards", shards)).append('\n');
        b.append(words.text("cli.explain.targeting", t.targeting().label())).append('\n');
        b.append(words.text("cli.explain.reason", t.reason()));
        t.error().ifPresent(e -> b.append('\n').append(words.text("cli.explain.error", e)));
        return b.toString();
    }

    static String toJson(Targeting t) {
        return toJson(t, null);
    }

    static String toJson(Targeting t, BsonDocument layout) {
        BsonArray shardArray = new BsonArray();
        t.shards().forEach(s -> shardArray.add(new BsonString(s)));
        BsonDocument d = new BsonDocument("shards", shardArray)
                .append("targeting", new BsonString(t.targeting().label()))
                .append("reason", new BsonString(t.reason()));
        t.error().ifPresent(e -> d.append("error", new BsonString(e)));
        if (layout != null) {
            d.append("layout", layout);
        }
        return d.toJson(JSON);
    }
}
