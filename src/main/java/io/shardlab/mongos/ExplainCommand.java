package io.shardlab.mongos;

import static io.shardlab.mongos.Argument.optional;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.CommandSyntax.FirstField;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Targeting;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code explain} as mongos answers it (mongo {@code src/mongo/s/commands/cluster_explain.cpp}):
 * {@code queryPlanner.winningPlan.stage} is {@code SINGLE_SHARD} when one shard is reached, else
 * {@code SHARD_MERGE_SORT} for a sorted read, {@code SHARD_MERGE} for another read and {@code SHARD_WRITE} for a
 * write; {@code shards[]} names the shards reached. The shards' own plans are not simulated: each entry holds the
 * shard, its namespace and the parsed query. The explained command's arguments are read through its own syntax.
 */
final class ExplainCommand {

    /** mongo {@code src/mongo/db/commands/explain.idl}: the explained command, and {@code verbosity}. */
    static final CommandSyntax EXPLAIN = CommandSyntax.idl(
            "explain",
            FirstField.IGNORED,
            "src/mongo/db/commands/explain.idl",
            optional("verbosity", ArgumentType.STRING).orElse(new BsonString("allPlansExecution")));

    /** The syntax of a command by its canonical name in a release (the command table's). */
    @FunctionalInterface
    interface Syntaxes {
        CommandSyntax of(String name, MongoVersion release);
    }

    private final CommandContext context;
    private final Syntaxes syntaxes;

    ExplainCommand(CommandContext context, Syntaxes syntaxes) {
        this.context = context;
        this.syntaxes = syntaxes;
    }

    BsonDocument explain(CommandRequest request) {
        BsonValue inner = request.body().get("explain");
        if (inner == null || !inner.isDocument() || inner.asDocument().isEmpty()) {
            throw new MongoCommandException(ErrorCode.FAILED_TO_PARSE, "explain command requires a nested object");
        }
        String db = request.database();
        BsonDocument explained = inner.asDocument();
        String verb = MongosCommands.commandName(explained);
        CommandArguments.parse(explained, syntaxes.of(verb, context.version()), context.version());
        String coll = explained.get(explained.getFirstKey()).isString()
                ? explained.get(explained.getFirstKey()).asString().getValue()
                : "";
        String ns = db + "." + coll;
        Explained what = explained(verb, explained);
        if ("findAndModify".equals(verb)) {
            // cluster_find_and_modify_cmd.cpp explain: the routing info of the namespace first
            context.requireRoutedDatabase(db);
        }
        List<String> shards = shardsReached(ns, what.operation());
        String stage = shards.size() == 1
                ? "SINGLE_SHARD"
                : what.write() ? "SHARD_WRITE" : what.sorted() ? "SHARD_MERGE_SORT" : "SHARD_MERGE";
        BsonArray shardPlans = new BsonArray();
        FindAndModifyPlan findAndModify =
                "findAndModify".equals(verb) ? findAndModifyPlan(db, coll, explained, what.filter()) : null;
        for (String s : shards) {
            BsonDocument plan = new BsonDocument("shardName", new BsonString(s))
                    .append("connectionString", new BsonString(s + "/" + s + ".shardlab:27018"))
                    .append("serverInfo", serverInfo(s + ".shardlab", 27018))
                    .append("namespace", new BsonString(ns))
                    .append("parsedQuery", what.filter());
            if (findAndModify != null) {
                plan.append("winningPlan", findAndModify.plan()).append("rejectedPlans", new BsonArray());
            }
            shardPlans.add(plan);
        }
        BsonDocument reply = new BsonDocument(
                "queryPlanner",
                new BsonDocument("mongosPlannerVersion", new BsonInt32(1))
                        .append(
                                "winningPlan",
                                new BsonDocument("stage", new BsonString(stage)).append("shards", shardPlans)));
        String verbosity = request.arguments().string("verbosity");
        if (!"queryPlanner".equals(verbosity) && !what.write() && "find".equals(verb)) {
            long n = context.documents().count(db, coll, what.filter());
            reply.append(
                    "executionStats",
                    new BsonDocument("nReturned", new BsonInt64(n))
                            .append("executionTimeMillis", new BsonInt32(0))
                            .append(
                                    "executionStages",
                                    new BsonDocument("stage", new BsonString(stage))
                                            .append("nReturned", new BsonInt64(n))));
        }
        if (!"queryPlanner".equals(verbosity) && findAndModify != null) {
            reply.append("executionStats", findAndModify.executionStats(stage, shards.get(0)));
        }
        reply.append("serverInfo", serverInfo("localhost", 27017));
        return Replies.ok(reply);
    }

    /**
     * What a shard's plan of an explained {@code findAndModify} says (mongo {@code find_and_modify.cpp}, explain:
     * the plan executor's stats, nothing written): {@code UPDATE} ({@code nWouldModify}, {@code nWouldUpsert}) or
     * {@code DELETE} ({@code nWouldDelete}) over the scan of the query, under a projection stage with {@code fields}
     * ({@code PROJECTION_SIMPLE} for an inclusion of top-level fields, else {@code PROJECTION_DEFAULT}).
     */
    private record FindAndModifyPlan(BsonDocument plan, BsonDocument stages, long returned, long examined) {

        BsonDocument executionStats(String routerStage, String shard) {
            BsonDocument shardStats = new BsonDocument("shardName", new BsonString(shard))
                    .append("executionSuccess", BsonBoolean.TRUE)
                    .append("nReturned", new BsonInt64(returned))
                    .append("executionTimeMillis", new BsonInt64(0))
                    .append("totalKeysExamined", new BsonInt64(0))
                    .append("totalDocsExamined", new BsonInt64(examined))
                    .append("executionStages", stages);
            return new BsonDocument("nReturned", new BsonInt64(returned))
                    .append("executionTimeMillis", new BsonInt64(0))
                    .append("totalKeysExamined", new BsonInt64(0))
                    .append("totalDocsExamined", new BsonInt64(examined))
                    .append(
                            "executionStages",
                            new BsonDocument("stage", new BsonString(routerStage))
                                    .append("nReturned", new BsonInt64(returned))
                                    .append("executionTimeMillis", new BsonInt64(0))
                                    .append("totalKeysExamined", new BsonInt64(0))
                                    .append("totalDocsExamined", new BsonInt64(examined))
                                    .append("totalChildMillis", new BsonInt64(0))
                                    .append("shards", new BsonArray(List.of(shardStats))));
        }
    }

    private FindAndModifyPlan findAndModifyPlan(String db, String coll, BsonDocument command, BsonDocument filter) {
        boolean remove = WriteCommands.flag(command, "remove");
        boolean upsert = WriteCommands.flag(command, "upsert");
        boolean returnNew = WriteCommands.flag(command, "new");
        long matched = Math.min(1, context.documents().count(db, coll, filter));
        long documents =
                context.documents().exists(db, coll) ? context.documents().count(db, coll, new BsonDocument()) : 0;
        boolean byId = filter.size() == 1
                && filter.containsKey("_id")
                && !filter.get("_id").isDocument();
        long examined = byId ? matched : documents;
        String scan = byId ? "IDHACK" : "COLLSCAN";
        BsonDocument scanPlan = new BsonDocument("stage", new BsonString(scan));
        BsonDocument scanStats = new BsonDocument("stage", new BsonString(scan))
                .append("nReturned", new BsonInt64(matched))
                .append("docsExamined", new BsonInt64(examined));
        BsonDocument writePlan;
        BsonDocument writeStats;
        long returned;
        if (remove) {
            returned = matched;
            writePlan = new BsonDocument("stage", new BsonString("DELETE")).append("inputStage", scanPlan);
            writeStats = new BsonDocument("stage", new BsonString("DELETE"))
                    .append("nReturned", new BsonInt64(returned))
                    .append("nWouldDelete", new BsonInt64(matched))
                    .append("inputStage", scanStats);
        } else {
            long upserted = upsert && matched == 0 ? 1 : 0;
            returned = matched == 1 || (upserted == 1 && returnNew) ? 1 : 0;
            writePlan = new BsonDocument("stage", new BsonString("UPDATE")).append("inputStage", scanPlan);
            writeStats = new BsonDocument("stage", new BsonString("UPDATE"))
                    .append("nReturned", new BsonInt64(returned))
                    .append("nMatched", new BsonInt64(matched))
                    .append("nWouldModify", new BsonInt64(matched))
                    .append("nWouldUpsert", new BsonInt64(upserted))
                    .append("inputStage", scanStats);
        }
        BsonValue fields = command.get("fields");
        if (fields instanceof BsonDocument projection && !projection.isEmpty()) {
            String stage = simpleInclusion(projection) ? "PROJECTION_SIMPLE" : "PROJECTION_DEFAULT";
            writePlan = new BsonDocument("stage", new BsonString(stage))
                    .append("transformBy", projection)
                    .append("inputStage", writePlan);
            writeStats = new BsonDocument("stage", new BsonString(stage))
                    .append("nReturned", new BsonInt64(returned))
                    .append("transformBy", projection)
                    .append("inputStage", writeStats);
        }
        return new FindAndModifyPlan(writePlan, writeStats, returned, examined);
    }

    /** A projection that only includes top-level fields (mongo {@code projection_ast}: the simple projection). */
    private static boolean simpleInclusion(BsonDocument projection) {
        for (var e : projection.entrySet()) {
            BsonValue v = e.getValue();
            boolean included = v.isBoolean()
                    ? v.asBoolean().getValue()
                    : v.isNumber() && v.asNumber().doubleValue() != 0;
            if (!included || e.getKey().contains(".") || e.getKey().startsWith("$")) {
                return false;
            }
        }
        return true;
    }

    /** What the explained command does, as the router sees it. */
    private record Explained(Operation operation, BsonDocument filter, boolean write, boolean sorted) {}

    private static Explained explained(String verb, BsonDocument explained) {
        switch (verb) {
            case "find": {
                BsonDocument filter = documentOrEmpty(explained, "filter");
                boolean sorted = !documentOrEmpty(explained, "sort").isEmpty();
                return new Explained(new Operation.Find(filter), filter, false, sorted);
            }
            case "count":
            case "distinct": {
                BsonDocument filter = documentOrEmpty(explained, "query");
                return new Explained(new Operation.Find(filter), filter, false, false);
            }
            case "aggregate": {
                BsonArray pipeline = ReadCommands.requireStages(explained.getArray("pipeline"));
                BsonDocument filter = pipeline.isEmpty()
                        ? new BsonDocument()
                        : documentOrEmpty(pipeline.get(0).asDocument(), "$match");
                boolean sorted = pipeline.stream().anyMatch(s -> s.asDocument().containsKey("$sort"));
                return new Explained(new Operation.Find(filter), filter, false, sorted);
            }
            case "update": {
                BsonDocument u = onlyStatement(explained.getArray("updates"));
                return new Explained(WriteCommands.updateOperation(u), WriteCommands.query(u, "q"), true, false);
            }
            case "delete": {
                BsonDocument d = onlyStatement(explained.getArray("deletes"));
                BsonDocument filter = WriteCommands.query(d, "q");
                return new Explained(new Operation.Delete(filter, WriteCommands.limit(d) == 0), filter, true, false);
            }
            case "findAndModify": {
                BsonDocument filter = documentOrEmpty(explained, "query");
                BsonValue update = explained.get("update");
                boolean upsert = WriteCommands.flag(explained, "upsert");
                return new Explained(
                        new Operation.FindAndModify(
                                filter, update != null && update.isDocument() ? update.asDocument() : null, upsert),
                        filter,
                        true,
                        false);
            }
            default:
                throw new MongoCommandException(
                        ErrorCode.COMMAND_NOT_SUPPORTED, "ShardLab does not simulate explain of " + verb);
        }
    }

    /** The one statement of an explained write (mongo {@code cluster_write_cmd.cpp}: batches of one only). */
    private static BsonDocument onlyStatement(BsonArray statements) {
        if (statements.size() != 1) {
            throw new MongoCommandException(ErrorCode.INVALID_LENGTH, "explained write batches must be of size 1");
        }
        return statements.get(0).asDocument();
    }

    /** The shards the operation reaches: the router's targeting, every shard with chunks for a broadcast. */
    private List<String> shardsReached(String ns, Operation op) {
        var sharded = context.catalog().collection(ns);
        if (sharded.isEmpty()) {
            return List.of(context.catalog()
                    .shardOfUnsharded(ns)
                    .orElse(context.catalog().shardIds().get(0)));
        }
        Targeting t = WriteCommands.routeWrite(context.router(sharded.get()), op);
        if (t == null) {
            return sharded.get().cluster().snapshot().cluster().chunks().owningShards();
        }
        if (t.rejected()) {
            throw new MongoCommandException(
                    ErrorCode.SHARD_KEY_NOT_FOUND, t.error().get());
        }
        return t.shards();
    }

    private BsonDocument serverInfo(String host, int port) {
        return new BsonDocument("host", new BsonString(host))
                .append("port", new BsonInt32(port))
                .append("version", new BsonString(context.release().versionString()))
                .append("gitVersion", new BsonString("shardlab"));
    }

    private static BsonDocument documentOrEmpty(BsonDocument document, String field) {
        return document.isDocument(field) ? document.getDocument(field) : new BsonDocument();
    }
}
