package io.shardlab.routing;

import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.MatchExpression.And;
import io.shardlab.routing.MatchExpression.Leaf;
import io.shardlab.routing.MatchExpression.Operator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * The exact shard key a filter pins down, when it has an equality on every shard-key field:
 * mongos's fast path, {@code extractShardKeyFromQuery} (mongo {@code src/mongo/s/shard_key_pattern.cpp},
 * later {@code shard_key_pattern_query_util.cpp}).
 *
 * <p>Rules: equalities are the {@code {f: v}} / {@code {f: {$eq: v}}} predicates of the top-level AND
 * (nested {@code $and} included; a one-value {@code $in} is an equality after canonicalization);
 * an equality on a parent path with a document value supplies the sub-field
 * ({@code pathsupport::findParentEqualityElement}); two equalities on the same path or on nested
 * paths conflict and give no key ({@code extractFullEqualityMatches}); every value must be storable
 * in a shard key ({@code isValidShardKeyElementForStorage}: not an array, not a regex, no
 * {@code $}-prefixed field names inside documents); a hashed field is replaced by {@code hash64}.
 */
final class ShardKeyEqualityExtractor {

    private static final Set<String> DBREF_FIELDS = Set.of("$ref", "$id", "$db");

    private ShardKeyEqualityExtractor() {}

    /** The exact key, or empty when some field has no single storable equality. */
    static Optional<ShardKey> extract(ShardKeyPattern pattern, MatchExpression root, ShardKeyHasher hasher) {
        List<Leaf> equalities = new ArrayList<>();
        collect(root, equalities);
        List<Leaf> related = new ArrayList<>();
        for (Leaf eq : equalities) {
            for (KeyField f : pattern.fields()) {
                if (pathsRelated(eq.path(), f.path())) {
                    related.add(eq);
                    break;
                }
            }
        }
        for (int i = 0; i < related.size(); i++) {
            for (int j = i + 1; j < related.size(); j++) {
                if (pathsRelated(related.get(i).path(), related.get(j).path())) {
                    return Optional.empty();
                }
            }
        }
        BsonValue[] values = new BsonValue[pattern.arity()];
        for (int k = 0; k < values.length; k++) {
            KeyField field = pattern.fields().get(k);
            BsonValue v = valueFor(field.path(), related);
            if (v == null || !isValidForStorage(v)) {
                return Optional.empty();
            }
            values[k] = field.hashed() ? new BsonInt64(hasher.hash64(v)) : v;
        }
        return Optional.of(ShardKey.of(values));
    }

    private static void collect(MatchExpression e, List<Leaf> out) {
        if (e instanceof Leaf l && l.operator() == Operator.EQ) {
            out.add(l);
        } else if (e instanceof And a) {
            for (MatchExpression c : a.children()) {
                collect(c, out);
            }
        }
    }

    /** Equal paths, or one a dotted prefix of the other. */
    static boolean pathsRelated(String a, String b) {
        return a.equals(b) || a.startsWith(b + ".") || b.startsWith(a + ".");
    }

    private static BsonValue valueFor(String keyPath, List<Leaf> related) {
        for (Leaf eq : related) {
            if (eq.path().equals(keyPath)) {
                return eq.operand();
            }
            if (keyPath.startsWith(eq.path() + ".")) {
                if (!eq.operand().isDocument()) {
                    return null;
                }
                return subValue(
                        eq.operand().asDocument(), keyPath.substring(eq.path().length() + 1));
            }
        }
        return null;
    }

    /** The value at a dotted path inside a document; an array met on the way is returned as is. */
    private static BsonValue subValue(BsonDocument doc, String path) {
        BsonValue current = doc;
        for (String part : path.split("\\.")) {
            if (current.isArray()) {
                return current;
            }
            if (!current.isDocument()) {
                return null;
            }
            current = current.asDocument().get(part);
            if (current == null) {
                return null;
            }
        }
        return current;
    }

    /** {@code ShardKeyPattern::isValidShardKeyElementForStorage}. */
    static boolean isValidForStorage(BsonValue v) {
        if (v.isArray() || v.isRegularExpression()) {
            return false;
        }
        return !v.isDocument() || storageValidEmbedded(v);
    }

    private static boolean storageValidEmbedded(BsonValue v) {
        if (v.isDocument()) {
            for (Map.Entry<String, BsonValue> e : v.asDocument().entrySet()) {
                if (e.getKey().startsWith("$") && !DBREF_FIELDS.contains(e.getKey())) {
                    return false;
                }
                if (!storageValidEmbedded(e.getValue())) {
                    return false;
                }
            }
        } else if (v.isArray()) {
            for (BsonValue item : v.asArray()) {
                if (!storageValidEmbedded(item)) {
                    return false;
                }
            }
        }
        return true;
    }
}
