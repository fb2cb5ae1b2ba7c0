package io.shardlab.mongos;

import static io.shardlab.mongos.Argument.optional;
import static io.shardlab.mongos.Argument.required;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.CommandSyntax.FirstField;
import io.shardlab.sim.ClearJumboFlag;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.MergeAllChunksOnShard;
import io.shardlab.sim.MergeChunks;
import io.shardlab.sim.MoveChunk;
import io.shardlab.sim.MoveChunkBounds;
import io.shardlab.sim.MoveRange;
import io.shardlab.sim.Refusal;
import io.shardlab.sim.SplitAt;
import io.shardlab.sim.SplitBounds;
import io.shardlab.sim.SplitFind;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * The commands that cut, move and join chunks: {@code split}, {@code moveChunk}, {@code moveRange},
 * {@code mergeChunks} and {@code clearJumboFlag}. {@code split} and {@code mergeChunks} are errmsg commands
 * whose argument failures carry no code; {@code moveChunk} is one too before 6.0.
 */
final class ChunkCommands {

    /**
     * mongo {@code src/mongo/s/commands/cluster_split_cmd.cpp} (4.4–8.0): {@code parseNsFullyQualified}, then
     * {@code find}, {@code bounds} and {@code middle} read with {@code FieldParser::extract}.
     */
    static final CommandSyntax SPLIT = CommandSyntax.fieldParser(
            "split",
            FirstField.FULLY_QUALIFIED_NAMESPACE,
            "src/mongo/s/commands/cluster_split_cmd.cpp",
            optional("find", ArgumentType.OBJECT),
            optional("bounds", ArgumentType.ARRAY),
            optional("middle", ArgumentType.OBJECT));

    /**
     * {@code moveChunk} from 6.0, a typed command: mongo {@code src/mongo/s/commands/cluster_commands.idl}
     * ({@code ClusterMoveChunkRequest}).
     */
    static final CommandSyntax MOVE_CHUNK = CommandSyntax.idl(
            "moveChunk",
            FirstField.NAMESPACE,
            "src/mongo/s/commands/cluster_commands.idl",
            optional("bounds", ArgumentType.ARRAY).eachOf(ArgumentType.OBJECT),
            optional("find", ArgumentType.OBJECT),
            required("to", ArgumentType.STRING),
            optional("forceJumbo", ArgumentType.BOOL).orElse(BsonBoolean.FALSE));

    /**
     * {@code moveChunk} before 6.0, read by hand (mongo {@code src/mongo/s/commands/cluster_move_chunk_cmd.cpp},
     * 4.4/5.0): {@code to} must be a string (TypeMismatch "'to' must be of type String", checked after the
     * collection is found sharded), {@code find} and {@code bounds} are read with {@code getObjectField}, so a
     * value of another type counts as absent.
     */
    static final CommandSyntax MOVE_CHUNK_BEFORE_6_0 = CommandSyntax.idl(
            "moveChunk",
            FirstField.FULLY_QUALIFIED_NAMESPACE,
            "src/mongo/s/commands/cluster_move_chunk_cmd.cpp",
            optional("find", ArgumentType.ANY),
            optional("bounds", ArgumentType.ANY),
            optional("to", ArgumentType.ANY),
            optional("forceJumbo", ArgumentType.ANY));

    /** mongo {@code src/mongo/s/request_types/move_range_request.idl} ({@code clusterMoveRange}, 6.0+). */
    static final CommandSyntax MOVE_RANGE = CommandSyntax.idl(
            "moveRange",
            FirstField.NAMESPACE,
            "src/mongo/s/request_types/move_range_request.idl",
            required("toShard", ArgumentType.STRING),
            optional("min", ArgumentType.OBJECT),
            optional("max", ArgumentType.OBJECT),
            optional("waitForDelete", ArgumentType.BOOL).orElse(BsonBoolean.FALSE),
            optional("forceJumbo", ArgumentType.BOOL).orElse(BsonBoolean.FALSE),
            optional("secondaryThrottle", ArgumentType.ANY));

    /**
     * mongo {@code src/mongo/s/request_types/merge_chunk_request.idl} ({@code clusterMergeAllChunksOnShard}, 7.0+):
     * the shard is required, {@code maxNumberOfChunksToMerge} and {@code maxTimeProcessingChunksMS} are optional.
     */
    static final CommandSyntax MERGE_ALL_CHUNKS_ON_SHARD = CommandSyntax.idl(
            "mergeAllChunksOnShard",
            FirstField.NAMESPACE,
            "src/mongo/s/request_types/merge_chunk_request.idl",
            required("shard", ArgumentType.STRING),
            optional("maxNumberOfChunksToMerge", ArgumentType.NUMBER),
            optional("maxTimeProcessingChunksMS", ArgumentType.NUMBER));

    /**
     * mongo {@code src/mongo/s/commands/cluster_merge_chunks_cmd.cpp} (4.4–8.0): {@code parseNsFullyQualified},
     * then {@code bounds} read with {@code FieldParser::extract} as a {@code vector<BSONObj>}.
     */
    static final CommandSyntax MERGE_CHUNKS = CommandSyntax.fieldParser(
            "mergeChunks",
            FirstField.FULLY_QUALIFIED_NAMESPACE,
            "src/mongo/s/commands/cluster_merge_chunks_cmd.cpp",
            optional("bounds", ArgumentType.ARRAY).eachOf(ArgumentType.OBJECT));

    /** mongo {@code src/mongo/s/request_types/clear_jumbo_flag.idl} ({@code clearJumboFlag}, a typed command). */
    static final CommandSyntax CLEAR_JUMBO_FLAG = CommandSyntax.idl(
            "clearJumboFlag",
            FirstField.NAMESPACE,
            "src/mongo/s/request_types/clear_jumbo_flag.idl",
            optional("bounds", ArgumentType.ARRAY).eachOf(ArgumentType.OBJECT),
            optional("find", ArgumentType.OBJECT));

    private final CommandContext context;

    ChunkCommands(CommandContext context) {
        this.context = context;
    }

    /** moveChunk's syntax in {@code release}. */
    static CommandSyntax moveChunkSyntax(MongoVersion release) {
        return release.atLeast(6, 0) ? MOVE_CHUNK : MOVE_CHUNK_BEFORE_6_0;
    }

    /**
     * {@code split} at {@code middle}, or at the median of the chunk {@code find} or {@code bounds} names; its
     * argument checks are errmsg-only failures (mongo {@code cluster_split_cmd.cpp}; an empty document counts
     * as absent).
     */
    BsonDocument split(CommandRequest request) {
        CommandArguments args = request.arguments();
        String ns = args.firstString();
        context.requireRoutedSharded(ns);
        BsonDocument find = nonEmpty(args.document("find"));
        BsonDocument middle = nonEmpty(args.document("middle"));
        BsonArray bounds = args.has("bounds") ? args.array("bounds") : new BsonArray();
        if (!bounds.isEmpty() && bounds.size() < 2) {
            throw new MongoCommandException(ErrorCode.NO_CODE, "upper bound not specified");
        }
        if (find != null && !bounds.isEmpty()) {
            throw new MongoCommandException(ErrorCode.NO_CODE, "cannot specify bounds and find at the same time");
        }
        if (find == null && bounds.isEmpty() && middle == null) {
            throw new MongoCommandException(ErrorCode.NO_CODE, "need to specify find/bounds or middle");
        }
        if (find != null && middle != null) {
            throw new MongoCommandException(ErrorCode.NO_CODE, "cannot specify find and middle together");
        }
        if (!bounds.isEmpty() && middle != null) {
            throw new MongoCommandException(ErrorCode.NO_CODE, "cannot specify bounds and middle together");
        }
        if (middle != null) {
            context.catalog().execute(ns, new SplitAt(ns, middle));
        } else if (find != null) {
            context.catalog().execute(ns, new SplitFind(ns, find));
        } else {
            context.catalog().execute(ns, new SplitBounds(ns, bound(bounds, 0), bound(bounds, 1)));
        }
        return Replies.ok();
    }

    /**
     * {@code moveChunk}: exactly one of {@code find} and {@code bounds}; from 6.0 (the typed command)
     * InvalidOptions with three texts, before one errmsg-only text (mongo {@code cluster_move_chunk_cmd.cpp}). The
     * reply's {@code millis} is the simulated time the migration took. A chunk on {@code to} already is a success
     * that moves nothing (the donor returns at once, mongo {@code shardsvr_move_range_command.cpp}).
     */
    BsonDocument moveChunk(CommandRequest request) {
        CommandArguments args = request.arguments();
        String ns = args.firstString();
        context.requireRoutedSharded(ns);
        String to;
        BsonDocument find = nonEmpty(documentOrNull(args.value("find")));
        BsonArray bounds;
        if (context.version().atLeast(6, 0)) {
            to = args.string("to");
            bounds = args.has("bounds") ? args.array("bounds") : new BsonArray();
            if (args.has("bounds") && bounds.size() != 2) {
                throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "bounds can only have exactly 2 elements");
            }
            if (find != null && !bounds.isEmpty()) {
                throw new MongoCommandException(
                        ErrorCode.INVALID_OPTIONS, "cannot specify bounds and query at the same time");
            }
            if (find == null && bounds.isEmpty()) {
                throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "need to specify query or bounds");
            }
        } else {
            BsonValue toValue = args.value("to");
            if (toValue == null || !toValue.isString()) {
                throw new MongoCommandException(ErrorCode.TYPE_MISMATCH, "'to' must be of type String");
            }
            to = toValue.asString().getValue();
            BsonValue boundsValue = args.value("bounds");
            bounds = boundsValue != null && boundsValue.isArray() ? boundsValue.asArray() : new BsonArray();
            if ((find == null) == bounds.isEmpty() || (find == null && bounds.size() < 2)) {
                throw new MongoCommandException(
                        ErrorCode.NO_CODE, "need to specify either a find query, or both lower and upper bounds.");
            }
        }
        BsonValue forceJumbo = args.value("forceJumbo");
        boolean force = forceJumbo != null
                && forceJumbo.isBoolean()
                && forceJumbo.asBoolean().getValue();
        if (!runUnlessDone(
                ns,
                find != null
                        ? new MoveChunk(ns, find, to, force)
                        : new MoveChunkBounds(ns, bound(bounds, 0), bound(bounds, 1), to, force))) {
            return Replies.ok(new BsonDocument("millis", new BsonInt32(0)));
        }
        long millis = context.catalog().settle(ns);
        return Replies.ok(new BsonDocument("millis", new BsonInt32((int) Math.min(Integer.MAX_VALUE, millis))));
    }

    /**
     * {@code moveRange} (6.0+): the range from {@code min}, to {@code max}, or between both moves to
     * {@code toShard} ({@link MoveRange}); a range on {@code toShard} already is a success that moves nothing. The
     * mongos reads no routing information: after its own check of {@code min} it hands the command to the config
     * server (mongo {@code src/mongo/s/commands/cluster_move_range_cmd.cpp}), which resolves {@code toShard} first
     * ({@code configsvr_move_range_command.cpp}) and then reads the collection from {@code config.collections}
     * ({@code Balancer::moveRange}, {@link #requireInClusterCatalog}).
     */
    BsonDocument moveRange(CommandRequest request) {
        CommandArguments args = request.arguments();
        String ns = args.firstString();
        BsonDocument min = args.document("min");
        BsonDocument max = args.document("max");
        if (min == null && (max == null || !context.version().atLeast(7, 0))) {
            // mongo cluster_move_range_cmd.cpp (6.0): min is required; from 7.0 one bound is (ShardLab's text when
            // both are missing)
            throw new MongoCommandException(
                    ErrorCode.INVALID_OPTIONS,
                    context.version().atLeast(7, 0)
                            ? "moveRange needs min, max or both"
                            : "Missing required parameter 'min'");
        }
        String toShard = args.string("toShard");
        if (!context.catalog().shardIds().contains(toShard)) {
            throw new MongoCommandException(
                    ErrorCode.SHARD_NOT_FOUND, Refusal.shardNotFound(toShard).message());
        }
        requireInClusterCatalog(ns);
        if (runUnlessDone(ns, new MoveRange(ns, min, max, toShard))) {
            context.catalog().settle(ns);
        }
        return Replies.ok();
    }

    /**
     * The config server's look-up of {@code ns} for {@code moveRange} ({@code Balancer::moveRange}): a collection
     * {@code config.collections} does not hold (its database missing, or never sharded) is NamespaceNotFound, worded
     * by {@code ShardingCatalogClientImpl::getCollection} as "collection db.c not found" (6.0, 7.x) or "Collection
     * 'db.c' not found in cluster catalog" (the 8.x source; from which release on is not verified, taken from 8.0);
     * from 8.0 a tracked unsharded collection ({@code unsplittable}) is NamespaceNotSharded "Can't execute moveRange
     * on unsharded collection db.c" (jstests/sharding/move_range_basic.js, "Testing on unsplittable namespace").
     */
    private void requireInClusterCatalog(String ns) {
        if (context.catalog().collection(ns).isPresent()) {
            return;
        }
        boolean eightOh = context.version().atLeast(8, 0);
        if (eightOh && context.catalog().unsplittableCollections().containsKey(ns)) {
            throw new MongoCommandException(
                    ErrorCode.NAMESPACE_NOT_SHARDED, "Can't execute moveRange on unsharded collection " + ns);
        }
        throw new MongoCommandException(
                ErrorCode.NAMESPACE_NOT_FOUND,
                eightOh ? "Collection '" + ns + "' not found in cluster catalog" : "collection " + ns + " not found");
    }

    /**
     * {@code mergeChunks} of the chunks that exactly fill {@code bounds}; its argument checks come before the
     * collection is looked up and are errmsg-only failures (mongo {@code cluster_merge_chunks_cmd.cpp}). From 5.0 a
     * range that is one chunk already is a success ({@link MergeChunks}).
     */
    BsonDocument mergeChunks(CommandRequest request) {
        CommandArguments args = request.arguments();
        String ns = args.firstString();
        BsonArray bounds = args.has("bounds") ? args.array("bounds") : new BsonArray();
        if (bounds.isEmpty()) {
            throw new MongoCommandException(ErrorCode.NO_CODE, "no bounds were specified");
        }
        if (bounds.size() != 2) {
            throw new MongoCommandException(ErrorCode.NO_CODE, "only a min and max bound may be specified");
        }
        for (int i = 0; i < 2; i++) {
            if (bounds.get(i).asDocument().isEmpty()) {
                throw new MongoCommandException(ErrorCode.NO_CODE, "no " + (i == 0 ? "min" : "max") + " key specified");
            }
        }
        context.requireRoutedSharded(ns);
        runUnlessDone(
                ns,
                new MergeChunks(ns, bounds.get(0).asDocument(), bounds.get(1).asDocument()));
        return Replies.ok();
    }

    /**
     * {@code mergeAllChunksOnShard} (7.0+): every run of contiguous mergeable chunks of the shard merges
     * ({@link MergeAllChunksOnShard}); nothing to merge is a success.
     */
    BsonDocument mergeAllChunksOnShard(CommandRequest request) {
        CommandArguments args = request.arguments();
        String ns = args.firstString();
        String shard = args.string("shard");
        if (!context.catalog().shardIds().contains(shard)) {
            // mongo cluster_merge_all_chunks_on_shard_cmd.cpp: ShardRegistry::getShard first
            throw new MongoCommandException(ErrorCode.SHARD_NOT_FOUND, "Shard " + shard + " not found");
        }
        context.requireSharded(ns);
        int max = (int) args.number("maxNumberOfChunksToMerge", 0);
        runUnlessDone(ns, max > 0 ? new MergeAllChunksOnShard(ns, shard, max) : new MergeAllChunksOnShard(ns, shard));
        return Replies.ok();
    }

    /**
     * Runs {@code command} on the collection's cluster; false when MongoDB would answer it as done already (the
     * simulator refuses it as such, {@link io.shardlab.sim.Refusal#alreadyDone}) and nothing ran.
     */
    private boolean runUnlessDone(String ns, ClusterCommand command) {
        try {
            context.catalog().execute(ns, command);
            return true;
        } catch (CommandFailedException e) {
            if (e.alreadyDone()) {
                return false;
            }
            throw e;
        }
    }

    /**
     * {@code clearJumboFlag} of the chunk holding {@code find}, its arguments checked as mongo
     * {@code cluster_clear_jumbo_flag_cmd.cpp} does (InvalidOptions); a chunk named by {@code bounds} is not
     * simulated.
     */
    BsonDocument clearJumboFlag(CommandRequest request) {
        CommandArguments args = request.arguments();
        String ns = args.firstString();
        if (args.has("bounds") && args.array("bounds").size() != 2) {
            throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "bounds can only have exactly 2 elements");
        }
        if (args.has("find") && args.has("bounds")) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_OPTIONS, "cannot specify bounds and find at the same time");
        }
        if (!args.has("find") && !args.has("bounds")) {
            throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "need to specify find or bounds");
        }
        if (!args.has("find")) {
            throw new MongoCommandException(
                    ErrorCode.COMMAND_NOT_SUPPORTED, "ShardLab does not simulate clearJumboFlag with bounds yet");
        }
        context.catalog().execute(ns, new ClearJumboFlag(ns, args.document("find")));
        return Replies.ok();
    }

    /** A document argument, null when empty (MongoDB's {@code getObjectField} reads absent and empty alike). */
    private static BsonDocument nonEmpty(BsonDocument document) {
        return document == null || document.isEmpty() ? null : document;
    }

    /** A value read by hand as a document: null unless it is one ({@code getObjectField}). */
    private static BsonDocument documentOrNull(BsonValue value) {
        return value != null && value.isDocument() ? value.asDocument() : null;
    }

    /** One bound of a {@code bounds: [min, max]} argument. */
    private static BsonDocument bound(BsonArray bounds, int i) {
        if (!bounds.get(i).isDocument()) {
            throw new MongoCommandException(ErrorCode.TYPE_MISMATCH, "bounds[" + i + "] must be a document");
        }
        return bounds.get(i).asDocument();
    }
}
