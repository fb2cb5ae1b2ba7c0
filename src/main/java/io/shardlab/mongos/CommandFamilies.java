package io.shardlab.mongos;

import org.bson.BsonDocument;

/**
 * The command families of one mongos, each over the same {@link CommandContext}: what the command table's
 * handlers run on.
 */
record CommandFamilies(
        CommandContext context,
        HandshakeCommands handshake,
        CollectionShardingCommands sharding,
        ChunkCommands chunks,
        ShardAndZoneCommands shards,
        ShardDrainingCommands draining,
        BalancerCommands balancer,
        WriteCommands writes,
        ReadCommands reads,
        AnalyzeCommands analyze,
        ExplainCommand explain,
        CollectionDefinitionCommands definitions,
        ClusterCatalogListing catalogListing,
        ConfigDatabaseCommands configDatabase,
        IndexCommands indexes,
        ReshardingDecisionCommands resharding,
        SessionCommands sessions) {

    /**
     * Every family over {@code context}; {@code explain} reads the explained command through {@code syntaxes}; the
     * session commands are the layer's one {@code sessions}.
     */
    static CommandFamilies over(CommandContext context, ExplainCommand.Syntaxes syntaxes, SessionCommands sessions) {
        return new CommandFamilies(
                context,
                new HandshakeCommands(context),
                new CollectionShardingCommands(context),
                new ChunkCommands(context),
                new ShardAndZoneCommands(context),
                new ShardDrainingCommands(context),
                new BalancerCommands(context),
                new WriteCommands(context),
                new ReadCommands(context),
                new AnalyzeCommands(context),
                new ExplainCommand(context, syntaxes),
                new CollectionDefinitionCommands(context),
                new ClusterCatalogListing(context),
                new ConfigDatabaseCommands(context),
                new IndexCommands(context),
                new ReshardingDecisionCommands(context),
                sessions);
    }

    /** A command the storage answers unchanged, on the database the client named. */
    BsonDocument toStorage(CommandRequest request) {
        return context.storage().run(request.database(), request.body());
    }
}
