package io.shardlab.mongos;

import static io.shardlab.mongos.MongosCommand.Access.READ;
import static io.shardlab.mongos.MongosCommand.Access.WRITE;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.InvalidShardKeyException;
import io.shardlab.mongos.MongosCommand.Access;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.InsertBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The MongoDB commands a mongos of the simulated release answers, dispatched through one table
 * ({@link MongosCommandTable}). {@link #run} looks the command up, refuses it where mongos would (off {@code admin},
 * not simulated, not in the
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

    private static final Map<String, MongosCommand> BY_NAME = MongosCommandTable.BY_NAME;

    /** The commands that change a collection or a database as a whole (outside a transaction they abort the open transactions holding it). */
    private static final Set<String> DEFINITIONS =
            Set.of("create", "createIndexes", "drop", "dropIndexes", "renameCollection", "collMod");

    private final CommandFamilies families;
    private final ServerCounters counters;
    private final List<CommandObserver> observers = new CopyOnWriteArrayList<>();
    private final LogicalSessions sessions = new LogicalSessions();
    private final WriteIntents intents = new WriteIntents();
    private final Transactions transactions;
    private final RetryableWrites retryableWrites;
    /** Commands run that may have changed documents, indexes or metadata ({@link #writeRevision}). */
    private long writeRevision;

    /**
     * @param memoryBudgetBytes writes that would take the documents past this many bytes of heap (their BSON bytes
     *     and {@link DocumentStorage#keptBytesPerDocument()} each) are refused
     * @param wallClockMillis the wall clock, for {@code localTime}
     * @param notices receives one line each time the memory budget's use passes 50, 80 and 100 percent
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
                        context.within(snapshot, transaction), MongosCommandTable::syntaxOf, sessionCommands()));
        this.retryableWrites = new RetryableWrites(sessions, transactions, release.version(), wallClockMillis);
        this.families = CommandFamilies.over(context, MongosCommandTable::syntaxOf, new SessionCommands(transactions));
        this.counters = counters;
    }

    /** From now on {@code observer} hears of every command run, after it ran ({@link CommandObserver}). */
    public void observe(CommandObserver observer) {
        observers.add(Objects.requireNonNull(observer, "observer"));
    }

    /** The catalog the commands change. */
    public ShardedCatalog catalog() {
        return families.context().catalog();
    }

    /** The config database this mongos serves (its documents are rebuilt from the catalog when read). */
    ConfigDatabase configDatabase() {
        return families.context().configDatabase();
    }

    /**
     * Runs {@code work} while no command runs (the data file is written so, between commands).
     *
     * @return what {@code work} gives
     */
    public synchronized <T> T betweenCommands(Supplier<T> work) {
        return work.get();
    }

    /**
     * What is left on shard {@code shard}, as {@code shardDrainingStatus} counts it ({@link DrainRemaining}): the
     * explorer's drain section reads the same count.
     */
    public synchronized DrainRemaining drainRemaining(String shard) {
        CommandContext context = families.context();
        return DrainRemaining.of(context.catalog(), shard, context.documents()::collectionNames);
    }

    /** The clients' collections ({@code db.collection}, not the config database's, local's or ShardLab's own), sorted. */
    public synchronized List<String> storedNamespaces() {
        StoredDocuments documents = families.context().documents();
        BsonDocument reply = documents.storage().run("admin", new BsonDocument("listDatabases", new BsonInt32(1)));
        List<String> out = new ArrayList<>();
        for (BsonValue d : reply.getArray("databases", new BsonArray())) {
            String db = d.asDocument().getString("name").getValue();
            if (!StoredDocuments.isInternal(db) && !db.equals("config") && !db.equals("local")) {
                documents.collectionNames(db).forEach(c -> out.add(db + "." + c));
            }
        }
        out.sort(null);
        return out;
    }

    /** The documents the clients' collections hold ({@link #storedNamespaces}). */
    public synchronized long storedDocuments() {
        StoredDocuments documents = families.context().documents();
        long n = 0;
        for (String ns : storedNamespaces()) {
            n += documents.count(CommandContext.databaseOf(ns), CommandContext.collectionOf(ns), new BsonDocument());
        }
        return n;
    }

    /** The indexes of {@code ns} as {@code listIndexes} gives them. */
    public synchronized List<BsonDocument> indexes(String ns) {
        return families.context().documents().indexes(CommandContext.databaseOf(ns), CommandContext.collectionOf(ns));
    }

    /**
     * Restores documents of {@code ns} read from a data file: the collection and its {@code indexes} are created
     * the first time, the documents stored within the memory budget and recorded in the simulated cluster as
     * arrived (its chunks or the unsharded collection's bytes).
     *
     * @throws MongoCommandException ExceededMemoryLimit when the documents do not fit in the budget
     */
    public synchronized void restore(String ns, List<BsonDocument> indexes, List<BsonDocument> batch) {
        CommandContext context = families.context();
        String db = CommandContext.databaseOf(ns);
        String coll = CommandContext.collectionOf(ns);
        if (!context.documents().exists(db, coll)) {
            context.catalog().createDatabase(db, null);
            context.storage().run(db, new BsonDocument("create", new BsonString(coll)));
            BsonArray specs = new BsonArray();
            for (BsonDocument index : indexes) {
                if (!"_id_".equals(index.getString("name", new BsonString("")).getValue())) {
                    BsonDocument spec = index.clone();
                    spec.remove("ns");
                    spec.remove("v");
                    specs.add(spec);
                }
            }
            if (!specs.isEmpty()) {
                context.storage()
                        .run(db, new BsonDocument("createIndexes", new BsonString(coll)).append("indexes", specs));
            }
        }
        if (batch.isEmpty()) {
            return;
        }
        long bytes = 0;
        for (BsonDocument d : batch) {
            bytes += InsertBatch.bsonSize(d) + context.storage().keptBytesPerDocument();
        }
        if (!context.budget().fits(bytes)) {
            throw context.budget().refusal();
        }
        BsonDocument reply = context.storage()
                .run(db, new BsonDocument("insert", new BsonString(coll)).append("documents", new BsonArray(batch)));
        if (reply.getNumber("ok", new BsonInt32(0)).intValue() != 1 || reply.containsKey("writeErrors")) {
            throw new IllegalArgumentException(ns + ": the documents cannot be restored: " + reply.toJson());
        }
        context.budget().stored(bytes);
        context.writes().inserted(ns, batch);
    }

    /** How full the memory budget of kept documents is. */
    public synchronized MemoryBudgetUse memoryBudget() {
        return families.context().budget().use();
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

    /**
     * The retryable writes whose retries are answered with their first reply ({@code config.transactions} entries
     * with the replies, {@link LogicalSession#retryableWriteRecord}), for the data file.
     */
    public synchronized List<BsonDocument> retryableWriteRecords() {
        return sessions.retryableWriteRecords();
    }

    /**
     * Takes back the retryable writes a data file kept: a client retrying a write this mongos' previous run applied
     * gets the first reply, and nothing is written twice.
     *
     * @throws IllegalArgumentException naming the record that is not one
     */
    public synchronized void restoreRetryableWrites(List<BsonDocument> records) {
        sessions.restoreRetryableWrites(records);
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
        if (mayChange(command)) {
            // counted before it runs: a refused batch may have written part of itself
            writeRevision++;
        }
        try {
            BsonDocument reply = runCounted(database, command);
            tellObservers(database, command, true);
            return reply;
        } catch (MongoCommandException e) {
            counters.countRefusal();
            tellObservers(database, command, false);
            // error_labels.cpp: a statement of a transaction is one with txnNumber and autocommit
            boolean inTransaction = command.containsKey("txnNumber") && command.containsKey("autocommit");
            throw e.withLabels(ErrorLabels.of(e.code(), inTransaction));
        }
    }

    /**
     * Counts the commands run that may have changed documents, indexes or metadata: every command but the reads
     * ({@link Access#READ}), an aggregation writing with {@code $out} or {@code $merge} counted as a write. Equal
     * figures mean no such command ran between them (what a reader of {@code $collStats} may cache on).
     */
    public synchronized long writeRevision() {
        return writeRevision;
    }

    private static boolean mayChange(BsonDocument command) {
        MongosCommand c = command.isEmpty() ? null : BY_NAME.get(commandName(command));
        if (c == null || c.access() != READ) {
            return true;
        }
        BsonValue pipeline = command.get("pipeline");
        // a pipeline of the wrong type is the command's own error to give
        for (BsonValue stage : pipeline != null && pipeline.isArray() ? pipeline.asArray() : new BsonArray()) {
            if (stage.isDocument()
                    && (stage.asDocument().containsKey("$out")
                            || stage.asDocument().containsKey("$merge"))) {
                return true;
            }
        }
        return command.getFirstKey().equals("mapReduce");
    }

    private void tellObservers(String database, BsonDocument command, boolean succeeded) {
        for (CommandObserver observer : observers) {
            observer.ran(catalog(), database, command, succeeded);
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
            CommandSyntax syntax = c.syntax().apply(version);
            BsonDocument body = CommandArguments.withoutAbsentFields(
                    statement ? TransactionRules.asStatement(name, command) : command, syntax, version);
            CommandArguments arguments = CommandArguments.parse(body, syntax, version);
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
            return reply;
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
}
