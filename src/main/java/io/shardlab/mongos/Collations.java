package io.shardlab.mongos;

import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * Collation specifications as MongoDB stores them. {@code {locale: "simple"}} (or none) is the simple collation,
 * binary comparison; any other locale is an ICU collator, whose stored specification lists every field (mongo
 * {@code src/mongo/db/query/collation/collation_spec.cpp}, {@code collator_factory_icu.cpp}: the fields a client
 * leaves out take ICU's defaults, {@code version} the bundled ICU's, 57.1). ShardLab does not check that a locale is
 * one ICU knows, and takes the root defaults for every locale (a few locales have others, e.g. {@code fr_CA}'s
 * {@code backwards: true}).
 */
final class Collations {

    private Collations() {}

    /** Whether {@code collation} is the simple collation. */
    static boolean isSimple(BsonDocument collation) {
        return collation == null || collation.isEmpty() || new BsonString("simple").equals(collation.get("locale"));
    }

    /** The specification MongoDB stores for {@code collation}: each field the client gave, ICU's defaults for the rest. */
    static BsonDocument fullSpec(BsonDocument collation) {
        BsonDocument full = new BsonDocument("locale", collation.get("locale", new BsonString("")));
        BsonDocument defaults = new BsonDocument("caseLevel", BsonBoolean.FALSE)
                .append("caseFirst", new BsonString("off"))
                .append("strength", new BsonInt32(3))
                .append("numericOrdering", BsonBoolean.FALSE)
                .append("alternate", new BsonString("non-ignorable"))
                .append("maxVariable", new BsonString("punct"))
                .append("normalization", BsonBoolean.FALSE)
                .append("backwards", BsonBoolean.FALSE)
                .append("version", new BsonString("57.1"));
        defaults.forEach((field, value) -> full.append(field, collation.get(field, value)));
        return full;
    }
}
