package io.shardlab.advisor;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInvalidOperationException;
import org.bson.BsonValue;

/**
 * Sampled-query documents as the advisor's query mix. Each is {@code {_id, ns, collectionUuid,
 * cmdName, cmd, expireAt}} ({@code SampledQueryDocument}, mongo
 * {@code src/mongo/s/analyze_shard_key_documents.idl}), what {@code $listSampledQueries} lists (7.0+):
 * <ul>
 *   <li>{@code find}, {@code aggregate}, {@code count}, {@code distinct}: {@code cmd} is
 *       {@code {filter, collation, let}} ({@code SampledReadCommand});</li>
 *   <li>{@code update}: {@code cmd} is an update command, {@code {update, updates: [{q, u, multi,
 *       upsert, collation}]}}; {@code u} is {@code $}-operators, a replacement document or a
 *       pipeline (an array);</li>
 *   <li>{@code delete}: {@code {delete, deletes: [{q, limit, collation}]}}, {@code limit: 0} for
 *       every matching document;</li>
 *   <li>{@code findAndModify}: {@code {findAndModify, query, update, remove, upsert, collation}};</li>
 *   <li>{@code bulkWrite} (8.0): {@code {bulkWrite, ops: [{update: i, filter, updateMods, multi,
 *       upsert, collation} | {delete: i, filter, multi, collation}], nsInfo}}.</li>
 * </ul>
 * Each operation becomes one {@link SampledQuery} of weight 1, as analyzeShardKey counts each
 * sampled operation once. A pipeline update keeps no update document (its shard-key changes cannot
 * be told from the command).
 */
public final class SampledQueryDocuments {

    private SampledQueryDocuments() {}

    /**
     * The operations of one {@code $listSampledQueries} document.
     *
     * @throws IllegalArgumentException naming the sample id when the document is not of that shape
     */
    public static List<SampledQuery> of(BsonDocument sampled) {
        String id = sampled.containsKey("_id") ? BsonPrinter.shell(sampled.get("_id")) : "?";
        try {
            String cmdName = sampled.getString("cmdName").getValue();
            BsonDocument cmd = sampled.getDocument("cmd");
            return switch (cmdName) {
                case "find", "aggregate", "count", "distinct" ->
                    List.of(new SampledQuery(
                            QueryCommand.of(cmdName),
                            cmd.getDocument("filter", new BsonDocument()),
                            null,
                            false,
                            1,
                            0,
                            cmd.getDocument("collation", new BsonDocument())));
                case "update" -> updates(cmd.getArray("updates"), "q", "u");
                case "delete" -> deletes(cmd.getArray("deletes"));
                case "findAndModify" -> List.of(findAndModify(cmd));
                case "bulkWrite" -> bulkWrite(cmd.getArray("ops"));
                default -> throw new RefusedInput(Message.of("advisor.sampledQuery.unknownCmdName", cmdName));
            };
        } catch (BsonInvalidOperationException | ClassCastException e) {
            throw new RefusedInput(Message.of("advisor.sampledQuery.notADocument", id, e.getMessage()), e);
        } catch (IllegalArgumentException e) {
            throw new RefusedInput(Message.of("advisor.sampledQuery.problem", id, RefusedInput.said(e)), e);
        }
    }

    private static List<SampledQuery> updates(BsonArray ops, String filterField, String updateField) {
        List<SampledQuery> out = new ArrayList<>();
        for (BsonValue v : ops) {
            BsonDocument op = v.asDocument();
            out.add(update(
                    op.getDocument(filterField),
                    op.get(updateField),
                    flag(op, "multi"),
                    flag(op, "upsert"),
                    op.getDocument("collation", new BsonDocument())));
        }
        return out;
    }

    private static SampledQuery update(
            BsonDocument filter, BsonValue u, boolean multi, boolean upsert, BsonDocument collation) {
        boolean modifiers = u != null
                && u.isDocument()
                && !u.asDocument().isEmpty()
                && u.asDocument().getFirstKey().startsWith("$");
        if (u != null && u.isDocument() && !modifiers && !multi) {
            return new SampledQuery(QueryCommand.REPLACE_ONE, filter, u.asDocument(), upsert, 1, 0, collation);
        }
        return new SampledQuery(
                multi ? QueryCommand.UPDATE_MANY : QueryCommand.UPDATE_ONE,
                filter,
                modifiers ? u.asDocument() : null,
                upsert,
                1,
                0,
                collation);
    }

    private static List<SampledQuery> deletes(BsonArray ops) {
        List<SampledQuery> out = new ArrayList<>();
        for (BsonValue v : ops) {
            BsonDocument op = v.asDocument();
            boolean multi = op.isNumber("limit") && op.getNumber("limit").longValue() == 0;
            out.add(new SampledQuery(
                    multi ? QueryCommand.DELETE_MANY : QueryCommand.DELETE_ONE,
                    op.getDocument("q"),
                    null,
                    false,
                    1,
                    0,
                    op.getDocument("collation", new BsonDocument())));
        }
        return out;
    }

    private static SampledQuery findAndModify(BsonDocument cmd) {
        BsonValue update = cmd.get("update");
        boolean modifiers = update != null
                && update.isDocument()
                && !update.asDocument().isEmpty()
                && update.asDocument().getFirstKey().startsWith("$");
        return new SampledQuery(
                QueryCommand.FIND_AND_MODIFY,
                cmd.getDocument("query", new BsonDocument()),
                flag(cmd, "remove") || !modifiers ? null : update.asDocument(),
                flag(cmd, "upsert"),
                1,
                0,
                cmd.getDocument("collation", new BsonDocument()));
    }

    private static List<SampledQuery> bulkWrite(BsonArray ops) {
        List<SampledQuery> out = new ArrayList<>();
        for (BsonValue v : ops) {
            BsonDocument op = v.asDocument();
            BsonDocument collation = op.getDocument("collation", new BsonDocument());
            if (op.containsKey("update")) {
                out.add(update(
                        op.getDocument("filter"),
                        op.get("updateMods"),
                        flag(op, "multi"),
                        flag(op, "upsert"),
                        collation));
            } else if (op.containsKey("delete")) {
                out.add(new SampledQuery(
                        flag(op, "multi") ? QueryCommand.DELETE_MANY : QueryCommand.DELETE_ONE,
                        op.getDocument("filter"),
                        null,
                        false,
                        1,
                        0,
                        collation));
            }
        }
        return out;
    }

    private static boolean flag(BsonDocument d, String name) {
        BsonValue v = d.get(name);
        return v != null
                && (v.isBoolean()
                        ? v.asBoolean().getValue()
                        : v.isNumber() && v.asNumber().intValue() != 0);
    }
}
