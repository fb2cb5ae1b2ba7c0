package io.shardlab.mongos;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.MongoVersion;
import java.util.Locale;
import org.bson.BsonDocument;

/**
 * The checks {@code shardCollection} makes on its namespace and collation before it looks at the collection, in
 * the release's order. Sources: 4.4 mongo {@code configsvr_shard_collection_command.cpp} (a database must have
 * sharding enabled, {@code admin} never has; {@code config} has); from 5.0 {@code create_collection_coordinator.cpp}
 * {@code _checkCommandArguments} (5.0 still asks for sharding enabled); from 6.0 the router creates the database first
 * ({@code cluster_ddl.cpp createDatabase}, so {@code local} fails as {@code enableSharding: "local"} does, with
 * "Database local could not be created" from 8.0). Then: the namespace length ({@code MaxNsShardedCollectionLen}
 * 235 from 4.4, {@code namespace_string.h}), {@code config} collections other than {@code config.system.sessions},
 * {@code system.} collections, and the collation ({@code resolveCollationForUserQueries} / 4.4's
 * {@code validateAndDeduceFullRequestOptions}): the option must be simple, and without it the collection's default
 * collation must be. Tests: {@code jstests/core_sharding/ddl/shard_collection_basic.js},
 * {@code jstests/sharding/shard_collection_basic.js}.
 *
 * <p>{@code admin.*} from 6.0: MongoDB answers IllegalOperation (shard_collection_basic.js); its text there was not
 * found, so ShardLab words it as 4.4 and 5.0 do ("sharding not enabled for db admin").
 */
final class ShardCollectionChecks {

    /** {@code NamespaceString::MaxNsShardedCollectionLen}. */
    static final int MAX_SHARDED_NAMESPACE_LENGTH = 235;

    private final CommandContext context;

    ShardCollectionChecks(CommandContext context) {
        this.context = context;
    }

    /** The namespace checks, before any state is read. */
    void checkNamespace(String ns) {
        MongoVersion version = context.version();
        String db = CommandContext.databaseOf(ns);
        String collection = CommandContext.collectionOf(ns);
        if (version.atLeast(6, 0) && db.toLowerCase(Locale.ROOT).equals("local")) {
            String refusal = version.atLeast(8, 0)
                    ? "Database " + db + " could not be created :: caused by :: Cannot manually create database '" + db
                            + "'"
                    : "Cannot manually create database'" + db + "'";
            throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, refusal);
        }
        boolean enabled = db.equals("config")
                || (!db.equals("admin")
                        && context.catalog()
                                .database(db)
                                .map(d -> d.partitioned())
                                .orElse(false));
        if ((!version.atLeast(6, 0) || db.equals("admin")) && !enabled) {
            throw new MongoCommandException(ErrorCode.ILLEGAL_OPERATION, "sharding not enabled for db " + db);
        }
        if (ns.length() > MAX_SHARDED_NAMESPACE_LENGTH) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_NAMESPACE,
                    "Namespace too long. Namespace: " + ns + " Max: " + MAX_SHARDED_NAMESPACE_LENGTH);
        }
        if (db.equals("config") && !collection.equals("system.sessions")) {
            throw new MongoCommandException(
                    ErrorCode.ILLEGAL_OPERATION, "only special collections in the config db may be sharded");
        }
        if (collection.startsWith("system.") && !ns.equals("config.system.sessions")) {
            throw new MongoCommandException(ErrorCode.ILLEGAL_OPERATION, "can't shard system namespaces");
        }
    }

    /** The collation option: absent or simple (BadValue otherwise). */
    void checkCollationOption(BsonDocument collation) {
        if (collation != null && !Collations.isSimple(collation)) {
            throw new MongoCommandException(
                    ErrorCode.BAD_VALUE,
                    "The collation for shardCollection must be {locale: 'simple'}, but found: "
                            + BsonPrinter.serverString(collation));
        }
    }

    /**
     * The collection's default collation: with none in the request it must be simple. 4.4 prints the options'
     * element ({@code collation: {…}}) and no final stop; from 5.0 the shard prints the collator's specification.
     */
    void checkDefaultCollation(String ns, BsonDocument requested) {
        if (requested != null) {
            return;
        }
        context.shardCatalog().defaultCollation(ns).ifPresent(c -> {
            String spec = BsonPrinter.serverString(c);
            throw new MongoCommandException(
                    ErrorCode.BAD_VALUE,
                    context.version().atLeast(5, 0)
                            ? "Collection has default collation: " + spec
                                    + ". Must specify collation {locale: 'simple'}."
                            : "Collection has default collation: collation: " + spec
                                    + ". Must specify collation {locale: 'simple'}");
        });
    }
}
