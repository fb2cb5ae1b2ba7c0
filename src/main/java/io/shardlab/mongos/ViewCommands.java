package io.shardlab.mongos;

import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The commands that name a view ({@link ViewCatalog}), answered as mongod answers them: a read ({@code find},
 * {@code count}, {@code distinct}, {@code aggregate}) runs as an aggregation of the collection underneath, the
 * view's pipeline first, its reply naming the view; {@code drop} drops the view; a write or an index command is
 * CommandNotSupportedOnView "Namespace db.v is a view, not a collection" (a write error for {@code insert},
 * {@code update}, {@code delete}).
 *
 * <p>Sources: mongo {@code src/mongo/db/views/resolved_view.cpp} (a view's read as an aggregation of its resolved
 * pipeline), {@code src/mongo/db/query/query_request_conversion.cpp} ({@code find} as {@code $match}, {@code $sort},
 * {@code $skip}, {@code $limit}, {@code $project}), {@code src/mongo/db/commands/count_cmd.cpp} and
 * {@code distinct.cpp} (their view forms), {@code src/mongo/db/catalog/collection_catalog.cpp} (the refusal).
 * Tests: mongo {@code jstests/core/views/views_basic.js}, {@code views_find.js}, {@code views_count.js},
 * {@code views_distinct.js}, {@code views_all_commands.js}.
 */
final class ViewCommands {

    private final CommandContext context;

    ViewCommands(CommandContext context) {
        this.context = context;
    }

    /** The answer to a command on a view, or empty when it names no view or is not a command on one. */
    Optional<BsonDocument> answer(CommandRequest request) {
        BsonDocument body = request.body();
        BsonValue target = body.get(body.getFirstKey());
        String db = request.database();
        if (target == null
                || !target.isString()
                || !context.views().isView(db, target.asString().getValue())) {
            return Optional.empty();
        }
        String view = target.asString().getValue();
        return switch (request.name()) {
            case "find" -> Optional.of(find(db, view, body));
            case "count" -> Optional.of(count(db, view, body));
            case "distinct" -> Optional.of(distinct(db, view, body));
            case "aggregate" -> Optional.of(aggregate(db, view, body));
            case "drop" -> Optional.of(drop(db, view));
            case "insert", "update", "delete" -> Optional.of(writeRefused(db, view, body));
            case "findAndModify", "createIndexes", "dropIndexes", "listIndexes", "collStats", "shardCollection" ->
                throw notACollection(db, view);
            default -> Optional.empty();
        };
    }

    private BsonDocument find(String db, String view, BsonDocument body) {
        BsonArray stages = new BsonArray();
        addStage(stages, "$match", body, "filter");
        addStage(stages, "$sort", body, "sort");
        addSkipAndLimit(stages, body);
        addStage(stages, "$project", body, "projection");
        BsonDocument cursor = new BsonDocument();
        if (body.isNumber("batchSize")) {
            cursor.append("batchSize", body.get("batchSize"));
        }
        return run(db, view, stages, cursor);
    }

    /** A {@code stage} of {@code body}'s {@code field} when it is a non-empty document (an empty one asks nothing). */
    private static void addStage(BsonArray stages, String stage, BsonDocument body, String field) {
        if (body.isDocument(field) && !body.getDocument(field).isEmpty()) {
            stages.add(new BsonDocument(stage, body.getDocument(field)));
        }
    }

    /** {@code $skip} for a positive {@code skip}, {@code $limit} for a non-zero {@code limit} (its magnitude). */
    private static void addSkipAndLimit(BsonArray stages, BsonDocument body) {
        if (body.isNumber("skip") && body.getNumber("skip").longValue() > 0) {
            stages.add(new BsonDocument("$skip", body.get("skip")));
        }
        if (body.isNumber("limit") && body.getNumber("limit").longValue() != 0) {
            stages.add(new BsonDocument(
                    "$limit", new BsonInt32(Math.abs(body.getNumber("limit").intValue()))));
        }
    }

    private BsonDocument count(String db, String view, BsonDocument body) {
        BsonArray stages = new BsonArray();
        addStage(stages, "$match", body, "query");
        addSkipAndLimit(stages, body);
        stages.add(new BsonDocument("$count", new BsonString("n")));
        BsonArray batch = Replies.firstBatch(run(db, view, stages, new BsonDocument()));
        int n = batch.isEmpty() ? 0 : batch.get(0).asDocument().getNumber("n").intValue();
        return Replies.ok(new BsonDocument("n", new BsonInt32(n)));
    }

    private BsonDocument distinct(String db, String view, BsonDocument body) {
        String key = body.getString("key", new BsonString("")).getValue();
        BsonArray stages = new BsonArray();
        addStage(stages, "$match", body, "query");
        stages.add(new BsonDocument("$match", new BsonDocument(key, new BsonDocument("$exists", BsonBoolean.TRUE))));
        stages.add(new BsonDocument("$unwind", new BsonString("$" + key)));
        stages.add(new BsonDocument("$group", new BsonDocument("_id", new BsonString("$" + key))));
        stages.add(new BsonDocument("$sort", new BsonDocument("_id", new BsonInt32(1))));
        BsonArray values = new BsonArray();
        for (BsonValue v : Replies.firstBatch(run(db, view, stages, new BsonDocument()))) {
            values.add(v.asDocument().get("_id"));
        }
        return Replies.ok(new BsonDocument("values", values));
    }

    private BsonDocument aggregate(String db, String view, BsonDocument body) {
        BsonArray stages = ReadCommands.requireStages(body.getArray("pipeline", new BsonArray()));
        return run(db, view, stages, body.getDocument("cursor", new BsonDocument()));
    }

    /** The view's resolved pipeline, then {@code stages}, over the collection underneath; the cursor names the view. */
    private BsonDocument run(String db, String view, BsonArray stages, BsonDocument cursor) {
        ViewCatalog.Resolved resolved = context.views().resolve(db, view);
        BsonArray pipeline = new BsonArray();
        pipeline.addAll(resolved.pipeline());
        pipeline.addAll(stages);
        BsonDocument reply = context.storage()
                .run(
                        db,
                        new BsonDocument("aggregate", new BsonString(resolved.collection()))
                                .append("pipeline", pipeline)
                                .append("cursor", cursor));
        if (reply.isDocument("cursor")) {
            reply.getDocument("cursor").put("ns", new BsonString(db + "." + view));
        }
        return reply;
    }

    private BsonDocument drop(String db, String view) {
        context.views().forget(db, view);
        List<BsonDocument> remaining = context.views().in(db).stream()
                .map(ViewCatalog.View::systemViewsDocument)
                .toList();
        context.storage().replace(db, "system.views", remaining);
        return Replies.ok(new BsonDocument("ns", new BsonString(db + "." + view)));
    }

    /** A write to a view: every statement (an ordered batch: the first) refused with CommandNotSupportedOnView. */
    private BsonDocument writeRefused(String db, String view, BsonDocument body) {
        String statements = switch (body.getFirstKey()) {
            case "insert" -> "documents";
            case "update" -> "updates";
            default -> "deletes";
        };
        int count = body.getArray(statements, new BsonArray()).size();
        boolean ordered = body.getBoolean("ordered", BsonBoolean.TRUE).getValue();
        BsonArray errors = new BsonArray();
        for (int i = 0; i < (ordered ? Math.min(1, count) : count); i++) {
            errors.add(StatementFailedException.of(notACollection(db, view)).writeError(i));
        }
        BsonDocument reply = new BsonDocument("n", new BsonInt32(0));
        if ("update".equals(body.getFirstKey())) {
            reply.append("nModified", new BsonInt32(0));
        }
        return Replies.ok(reply.append("writeErrors", errors));
    }

    private static MongoCommandException notACollection(String db, String view) {
        return new MongoCommandException(
                ErrorCode.COMMAND_NOT_SUPPORTED_ON_VIEW,
                "Namespace " + db + "." + view + " is a view, not a collection");
    }
}
