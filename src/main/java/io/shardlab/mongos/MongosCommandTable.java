package io.shardlab.mongos;

import static io.shardlab.mongos.MongosCommand.Access.READ;
import static io.shardlab.mongos.MongosCommand.Access.ROUTER;
import static io.shardlab.mongos.MongosCommand.Access.WRITE;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The command table of {@link MongosCommands}: every command the mongos names, one row each (name, the spellings it
 * also answers to, whether it runs only on {@code admin}, what it does to stored documents, whether ShardLab
 * simulates it, the releases that have it, its arguments' syntax and the family that answers it), and the rows by
 * name and alias. A command the table does not name only reads or changes stored documents.
 */
final class MongosCommandTable {

    /**
     * Every command the mongos names, one row each. Sources: {@code adminOnly()} and the registered aliases of
     * each mongo {@code src/mongo/s/commands/cluster_*_cmd.cpp}; {@code sampled}, mongo
     * {@code SampledCommandNameEnum}; the releases, MongoDB's release notes and {@link ReleaseRules}.
     */
    static final List<MongosCommand> ROWS = List.of(
            // handshake and server information
            MongosCommand.of("hello", ROUTER, (f, r) -> f.handshake().hello(r)).syntax(HandshakeCommands.HELLO),
            MongosCommand.of("isMaster", ROUTER, (f, r) -> f.handshake().hello(r))
                    .alias("ismaster")
                    .syntax(HandshakeCommands.HELLO),
            MongosCommand.of("buildInfo", ROUTER, (f, r) -> f.handshake().buildInfo(r))
                    .alias("buildinfo"),
            MongosCommand.of("refreshSessions", ROUTER, (f, r) -> f.handshake().refreshSessions(r)),
            MongosCommand.of("atlasVersion", ROUTER, (f, r) -> f.handshake().atlasVersion(r)),
            MongosCommand.of("getParameter", ROUTER, (f, r) -> f.handshake().getParameter(r)),
            MongosCommand.of("connectionStatus", ROUTER, (f, r) -> f.handshake().connectionStatus(r)),
            MongosCommand.of("serverStatus", ROUTER, (f, r) -> f.handshake().serverStatus(r)),
            MongosCommand.of("hostInfo", ROUTER, (f, r) -> f.handshake().hostInfo(r)),
            MongosCommand.of("currentOp", ROUTER, (f, r) -> f.reads().currentOpCommand(r))
                    .onlyOnAdmin(),
            MongosCommand.of("listCollections", ROUTER, (f, r) -> f.reads().listCollections(r))
                    .syntax(ReadCommands.LIST_COLLECTIONS),
            MongosCommand.of("listDatabases", ROUTER, (f, r) -> f.reads().listDatabases(r))
                    .syntax(ReadCommands.LIST_DATABASES),
            // where databases and collections live
            MongosCommand.of("enableSharding", ROUTER, (f, r) -> f.sharding().enableSharding(r))
                    .alias("enablesharding")
                    .onlyOnAdmin()
                    .syntax(CollectionShardingCommands.ENABLE_SHARDING),
            MongosCommand.of("shardCollection", ROUTER, (f, r) -> f.sharding().shardCollection(r))
                    .alias("shardcollection")
                    .onlyOnAdmin()
                    .syntax(CollectionShardingCommands.SHARD_COLLECTION),
            MongosCommand.of("reshardCollection", ROUTER, (f, r) -> f.sharding().reshardCollection(r))
                    .onlyOnAdmin()
                    .since(5, 0)
                    .syntax(CollectionShardingCommands.RESHARD_COLLECTION),
            MongosCommand.of(
                            "refineCollectionShardKey",
                            ROUTER,
                            (f, r) -> f.sharding().refineCollectionShardKey(r))
                    .onlyOnAdmin()
                    .syntax(CollectionShardingCommands.REFINE_COLLECTION_SHARD_KEY),
            MongosCommand.of("movePrimary", ROUTER, (f, r) -> f.sharding().movePrimary(r))
                    .onlyOnAdmin()
                    .syntax(CollectionShardingCommands.MOVE_PRIMARY),
            MongosCommand.of("moveCollection", ROUTER, (f, r) -> f.sharding().moveCollection(r))
                    .onlyOnAdmin()
                    .since(8, 0)
                    .syntax(CollectionShardingCommands.MOVE_COLLECTION),
            MongosCommand.of("unshardCollection", ROUTER, (f, r) -> f.sharding().unshardCollection(r))
                    .onlyOnAdmin()
                    .since(8, 0)
                    .syntax(CollectionShardingCommands.UNSHARD_COLLECTION),
            // chunks
            MongosCommand.of("split", ROUTER, (f, r) -> f.chunks().split(r))
                    .onlyOnAdmin()
                    .syntax(ChunkCommands.SPLIT),
            MongosCommand.of("moveChunk", ROUTER, (f, r) -> f.chunks().moveChunk(r))
                    .alias("movechunk")
                    .onlyOnAdmin()
                    .syntax(ChunkCommands::moveChunkSyntax),
            MongosCommand.of("moveRange", ROUTER, (f, r) -> f.chunks().moveRange(r))
                    .onlyOnAdmin()
                    .since(6, 0)
                    .syntax(ChunkCommands.MOVE_RANGE),
            MongosCommand.of("mergeChunks", ROUTER, (f, r) -> f.chunks().mergeChunks(r))
                    .alias("mergechunks")
                    .onlyOnAdmin()
                    .syntax(ChunkCommands.MERGE_CHUNKS),
            MongosCommand.of(
                            "mergeAllChunksOnShard",
                            ROUTER,
                            (f, r) -> f.chunks().mergeAllChunksOnShard(r))
                    .onlyOnAdmin()
                    .since(7, 0)
                    .syntax(ChunkCommands.MERGE_ALL_CHUNKS_ON_SHARD),
            MongosCommand.of("clearJumboFlag", ROUTER, (f, r) -> f.chunks().clearJumboFlag(r))
                    .onlyOnAdmin()
                    .syntax(ChunkCommands.CLEAR_JUMBO_FLAG),
            // shards and zones
            MongosCommand.of("addShard", ROUTER, (f, r) -> f.shards().addShard(r))
                    .alias("addshard")
                    .onlyOnAdmin()
                    .syntax(ShardAndZoneCommands.ADD_SHARD),
            MongosCommand.of("removeShard", ROUTER, (f, r) -> f.shards().removeShard(r))
                    .onlyOnAdmin()
                    .syntax(ShardAndZoneCommands.REMOVE_SHARD),
            MongosCommand.of("listShards", ROUTER, (f, r) -> f.shards().listShards(r))
                    .onlyOnAdmin(),
            // the config shard (MongoDB manual: both new in 8.0)
            MongosCommand.of(
                            "transitionToDedicatedConfigServer",
                            ROUTER,
                            (f, r) -> f.shards().transitionToDedicatedConfigServer(r))
                    .onlyOnAdmin()
                    .since(8, 0),
            MongosCommand.of(
                            "transitionFromDedicatedConfigServer",
                            ROUTER,
                            (f, r) -> f.shards().transitionFromDedicatedConfigServer(r))
                    .onlyOnAdmin()
                    .since(8, 0),
            MongosCommand.of(
                            "startShardDraining", ROUTER, (f, r) -> f.draining().startShardDraining(r))
                    .onlyOnAdmin()
                    .existsIn(v -> ReleaseRules.of(v).shardDrainingCommands())
                    .syntax(ShardDrainingCommands.START_SHARD_DRAINING),
            MongosCommand.of(
                            "shardDrainingStatus",
                            ROUTER,
                            (f, r) -> f.draining().shardDrainingStatus(r))
                    .onlyOnAdmin()
                    .existsIn(v -> ReleaseRules.of(v).shardDrainingCommands())
                    .syntax(ShardDrainingCommands.SHARD_DRAINING_STATUS),
            MongosCommand.of("stopShardDraining", ROUTER, (f, r) -> f.draining().stopShardDraining(r))
                    .onlyOnAdmin()
                    .existsIn(v -> ReleaseRules.of(v).shardDrainingCommands())
                    .syntax(ShardDrainingCommands.STOP_SHARD_DRAINING),
            MongosCommand.of(
                            "commitShardRemoval", ROUTER, (f, r) -> f.draining().commitShardRemoval(r))
                    .onlyOnAdmin()
                    .existsIn(v -> ReleaseRules.of(v).shardDrainingCommands())
                    .syntax(ShardDrainingCommands.COMMIT_SHARD_REMOVAL),
            MongosCommand.of("addShardToZone", ROUTER, (f, r) -> f.shards().addShardToZone(r))
                    .onlyOnAdmin()
                    .syntax(ShardAndZoneCommands.ADD_SHARD_TO_ZONE),
            MongosCommand.of("removeShardFromZone", ROUTER, (f, r) -> f.shards().removeShardFromZone(r))
                    .onlyOnAdmin()
                    .syntax(ShardAndZoneCommands.REMOVE_SHARD_FROM_ZONE),
            MongosCommand.of("updateZoneKeyRange", ROUTER, (f, r) -> f.shards().updateZoneKeyRange(r))
                    .onlyOnAdmin()
                    .syntax(ShardAndZoneCommands.UPDATE_ZONE_KEY_RANGE),
            // the balancer
            MongosCommand.of("balancerStart", ROUTER, (f, r) -> f.balancer().startOrStop(r))
                    .onlyOnAdmin(),
            MongosCommand.of("balancerStop", ROUTER, (f, r) -> f.balancer().startOrStop(r))
                    .onlyOnAdmin(),
            MongosCommand.of("balancerStatus", ROUTER, (f, r) -> f.balancer().balancerStatus(r))
                    .onlyOnAdmin(),
            MongosCommand.of(
                            "balancerCollectionStatus",
                            ROUTER,
                            (f, r) -> f.balancer().balancerCollectionStatus(r))
                    .onlyOnAdmin()
                    .syntax(BalancerCommands.BALANCER_COLLECTION_STATUS),
            MongosCommand.of(
                            "configureCollectionBalancing",
                            ROUTER,
                            (f, r) -> f.balancer().configureCollectionBalancing(r))
                    .onlyOnAdmin()
                    .existsIn(v -> ReleaseRules.of(v).defragmentation())
                    .syntax(BalancerCommands.CONFIGURE_COLLECTION_BALANCING),
            // shard-key analysis and explain
            MongosCommand.of("analyzeShardKey", ROUTER, (f, r) -> f.analyze().analyzeShardKey(r))
                    .since(7, 0)
                    .syntax(AnalyzeCommands.ANALYZE_SHARD_KEY),
            MongosCommand.of(
                            "configureQueryAnalyzer",
                            ROUTER,
                            (f, r) -> f.analyze().configureQueryAnalyzer(r))
                    .onlyOnAdmin()
                    .since(7, 0)
                    .syntax(AnalyzeCommands.CONFIGURE_QUERY_ANALYZER),
            MongosCommand.of("explain", ROUTER, (f, r) -> f.explain().explain(r))
                    .syntax(ExplainCommand.EXPLAIN),
            // reads and writes of stored documents
            MongosCommand.of("insert", WRITE, (f, r) -> f.writes().insert(r)).syntax(WriteCommands.INSERT),
            MongosCommand.of("update", WRITE, (f, r) -> f.writes().update(r))
                    .syntax(WriteCommands.UPDATE)
                    .sampledByAnalyzer(),
            MongosCommand.of("delete", WRITE, (f, r) -> f.writes().delete(r))
                    .syntax(WriteCommands.DELETE)
                    .sampledByAnalyzer(),
            MongosCommand.of("findAndModify", WRITE, (f, r) -> f.writes().findAndModify(r))
                    .alias("findandmodify")
                    .syntax(WriteCommands.FIND_AND_MODIFY)
                    .sampledByAnalyzer(),
            MongosCommand.of("drop", WRITE, (f, r) -> f.writes().drop(r)).syntax(WriteCommands.DROP),
            MongosCommand.of("dropDatabase", WRITE, (f, r) -> f.writes().dropDatabase(r)),
            MongosCommand.of("create", WRITE, (f, r) -> f.definitions().create(r))
                    .syntax(CollectionDefinitionCommands.CREATE),
            MongosCommand.of("collMod", WRITE, (f, r) -> f.definitions().collMod(r))
                    .syntax(v -> v.atLeast(5, 0)
                            ? CollectionDefinitionCommands.COLL_MOD
                            : CollectionDefinitionCommands.COLL_MOD_4_4),
            MongosCommand.of("createIndexes", WRITE, (f, r) -> f.indexes().createIndexes(r))
                    .syntax(IndexCommands.CREATE_INDEXES),
            MongosCommand.of("dropIndexes", WRITE, (f, r) -> f.indexes().dropIndexes(r))
                    .syntax(IndexCommands.DROP_INDEXES),
            MongosCommand.of(
                            "renameCollection", WRITE, (f, r) -> f.definitions().renameCollection(r))
                    .syntax(v -> v.atLeast(5, 0)
                            ? CollectionDefinitionCommands.RENAME_COLLECTION
                            : CollectionDefinitionCommands.RENAME_COLLECTION_4_4),
            MongosCommand.of("aggregate", READ, (f, r) -> f.reads().aggregate(r))
                    .syntax(ReadCommands.AGGREGATE)
                    .sampledByAnalyzer(),
            MongosCommand.of("find", READ, (f, r) -> {
                        FindSyntax.checkHandParsed(f.context().version(), r.body());
                        return f.reads().findOrCount(r);
                    })
                    .syntax(FindSyntax::of)
                    .sampledByAnalyzer(),
            MongosCommand.of("count", READ, (f, r) -> f.reads().findOrCount(r))
                    .syntax(ReadCommands.COUNT)
                    .sampledByAnalyzer(),
            MongosCommand.of("distinct", READ, CommandFamilies::toStorage)
                    .syntax(ReadCommands.DISTINCT)
                    .sampledByAnalyzer(),
            MongosCommand.of("dbStats", READ, (f, r) -> f.reads().dbStats(r)).alias("dbstats"),
            MongosCommand.of("killCursors", READ, KillCursorsCommand::run).syntax(KillCursorsCommand::syntax),
            MongosCommand.of("getMore", READ, (f, r) -> {
                        GetMoreSyntax.check44(f.context().version(), r.database(), r.body());
                        return f.toStorage(r);
                    })
                    .syntax(GetMoreSyntax::of),
            // BasicCommands whose namespace is CommandHelpers::parseNsCollectionRequired's (mongo
            // src/mongo/s/commands/cluster_coll_stats_cmd.cpp, cluster_validate_cmd.cpp, and
            // cluster_list_indexes_cmd.cpp until it became a TypedCommand of list_indexes.idl)
            MongosCommand.of("listIndexes", READ, CommandFamilies::toStorage)
                    .syntax(v -> v.atLeast(6, 0)
                            ? ReadCommands.LIST_INDEXES
                            : ReadCommands.collectionRequired("listIndexes")),
            MongosCommand.of("validate", READ, CommandFamilies::toStorage)
                    .syntax(ReadCommands.collectionRequired("validate")),
            MongosCommand.of("collStats", READ, CommandFamilies::toStorage)
                    .syntax(ReadCommands.collectionRequired("collStats")),
            MongosCommand.of("getShardVersion", ROUTER, (f, r) -> ShardVersionCommand.of(f.context(), r))
                    .alias("getshardversion")
                    .onlyOnAdmin(),
            MongosCommand.of("usersInfo", ROUTER, (f, r) -> UsersInfoCommand.of(r)),
            // sessions and transactions
            MongosCommand.of("commitTransaction", ROUTER, (f, r) -> f.sessions().commitTransaction(r))
                    .onlyOnAdmin()
                    .syntax(SessionCommands.COMMIT_TRANSACTION),
            MongosCommand.of("abortTransaction", ROUTER, (f, r) -> f.sessions().abortTransaction(r))
                    .onlyOnAdmin()
                    .syntax(SessionCommands.ABORT_TRANSACTION),
            MongosCommand.of("endSessions", ROUTER, (f, r) -> f.sessions().endSessions(r)),
            // commands run one at a time: none is left running for killOp to kill (KillOpCommand)
            MongosCommand.of("killOp", ROUTER, (f, r) -> KillOpCommand.run(f.context(), r))
                    .onlyOnAdmin(),
            MongosCommand.of(
                            "checkMetadataConsistency",
                            ROUTER,
                            (f, r) -> f.catalogListing().checkMetadataConsistency(r))
                    .since(7, 0),
            MongosCommand.of(
                            "setAllowMigrations", ROUTER, (f, r) -> f.balancer().setAllowMigrations(r))
                    .onlyOnAdmin()
                    .syntax(BalancerCommands.SET_ALLOW_MIGRATIONS),
            // a shard's command, which no mongos registers (mongo src/mongo/s/commands/ has no cleanupOrphaned;
            // jstests/sharding/cleanup_orphaned_basic.js: "cleanupOrphaned fails against mongos ('no such command')")
            MongosCommand.of("cleanupOrphaned", ROUTER, (f, r) -> {
                        throw Replies.noSuchCommand("cleanupOrphaned");
                    })
                    .existsIn(v -> false),
            MongosCommand.of(
                            "abortReshardCollection",
                            ROUTER,
                            (f, r) -> f.resharding().abort(r))
                    .onlyOnAdmin()
                    .since(5, 0)
                    .syntax(ReshardingDecisionCommands.ABORT),
            MongosCommand.of(
                            "commitReshardCollection",
                            ROUTER,
                            (f, r) -> f.resharding().commit(r))
                    .onlyOnAdmin()
                    .since(5, 0)
                    .syntax(ReshardingDecisionCommands.COMMIT));

    /** {@link #ROWS} by name and by alias. */
    static final Map<String, MongosCommand> BY_NAME = byName();

    private MongosCommandTable() {}

    private static Map<String, MongosCommand> byName() {
        Map<String, MongosCommand> byName = new HashMap<>();
        for (MongosCommand c : ROWS) {
            byName.put(c.name(), c);
            c.aliases().forEach(a -> byName.put(a, c));
        }
        return Map.copyOf(byName);
    }

    /** The table's row of the command {@code name} (or an alias), if it has one. */
    static Optional<MongosCommand> command(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /** The syntax of the command {@code name} in {@code release}; none declared for one the table does not name. */
    static CommandSyntax syntaxOf(String name, MongoVersion release) {
        MongosCommand c = BY_NAME.get(name);
        return c == null
                ? CommandSyntax.none(name, "(answered by the storage)")
                : c.syntax().apply(release);
    }
}
