package io.shardlab.mongos;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.sim.SetCollectionBalancing;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * The {@code config} database, rebuilt from the catalog ({@link ConfigDatabase}) before it is read, and
 * read-only apart from the writes mongosh's helpers send to {@code config.settings} and
 * {@code config.collections}, which change the simulated cluster.
 */
final class ConfigDatabaseCommands {

    private final CommandContext context;

    ConfigDatabaseCommands(CommandContext context) {
        this.context = context;
    }

    /**
     * {@code checkMetadataConsistency} (7.0+; mongo {@code src/mongo/s/commands/cluster_check_metadata_consistency_cmd.cpp}):
     * a cursor over the inconsistencies found, at cluster level on {@code admin} ({@code 1}), database level
     * ({@code 1} elsewhere) or collection level (a collection name), its namespace {@code db.$cmd.aggregate} or the
     * collection's. The simulated metadata is consistent by construction (one catalog writes config.collections,
     * config.chunks and the shards' metadata together), so the batch is empty.
     *
     * @throws MongoCommandException InvalidNamespace for a collection name on {@code admin}, in MongoDB's words
     */
    BsonDocument checkMetadataConsistency(CommandRequest request) {
        BsonValue target = request.body().get(request.body().getFirstKey());
        String db = request.database();
        boolean collectionLevel = target.isString();
        if (collectionLevel && "admin".equals(db)) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_NAMESPACE,
                    "checkMetadataConsistency command on admin database can only be run without collection name."
                            + " Found unexpected collection name: "
                            + target.asString().getValue());
        }
        String ns = collectionLevel ? db + "." + target.asString().getValue() : db + ".$cmd.aggregate";
        return Replies.cursor(ns, new BsonArray());
    }

    /**
     * A command run on {@code config}: mongosh's settings and balancing writes applied, any other write refused,
     * a read answered over the config database as the catalog now describes it.
     *
     * @param writes whether the command changes documents (the command table's access)
     */
    BsonDocument run(CommandRequest request, boolean writes) {
        BsonDocument command = request.body();
        BsonValue target = command.get(command.getFirstKey());
        String collection = "update".equals(request.name()) && target.isString()
                ? target.asString().getValue()
                : "";
        if ("settings".equals(collection)) {
            return updateSettings(request.arguments().array("updates"));
        }
        if ("collections".equals(collection)) {
            return updateCollections(request.arguments().array("updates"));
        }
        if (writes) {
            throw new MongoCommandException(
                    ErrorCode.ILLEGAL_OPERATION,
                    "ShardLab serves the config database read-only: change the simulated cluster with the sharding "
                            + "commands (sh.*) instead");
        }
        if (!"getMore".equals(request.name()) && !"killCursors".equals(request.name())) {
            context.refreshConfigDatabase();
        }
        return context.storage().run("config", command);
    }

    /**
     * The config.settings writes mongosh's helpers send: {@code {_id: "autosplit" | "automerge"}, {$set: {enabled}}}
     * ({@code sh.enableAutoSplit}, {@code sh.startAutoMerger}, …) and {@code {_id: "balancer"}, {$set: {stopped}}},
     * applied to the simulated cluster; anything else is refused, as the rest of the config database. Every
     * statement is checked before any is applied.
     */
    private BsonDocument updateSettings(BsonArray updates) {
        List<BsonDocument> settings = context.configDatabase().settings();
        for (BsonValue entry : updates) {
            settingChange(entry.asDocument());
        }
        int n = 0;
        BsonArray upserted = new BsonArray();
        for (int i = 0; i < updates.size(); i++) {
            BsonDocument u = updates.get(i).asDocument();
            BsonValue id = u.getDocument("q").get("_id");
            BsonDocument set = settingChange(u);
            boolean existed = settings.stream().anyMatch(d -> d.get("_id").equals(id));
            switch (id.asString().getValue()) {
                case "autosplit" ->
                    context.catalog().setAutoSplit(set.getBoolean("enabled").getValue());
                case "automerge" ->
                    context.catalog().setAutoMerge(set.getBoolean("enabled").getValue());
                default ->
                    context.catalog()
                            .setBalancerEnabled(!set.getBoolean("stopped").getValue());
            }
            n++;
            if (!existed && WriteCommands.flag(u, "upsert")) {
                upserted.add(new BsonDocument("index", new BsonInt32(i)).append("_id", id));
            }
        }
        BsonDocument reply =
                new BsonDocument("n", new BsonInt32(n)).append("nModified", new BsonInt32(n - upserted.size()));
        if (!upserted.isEmpty()) {
            reply.append("upserted", upserted);
        }
        return Replies.ok(reply);
    }

    /** The {@code $set} of one settings statement mongosh's helpers send, or the refusal of any other statement. */
    private static BsonDocument settingChange(BsonDocument u) {
        BsonValue id = u.getDocument("q").get("_id");
        BsonDocument set = onlySet(u);
        if (id == null || !id.isString() || set == null) {
            throw new MongoCommandException(
                    ErrorCode.ILLEGAL_OPERATION,
                    "ShardLab serves the config database read-only apart from the settings mongosh's helpers write");
        }
        String setting = id.asString().getValue();
        boolean known = ("autosplit".equals(setting) || "automerge".equals(setting)) && set.isBoolean("enabled")
                || "balancer".equals(setting) && set.isBoolean("stopped");
        if (!known) {
            throw new MongoCommandException(
                    ErrorCode.ILLEGAL_OPERATION,
                    "ShardLab does not simulate the setting " + BsonPrinter.serverString(u));
        }
        return set;
    }

    /**
     * The config.collections writes mongosh's {@code sh.disableBalancing(ns)} / {@code sh.enableBalancing(ns)} send:
     * {@code {_id: ns}, {$set: {noBalance}}} (mongosh {@code shard.ts}); a namespace that is not sharded matches
     * nothing. Anything else is refused, as the rest of the config database; every statement is checked before
     * any is applied.
     */
    private BsonDocument updateCollections(BsonArray updates) {
        for (BsonValue entry : updates) {
            noBalanceChange(entry.asDocument());
        }
        int n = 0;
        int modified = 0;
        for (BsonValue entry : updates) {
            BsonDocument u = entry.asDocument();
            String ns = u.getDocument("q").getString("_id").getValue();
            boolean noBalance = noBalanceChange(u);
            var collection = context.catalog().collection(ns);
            if (collection.isPresent()) {
                modified += collection.get().cluster().balancingDisabled() == noBalance ? 0 : 1;
                context.catalog().execute(ns, new SetCollectionBalancing(ns, !noBalance));
                n++;
            }
        }
        return Replies.ok(new BsonDocument("n", new BsonInt32(n)).append("nModified", new BsonInt32(modified)));
    }

    /** The {@code noBalance} one config.collections statement sets, or its refusal. */
    private static boolean noBalanceChange(BsonDocument u) {
        BsonValue id = u.getDocument("q").get("_id");
        BsonDocument set = onlySet(u);
        if (id == null || !id.isString() || set == null || set.size() != 1 || !set.isBoolean("noBalance")) {
            throw new MongoCommandException(
                    ErrorCode.ILLEGAL_OPERATION,
                    "ShardLab serves the config database read-only apart from the noBalance flag mongosh's "
                            + "sh.disableBalancing writes");
        }
        return set.getBoolean("noBalance").getValue();
    }

    /** The statement's update when it is exactly {@code {$set: {...}}}, else null. */
    private static BsonDocument onlySet(BsonDocument u) {
        BsonValue change = u.get("u");
        return change != null
                        && change.isDocument()
                        && change.asDocument().size() == 1
                        && change.asDocument().isDocument("$set")
                ? change.asDocument().getDocument("$set")
                : null;
    }
}
