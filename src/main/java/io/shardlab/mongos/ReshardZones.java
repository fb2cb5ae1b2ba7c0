package io.shardlab.mongos;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonMinKey;
import org.bson.BsonValue;

/**
 * The {@code zones: [{zone, min, max}]} of a reshardCollection in the new key, checked as mongo
 * {@code configsvr_reshard_collection_cmd.cpp} and {@code resharding_util.cpp} ({@code validateZones}) do: with
 * zone ranges on the collection each zone must be one of theirs ("Zone must already exist"), and the ranges must
 * not overlap ("Zone ranges must not overlap"), both BadValue; bounds are extended with MinKey for missing
 * suffix fields ({@code extendRangeBound}). From 8.0 each bound must also be valid for metadata storage
 * ({@code ShardKeyPattern::checkShardKeyIsValidForMetadataStorage}: no array, no regular expression, no embedded
 * document with a {@code $}-prefixed field; BadValue "Shard key element … is not valid for storage"). Nothing
 * more: a hashed field of the new key may be bounded by any value, since reshardCollection runs neither
 * {@code checkHashedShardKeyRange} (updateZoneKeyRange's NumberLong/MinKey/MaxKey check) nor shardCollection's
 * {@code validateShardKeyAgainstExistingZones}. Zones on a collection that has none are not simulated (MongoDB
 * does not check them there). The elements' shape ({@code zone} a string, {@code min} and {@code max}
 * documents) is checked by the command's syntax before.
 */
final class ReshardZones {

    private ReshardZones() {}

    /**
     * @param zones the command's {@code zones}, or null
     * @param storageChecked whether the release checks the bounds for metadata storage (8.0+)
     */
    static List<ZoneRange> of(BsonArray zones, ShardKeyPattern key, ClusterSnapshot current, boolean storageChecked) {
        if (zones == null) {
            return List.of();
        }
        if (current.zones().isEmpty()) {
            throw new MongoCommandException(
                    ErrorCode.COMMAND_NOT_SUPPORTED,
                    "ShardLab does not simulate reshardCollection with zones for a collection without zone ranges");
        }
        Set<String> existing = new TreeSet<>();
        current.zones().forEach(z -> existing.add(z.zone()));
        List<ZoneRange> ranges = new ArrayList<>();
        for (BsonValue v : zones) {
            if (v.isNull()) {
                continue;
            }
            BsonDocument z = v.asDocument();
            String name = z.getString("zone").getValue();
            if (!existing.contains(name)) {
                throw new MongoCommandException(ErrorCode.BAD_VALUE, "Zone must already exist");
            }
            if (storageChecked) {
                requireValidForStorage(z.getDocument("min"));
                requireValidForStorage(z.getDocument("max"));
            }
            ShardKey min = extendedBound(z.getDocument("min"), key);
            ShardKey max = extendedBound(z.getDocument("max"), key);
            if (min.compareTo(max) >= 0) {
                // ShardLab's text (MongoDB's ChunkRange check words it otherwise)
                throw new MongoCommandException(
                        ErrorCode.BAD_VALUE,
                        "zone " + name + ": min " + BsonPrinter.serverString(z.getDocument("min"))
                                + " must be less than max " + BsonPrinter.serverString(z.getDocument("max")));
            }
            ranges.add(new ZoneRange(min, max, name));
        }
        ranges.sort((a, b) -> a.min().compareTo(b.min()));
        for (int i = 1; i < ranges.size(); i++) {
            if (ranges.get(i - 1).max().compareTo(ranges.get(i).min()) > 0) {
                throw new MongoCommandException(ErrorCode.BAD_VALUE, "Zone ranges must not overlap");
            }
        }
        return ranges;
    }

    /**
     * mongo {@code ShardKeyPattern::checkShardKeyIsValidForMetadataStorage} ({@code shard_key_pattern.cpp}): every
     * element of {@code bound} is {@code isValidShardKeyElementForStorage} — not an array, not a regular
     * expression, not an embedded document that is not storage-valid ({@code $}-prefixed names).
     */
    private static void requireValidForStorage(BsonDocument bound) {
        for (Map.Entry<String, BsonValue> e : bound.entrySet()) {
            BsonValue v = e.getValue();
            boolean valid =
                    !v.isArray() && !v.isRegularExpression() && !(v.isDocument() && hasDollarField(v.asDocument()));
            if (!valid) {
                throw new MongoCommandException(
                        ErrorCode.BAD_VALUE,
                        "Shard key element " + BsonPrinter.serverString(e.getKey(), v) + " is not valid for storage");
            }
        }
    }

    /** {@code storageValidEmbedded}'s refusal: a {@code $}-prefixed field name at any depth (DBRef fields aside). */
    private static boolean hasDollarField(BsonDocument document) {
        for (Map.Entry<String, BsonValue> e : document.entrySet()) {
            String name = e.getKey();
            if (name.startsWith("$") && !name.equals("$ref") && !name.equals("$id") && !name.equals("$db")) {
                return true;
            }
            BsonValue v = e.getValue();
            if (v.isDocument() && hasDollarField(v.asDocument())) {
                return true;
            }
        }
        return false;
    }

    /** A zone bound in the new key: its fields a prefix of the key's, the rest MinKey. */
    private static ShardKey extendedBound(BsonDocument bound, ShardKeyPattern key) {
        List<BsonValue> values = new ArrayList<>();
        List<String> names = new ArrayList<>(bound.keySet());
        if (names.size() > key.arity()) {
            throw notAPrefix(bound, key);
        }
        for (int i = 0; i < key.arity(); i++) {
            String field = key.fields().get(i).path();
            if (i < names.size()) {
                if (!names.get(i).equals(field)) {
                    throw notAPrefix(bound, key);
                }
                values.add(bound.get(field));
            } else {
                values.add(new BsonMinKey());
            }
        }
        return ShardKey.of(values);
    }

    /** ShardLab's text: MongoDB's TagsType parse accepts such a bound and the split fails later. */
    private static MongoCommandException notAPrefix(BsonDocument bound, ShardKeyPattern key) {
        return new MongoCommandException(
                ErrorCode.BAD_VALUE,
                "zone bound " + BsonPrinter.serverString(bound) + " is not a prefix of the new shard key "
                        + BsonPrinter.serverString(key.toDocument()));
    }
}
