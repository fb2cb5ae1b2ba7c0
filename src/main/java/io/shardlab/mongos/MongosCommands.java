package io.shardlab.mongos;

import static io.shardlab.mongos.MongosCommand.Access.READ;
import static io.shardlab.mongos.MongosCommand.Access.ROUTER;
import static io.shardlab.mongos.MongosCommand.Access.WRITE;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;
import io.shardlab.key.InvalidShardKeyException;
import io.shardlab.mongos.MongosCommand.Access;
import io.shardlab.sim.CommandFailedException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The MongoDB commands a mongos of the simulated release answers. One table ({@link #TABLE}) names every command,
 * the spellings it also answers to, whether it runs only on {@code admin}, what it does to stored documents,
 * whether ShardLab simulates it, the releases that have it, its arguments' syntax and the family that answers it.
 * {@link #run} looks the command up, refuses it where mongos would (off {@code admin}, not simulated, not in the
 * release), reads its arguments once ({@link CommandArguments#parse}), and hands it to its family in
 * {@link CommandFamilies}. A command the table does not name only reads or changes stored documents: the storage
 * answers it unchanged (on {@code config}, the config database).
 *
 * <p>Refusals are {@link MongoCommandException}s with MongoDB's code and text; write refusals are
 * {@code writeErrors} in an {@code ok: 1} reply, as mongos sends them.
 *
 * <p>Threading: one command at a time ({@code synchronized}); the simulated clock is moved by {@link #advance}.
 */
public final class MongosCommands {

    /**
     * Every command the mongos names, one row each. Sources: {@code adminOnly()} and the registered aliases of
     * each mongo {@code src/mongo/s/commands/cluster_*_cmd.cpp}; {@code sampled}, mongo
     * {@code SampledCommandNameEnum}; the releases, MongoDB's release notes and {@link ReleaseRules}.
     */
    static final List<MongosCommand> TABLE = List.of(
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
            MongosCommand.of("insert", WRITE, (f, r) -> f.writes().insert(r))
                    .syntax(WriteCommands.INSERT)
                    .notingBudget(),
            MongosCommand.of("update", WRITE, (f, r) -> f.writes().update(r))
                    .syntax(WriteCommands.UPDATE)
                    .sampledByAnalyzer()
                    .notingBudget(),
            MongosCommand.of("delete", WRITE, (f, r) -> f.writes().delete(r))
                    .syntax(WriteCommands.DELETE)
                    .sampledByAnalyzer(),
            MongosCommand.of("findAndModify", WRITE, (f, r) -> f.writes().findAndModify(r))
                    .alias("findandmodify")
                    .syntax(WriteCommands.FIND_AND_MODIFY)
                    .sampledByAnalyzer()
                    .notingBudget(),
            MongosCommand.of("drop", WRITE, (f, r) -> f.writes().drop(r)).syntax(WriteCommands.DROP),
            MongosCommand.of("dropDatabase", WRITE, (f, r) -> f.writes().dropDatabase(r)),
            MongosCommand.of("create", WRITE, (f, r) -> f.definitions().create(r))
                    .syntax(CollectionDefinitionCommands.CREATE),
            MongosCommand.of("collMod", WRITE, (f, r) -> f.definitions().collMod(r)),
            MongosCommand.of("createIndexes", WRITE, (f, r) -> f.indexes().createIndexes(r))
                    .syntax(IndexCommands.CREATE_INDEXES),
            MongosCommand.of("dropIndexes", WRITE, (f, r) -> f.indexes().dropIndexes(r))
                    .syntax(IndexCommands.DROP_INDEXES),
            MongosCommand.of(
                    "renameCollection", WRITE, (f, r) -> f.definitions().renameCollection(r)),
            MongosCommand.of("aggregate", READ, (f, r) -> f.reads().aggregate(r))
                    .syntax(ReadCommands.AGGREGATE)
                    .sampledByAnalyzer()
                    .notingBudget(),
            MongosCommand.of("find", READ, (f, r) -> f.reads().findOrCount(r))
                    .syntax(ReadCommands.FIND)
                    .sampledByAnalyzer()
                    .notingBudget(),
            MongosCommand.of("count", READ, (f, r) -> f.reads().findOrCount(r))
                    .syntax(ReadCommands.COUNT)
                    .sampledByAnalyzer()
                    .notingBudget(),
            MongosCommand.of("distinct", READ, CommandFamilies::toStorage)
                    .syntax(ReadCommands.DISTINCT)
                    .sampledByAnalyzer()
                    .notingBudget(),
            MongosCommand.of("dbStats", READ, (f, r) -> f.reads().dbStats(r)).alias("dbstats"),
            MongosCommand.of("killCursors", READ, CommandFamilies::toStorage).syntax(ReadCommands.KILL_CURSORS),
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
            // a mongos has these; ShardLab does not simulate them yet (killOp: commands run one at a time, none is
            // left running for a client to kill)
            MongosCommand.notSimulated("killOp", false),
            MongosCommand.of(
                            "checkMetadataConsistency",
                            ROUTER,
                            (f, r) -> f.catalogListing().checkMetadataConsistency(r))
                    .since(7, 0),
            MongosCommand.of(
                            "setAllowMigrations", ROUTER, (f, r) -> f.balancer().setAllowMigrations(r))
                    .onlyOnAdmin()
                    .syntax(BalancerCommands.SET_ALLOW_MIGRATIONS),
            MongosCommand.notSimulated("cleanupOrphaned", false),
            MongosCommand.notSimulated("abortReshardCollection", false),
            MongosCommand.notSimulated("commitReshardCollection", false));

    /** {@link #TABLE} by name and by alias. */
    private static final Map<String, MongosCommand> BY_NAME = byName();

    /** The commands that change a collection or a database as a whole (outside a transaction they abort the open transactions holding it). */
    private static final Set<String> DEFINITIONS =
            Set.of("create", "createIndexes", "drop", "dropIndexes", "renameCollection", "collMod");

    private final CommandFamilies families;
    private final ServerCounters counters;
    private final LogicalSessions sessions = new LogicalSessions();
    private final WriteIntents intents = new WriteIntents();
    private final Transactions transactions;
    private final RetryableWrites retryableWrites;

    /**
     * @param memoryBudgetBytes documents beyond this many bytes of heap (their BSON bytes and {@link
     *     DocumentStorage#keptBytesPerDocument()} each) are routed and counted but not kept
     * @param wallClockMillis the wall clock, for {@code localTime}
     * @param notices receives one line when a collection's documents first stop being kept
     * @param host the machine the mongos runs on ({@code hostInfo}, {@code serverStatus})
     * @param counters what {@code serverStatus} counts; the command layer counts the operations
     */
    public MongosCommands(
            ShardedCatalog catalog,
            MongosRelease release,
            ConfigDatabase configDatabase,
            DocumentStorage storage,
            long memoryBudgetBytes,
            LongSupplier wallClockMillis,
            Consumer<String> notices,
            HostMachine host,
            ServerCounters counters) {
        DocumentStorage dialect = new StoreDialect(storage);
        StoredDocuments documents = new StoredDocuments(dialect);
        MemoryBudget budget = new MemoryBudget(memoryBudgetBytes, notices);
        ClusterRecording recording = new ClusterRecording(catalog, documents, budget);
        CommandContext context = new CommandContext(
                catalog,
                release,
                configDatabase,
                documents,
                new ShardLocalCatalog(),
                budget,
                new QuerySampler(catalog.config().seed(), wallClockMillis.getAsLong()),
                new ServerInformation(release, host, counters, wallClockMillis),
                new StorageStatistics(
                        catalog, dialect, (db, coll) -> documents.first(db, coll, StorageStatistics.INDEX_SAMPLE)),
                wallClockMillis,
                WrittenDocuments.both(recording, intents.outsideWrites()),
                new CollectionCreateOptions(),
                new ViewCatalog());
        this.transactions = new Transactions(
                sessions,
                intents,
                dialect,
                recording,
                budget,
                release.version(),
                wallClockMillis,
                (snapshot, transaction) -> CommandFamilies.over(
                        context.within(snapshot, transaction), MongosCommands::syntaxOf, sessionCommands()));
        this.retryableWrites = new RetryableWrites(sessions, transactions, release.version(), wallClockMillis);
        this.families = CommandFamilies.over(context, MongosCommands::syntaxOf, new SessionCommands(transactions));
        this.counters = counters;
    }

    private static Map<String, MongosCommand> byName() {
        Map<String, MongosCommand> byName = new HashMap<>();
        for (MongosCommand c : TABLE) {
            byName.put(c.name(), c);
            c.aliases().forEach(a -> byName.put(a, c));
        }
        return Map.copyOf(byName);
    }

    /** The syntax of the command {@code name} in {@code release}; none declared for one the table does not name. */
    static CommandSyntax syntaxOf(String name, MongoVersion release) {
        MongosCommand c = BY_NAME.get(name);
        return c == null
                ? CommandSyntax.none(name, "(answered by the storage)")
                : c.syntax().apply(release);
    }

    /** The catalog the commands change. */
    public ShardedCatalog catalog() {
        return families.context().catalog();
    }

    /** The config database this mongos serves (its documents are rebuilt from the catalog when read). */
    ConfigDatabase configDatabase() {
        return families.context().configDatabase();
    }

    /** Documents routed but not kept, per namespace (past the memory budget). */
    public synchronized Map<String, Long> notKept() {
        return families.context().budget().notKeptCounts();
    }

    private SessionCommands sessionCommands() {
        return families.sessions();
    }

    /** Transactions in progress now (those past their lifetime limit are aborted first). */
    public synchronized int transactionsInProgress() {
        return transactions.inProgress();
    }

    /** Sessions the mongos keeps now (each until idle for 30 minutes, or ended and done). */
    public synchronized int sessionsKept() {
        return sessions.size();
    }

    /** Lets simulated time pass (balancer rounds, migrations). */
    public synchronized void advance(long millis) {
        catalog().advance(millis);
    }

    /** The canonical name of a command document's first field (aliases resolved). */
    public static String commandName(BsonDocument command) {
        if (command.isEmpty()) {
            throw new MongoCommandException(ErrorCode.FAILED_TO_PARSE, "Empty command");
        }
        String first = command.getFirstKey();
        MongosCommand c = BY_NAME.get(first);
        return c == null ? first : c.name();
    }

    /**
     * Admin-only commands that only read, which MongoDB's {@code clusterMonitor} role grants (mongo {@code
     * src/mongo/db/auth/builtin_roles.yml}: {@code listShards}; the balancer's status is read through {@code
     * config.settings}, which the role may read).
     */
    private static final Set<String> ADMIN_READS = Set.of("listShards", "balancerStatus", "balancerCollectionStatus");

    /**
     * Whether {@code command} changes documents or the cluster: what a user whose roles only read (MongoDB's
     * {@code readAnyDatabase} and {@code clusterMonitor}, mongo {@code src/mongo/db/auth/builtin_roles.yml}) is
     * refused. The table's writes (insert, update, delete, findAndModify, drop, create, index changes, and
     * writes to {@code config} such as mongosh's balancer helpers) and every admin-only command but the reads of
     * {@link #ADMIN_READS} (shardCollection, split, moveChunk, zones, balancerStart…); reads, explain,
     * analyzeShardKey and the handshake are not.
     */
    public static boolean changesDataOrCluster(BsonDocument command) {
        if (command.isEmpty()) {
            return false;
        }
        MongosCommand c = BY_NAME.get(command.getFirstKey());
        return c != null && (c.access() == WRITE || (c.adminOnly() && !ADMIN_READS.contains(c.name())));
    }

    /**
     * Runs one command as mongos would.
     *
     * @param database the command's {@code $db}
     * @return the reply
     * @throws MongoCommandException with MongoDB's code and message when the command fails
     */
    public synchronized BsonDocument run(String database, BsonDocument command) {
        try {
            return runCounted(database, command);
        } catch (MongoCommandException e) {
            counters.countRefusal();
            // error_labels.cpp: a statement of a transaction is one with txnNumber and autocommit
            boolean inTransaction = command.containsKey("txnNumber") && command.containsKey("autocommit");
            throw e.withLabels(ErrorLabels.of(e.code(), inTransaction));
        }
    }

    private BsonDocument runCounted(String database, BsonDocument command) {
        String name = commandName(command);
        counters.countOperation(name, command);
        MongosCommand c = BY_NAME.get(name);
        if (c == null) {
            c = MongosCommand.of(name, READ, CommandFamilies::toStorage);
        }
        MongoVersion version = families.context().version();
        if (c.adminOnly() && !"admin".equals(database)) {
            // mongo src/mongo/db/commands.cpp (CommandHelpers / BasicCommand adminOnly check)
            throw new MongoCommandException(
                    ErrorCode.UNAUTHORIZED, name + " may only be run against the admin database.");
        }
        if (!c.simulated()) {
            throw new MongoCommandException(
                    ErrorCode.COMMAND_NOT_SUPPORTED,
                    "ShardLab does not simulate " + name + " on MongoDB " + version + " yet");
        }
        if (!c.exists().test(version)) {
            throw Replies.noSuchCommand(name);
        }
        try {
            OperationSessionInfo session = OperationSessionInfo.of(command);
            TransactionRules.check(name, database, session);
            boolean statement = session.inTransaction() && !TransactionRules.COMMIT_OR_ABORT.contains(name);
            BsonDocument body = statement ? TransactionRules.asStatement(name, command) : command;
            CommandArguments arguments = CommandArguments.parse(body, c.syntax().apply(version), version);
            CommandRequest request = new CommandRequest(database, name, body, arguments);
            MongosCommand found = c;
            BsonDocument reply;
            if (statement) {
                reply = transactions.statement(session, f -> invoke(f, found, request));
            } else if (TransactionRules.isRetryableWrite(name, session)) {
                int stmtId =
                        command.isNumber("stmtId") ? command.getNumber("stmtId").intValue() : 0;
                reply = retryableWrites.run(session, stmtId, () -> invoke(families, found, request));
            } else {
                session.lsid()
                        .ifPresent(lsid -> sessions.use(
                                lsid, families.context().wallClockMillis().getAsLong()));
                reply = invoke(families, c, request);
                if (DEFINITIONS.contains(name) || name.equals("dropDatabase")) {
                    intents.changedOutside(definedNamespace(database, name, command));
                }
            }
            if (c.sampled()) {
                families.analyze().sample(database, name, command);
            }
            return c.notesBudget() ? withNotKeptNote(database, command, reply) : reply;
        } catch (CommandFailedException e) {
            throw new MongoCommandException(
                    ErrorCode.named(e.codeName()).orElse(ErrorCode.OPERATION_FAILED), e.reason());
        } catch (InvalidShardKeyException e) {
            throw new MongoCommandException(ErrorCode.BAD_VALUE, e.getMessage());
        }
    }

    /**
     * The namespace a definition command changes ({@code renameCollection} names it in full), or the database for
     * {@code dropDatabase}.
     */
    private static String definedNamespace(String database, String name, BsonDocument command) {
        BsonValue target = command.get(name);
        if (!target.isString()) {
            return database;
        }
        return name.equals("renameCollection")
                ? target.asString().getValue()
                : database + "." + target.asString().getValue();
    }

    /**
     * Runs {@code c}'s handler on {@code f} (on {@code config}, a read or write of the config database; on a view,
     * the view's answer); a dropped namespace's view or kept options go with it.
     */
    private static BsonDocument invoke(CommandFamilies f, MongosCommand c, CommandRequest request) {
        // a collectionless aggregate reads no config collection: its first stage is the router's
        boolean collectionless = "aggregate".equals(request.name())
                && !request.body().get(request.name()).isString();
        if (c.access() != Access.ROUTER && "config".equals(request.database()) && !collectionless) {
            return f.configDatabase().run(request, c.access() == WRITE);
        }
        BsonDocument reply =
                f.definitions().onView(request).orElseGet(() -> c.handler().run(f, request));
        if ("drop".equals(request.name()) || "dropDatabase".equals(request.name())) {
            f.definitions().forget(request);
        }
        return reply;
    }

    /**
     * A reply to a read or write of a collection whose documents were not all kept gets a
     * {@code shardlab: {notKept, note}} field ({@link MemoryBudget#note}), so a client that looks at the reply
     * learns what reads cannot return.
     */
    private BsonDocument withNotKeptNote(String db, BsonDocument command, BsonDocument reply) {
        BsonValue target = command.get(command.getFirstKey());
        if (target.isString()) {
            families.context()
                    .budget()
                    .note(db + "." + target.asString().getValue())
                    .ifPresent(note -> reply.append("shardlab", note));
        }
        return reply;
    }
}
