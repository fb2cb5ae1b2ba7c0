package io.shardlab.advisor;

import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKeyPattern;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What a non-simple collation does to a query's shard-key bounds. The shard-key index has the
 * simple collation, so the planner cannot use it for a comparison with a collatable value (a
 * string, symbol, embedded document or array: mongo {@code CollationIndexKey::isCollatableType}) made
 * under another collation ({@code QueryPlannerIXSelect}: the predicate is not compatible with the
 * index), and that field is left unbounded; and {@code findIntersectingChunk} refuses to look up a
 * collatable (or hashed) exact key ("Cannot target single shard due to collation"). MongoDB's own
 * test: {@code {a.x: -100, b.y: "A"}} under {@code {locale: "en_US", strength: 1}} reaches the two
 * chunks around {@code {a.x: -100, b.y: "A"}} and is multi-shard
 * ({@code analyze_shard_key_read_write_distribution_test.cpp},
 * {@code ShardKeyEqualityNonSimpleCollation_ShardKeyContainsCollatableFields}).
 */
final class CollationWidening {

    private CollationWidening() {}

    /**
     * {@code filter} without the conditions on shard-key paths (or paths above or below one) that
     * compare with a collatable value, inside {@code $and}, {@code $or} and {@code $nor} too.
     */
    static BsonDocument widen(BsonDocument filter, ShardKeyPattern pattern) {
        BsonDocument out = new BsonDocument();
        for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
            String name = e.getKey();
            BsonValue v = e.getValue();
            if ((name.equals("$and") || name.equals("$or") || name.equals("$nor")) && v.isArray()) {
                BsonArray branches = new BsonArray();
                for (BsonValue b : v.asArray()) {
                    branches.add(b.isDocument() ? widen(b.asDocument(), pattern) : b);
                }
                out.append(name, branches);
            } else if (name.startsWith("$") || !onKeyPath(pattern, name) || !comparesCollatable(v)) {
                out.append(name, v);
            }
        }
        return out;
    }

    /** Whether an equality of {@code filter} pins a shard-key field to a collatable value. */
    static boolean pinsCollatableValue(BsonDocument filter, ShardKeyPattern pattern) {
        for (KeyField f : pattern.fields()) {
            BsonValue v = equalityOn(filter, f.path());
            if (v != null && collatable(v)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code document} (a replacement) holds a collatable value on a shard-key path. */
    static boolean holdsCollatableValue(BsonDocument document, ShardKeyPattern pattern) {
        for (KeyField f : pattern.fields()) {
            BsonValue v = document;
            for (String part : f.path().split("\\.")) {
                v = v != null && v.isDocument() ? v.asDocument().get(part) : null;
            }
            if (v != null && collatable(v)) {
                return true;
            }
        }
        return false;
    }

    private static BsonValue equalityOn(BsonDocument filter, String path) {
        for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
            String name = e.getKey();
            BsonValue v = e.getValue();
            if (name.equals("$and") && v.isArray()) {
                for (BsonValue b : v.asArray()) {
                    BsonValue found = b.isDocument() ? equalityOn(b.asDocument(), path) : null;
                    if (found != null) {
                        return found;
                    }
                }
            } else if (name.equals(path)) {
                if (isOperatorDocument(v)) {
                    return v.asDocument().get("$eq");
                }
                return v;
            } else if (path.startsWith(name + ".") && v.isDocument() && !isOperatorDocument(v)) {
                BsonValue inner = v;
                for (String part : path.substring(name.length() + 1).split("\\.")) {
                    inner = inner != null && inner.isDocument()
                            ? inner.asDocument().get(part)
                            : null;
                }
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }

    private static boolean onKeyPath(ShardKeyPattern pattern, String path) {
        for (KeyField f : pattern.fields()) {
            String k = f.path();
            if (k.equals(path) || k.startsWith(path + ".") || path.startsWith(k + ".")) {
                return true;
            }
        }
        return false;
    }

    private static boolean comparesCollatable(BsonValue condition) {
        if (!isOperatorDocument(condition)) {
            return collatable(condition);
        }
        for (Map.Entry<String, BsonValue> op : condition.asDocument().entrySet()) {
            BsonValue operand = op.getValue();
            if ((op.getKey().equals("$in") || op.getKey().equals("$nin")) && operand.isArray()) {
                for (BsonValue item : operand.asArray()) {
                    if (collatable(item)) {
                        return true;
                    }
                }
            } else if (op.getKey().equals("$not") && operand.isDocument()) {
                if (comparesCollatable(operand)) {
                    return true;
                }
            } else if (collatable(operand)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isOperatorDocument(BsonValue v) {
        return v.isDocument()
                && !v.asDocument().isEmpty()
                && v.asDocument().getFirstKey().startsWith("$");
    }

    private static boolean collatable(BsonValue v) {
        return v.isString() || v.isSymbol() || v.isDocument() || v.isArray();
    }
}
