package io.shardlab.live;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.key.ShardKeyPattern;
import java.time.Instant;
import java.util.HexFormat;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;

/**
 * A sharded collection from config.collections (mongo {@code src/mongo/s/catalog/type_collection.idl};
 * docs {@code reference/config-database}).
 *
 * <p>{@code chunksByUuid} says how its chunks are keyed in config.chunks: by {@code uuid} from
 * MongoDB 5.0, by {@code ns} before (DOCS-14450: "Starting from v5.0, the ns field of config.chunks
 * is replaced by the uuid field"). It is true when the entry has the 5.0+ {@code timestamp} field,
 * which 5.0 introduced together with uuid-keyed chunks.
 *
 * @param namespace {@code "db.coll"} ({@code _id})
 * @param key the shard key pattern
 * @param unique whether the shard key index is unique
 * @param uuid the collection's UUID, or null when the document has none
 * @param chunksByUuid whether config.chunks refers to this collection by uuid (5.0+) rather than ns
 * @param incarnationStart when this incarnation of the collection began (sharded, or its key last
 *     refined): the 5.0+ {@code timestamp} ("the ClusterTime of the Config Server when the
 *     collection was created or it's shard key last refined", type_collection.idl), else the
 *     creation time inside the {@code lastmodEpoch} ObjectId, which "only changes in case of drop
 *     and create, or shard key refine"; null when neither is present. Changelog entries older than
 *     this belong to an earlier incarnation.
 * @param flags the balancing settings
 */
public record CollectionEntry(
        String namespace,
        ShardKeyPattern key,
        boolean unique,
        BsonBinary uuid,
        boolean chunksByUuid,
        Instant incarnationStart,
        BalancingFlags flags) {

    public CollectionEntry {
        if (namespace == null || !namespace.contains(".")) {
            throw new IllegalArgumentException(String.format(
                    "namespace: expected 'db.collection', got '%s'", // untranslated: a developer's contract
                    namespace));
        }
        if (key == null) {
            throw new IllegalArgumentException("key: required"); // untranslated: a developer's contract
        }
        flags = flags == null ? BalancingFlags.DEFAULTS : flags;
    }

    /** The uuid as text, e.g. {@code 28439244-edec-410e-b3ab-07e5dd7100ab}, or {@code ""} when absent. */
    public String uuidText() {
        if (uuid == null) {
            return "";
        }
        byte[] data = uuid.getData();
        if (data.length != 16 || uuid.getType() != BsonBinarySubType.UUID_STANDARD.getValue()) {
            return HexFormat.of().formatHex(data);
        }
        return BsonPrinter.uuidText(data);
    }
}
