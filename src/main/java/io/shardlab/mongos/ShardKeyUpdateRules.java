package io.shardlab.mongos;

import io.shardlab.bson.BsonOrder;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKeyPattern;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * Whether a shard of a sharded collection lets an update change a document's shard key, per release line
 * (ShardLab answers 4.4 onward: from 4.2 the shard key is mutable, before it was immutable). A refusal is the
 * statement's write error; an accepted change that moves the document to another shard is carried out by mongos
 * (the shard's WouldChangeOwningShard is internal to the cluster), so the client sees a plain success.
 *
 * <p>Rules, in the order a shard checks them (mongo {@code src/mongo/db/exec/update_stage.cpp}
 * {@code checkUpdateChangesShardKeyFields}; from 7.1 {@code update_util}'s {@code ShardingChecksForUpdate}):
 *
 * <ol>
 *   <li>a shard key unchanged (compared by value before 7.1, {@code binaryEqual} from 7.1) needs nothing;
 *   <li>a shard key field of the new document that is or runs through an array: NotSingleValueField "After
 *       applying the update to the document, the field 'f' was found to be an array or array descendant.";
 *   <li>before 7.1, a query without an equality on every shard key field: 31025 "Shard key update is not allowed
 *       without specifying the full shard key in the query" (7.1 lets an update without the full key change it);
 *   <li>{@code multi: true}: InvalidOptions "Multi-update operations are not allowed when updating the shard key
 *       field.";
 *   <li>outside a transaction and without {@code txnNumber} (not a retryable write): IllegalOperation "Must run
 *       update to shard key field in a multi-statement transaction or with retryWrites: true." (the feature flag
 *       that lets mongos run it in an internal transaction, {@code featureFlagUpdateDocumentShardKeyUsingTransactionApi},
 *       is off by default in every release).
 * </ol>
 *
 * An upsert whose new document belongs on another shard than the one its query targeted needs a transaction or a
 * retryable write too: IllegalOperation "The upsert document could not be inserted onto the shard targeted by the
 * query, since its shard key belongs on a different shard. Cross-shard upserts are only allowed when running in a
 * transaction or with retryWrites: true." (mongo {@code src/mongo/db/exec/upsert_stage.cpp}). Tests: mongo
 * {@code jstests/sharding/update_shard_key_doc_on_same_shard.js}, {@code update_shard_key_doc_moves_shards.js}.
 */
final class ShardKeyUpdateRules {

    private final ShardKeyPattern key;
    private final MongoVersion release;

    ShardKeyUpdateRules(ShardKeyPattern key, MongoVersion release) {
        this.key = key;
        this.release = release;
    }

    /** The shard key's paths. */
    Set<String> paths() {
        Set<String> paths = new LinkedHashSet<>();
        for (KeyField f : key.fields()) {
            paths.add(f.path());
        }
        return paths;
    }

    /** Whether a written path can change a shard key field (it is one, or lies above or below one). */
    boolean touches(List<String> writtenPaths) {
        for (String written : writtenPaths) {
            String path = written.replaceAll("\\.\\$(\\[[^]]*])?", ".0"); // positional parts name some element
            for (String k : paths()) {
                if (path.equals(k) || path.startsWith(k + ".") || k.startsWith(path + ".")) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The refusal of an update that turns {@code before} into {@code after}, if the shard refuses it.
     *
     * @param query the statement's filter
     * @param multi the statement's {@code multi}
     * @param retryable whether the statement runs in a transaction or as a retryable write ({@code txnNumber})
     */
    Optional<StatementFailedException> refusal(
            BsonDocument before, BsonDocument after, BsonDocument query, boolean multi, boolean retryable) {
        if (!changed(before, after)) {
            return Optional.empty();
        }
        for (String path : paths()) {
            if (DocumentPaths.crossesArray(after, path)) {
                return Optional.of(StatementFailedException.of(
                        ErrorCode.NOT_SINGLE_VALUE_FIELD,
                        "After applying the update to the document, the field '" + path
                                + "' was found to be an array or array descendant."));
            }
        }
        if (!release.atLeast(7, 1) && UpsertSeed.fullEqualities(query, paths()).isEmpty()) {
            return Optional.of(StatementFailedException.of(
                    ErrorCode.SHARD_KEY_UPDATE_WITHOUT_FULL_KEY,
                    "Shard key update is not allowed without specifying the full shard key in the query"));
        }
        if (multi) {
            return Optional.of(StatementFailedException.of(
                    ErrorCode.INVALID_OPTIONS,
                    "Multi-update operations are not allowed when updating the shard key field."));
        }
        if (!retryable) {
            return Optional.of(StatementFailedException.of(
                    ErrorCode.ILLEGAL_OPERATION,
                    "Must run update to shard key field in a multi-statement transaction or with retryWrites: true."));
        }
        return Optional.empty();
    }

    /** The refusal of an upsert whose document lands on another shard than its query targeted. */
    static StatementFailedException crossShardUpsert() {
        return StatementFailedException.of(
                ErrorCode.ILLEGAL_OPERATION,
                "The upsert document could not be inserted onto the shard targeted by the query, since its shard key"
                        + " belongs on a different shard. Cross-shard upserts are only allowed when running in a"
                        + " transaction or with retryWrites: true.");
    }

    /** Whether the shard key values of the two documents differ, as the release compares them. */
    private boolean changed(BsonDocument before, BsonDocument after) {
        for (String path : paths()) {
            // a missing field is extracted as null, so filling it in with null changes nothing
            BsonValue was = DocumentPaths.valueAt(before, path).orElse(BsonNull.VALUE);
            BsonValue now = DocumentPaths.valueAt(after, path).orElse(BsonNull.VALUE);
            boolean same = release.atLeast(7, 1) ? was.equals(now) : BsonOrder.compareValues(was, now) == 0;
            if (!same) {
                return true;
            }
        }
        return false;
    }
}
