package io.shardlab.mongos;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.CommandSyntax.FirstField;
import io.shardlab.mongos.CommandSyntax.Parser;
import io.shardlab.routing.FilterParser.BsonTypeNames;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonNumber;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * A command's arguments once read through its {@link CommandSyntax}: every declared field the release knows
 * has its declared type (or is absent), so a command reads them without further checks. {@link #parse} is the
 * one parser every command goes through; it refuses as MongoDB's parser of that command refuses.
 *
 * <p>Invariant: {@link #value} holds only declared, non-null values of an accepted type.
 */
final class CommandArguments {

    /**
     * The generic arguments every command accepts, strict or not (mongo {@code src/mongo/idl/generic_argument.idl},
     * {@code command_generic_argument.cpp}), and the fields drivers and mongosh add to every command.
     */
    static final Set<String> GENERIC = Set.of(
            "$db",
            "$audit",
            "$client",
            "$clusterTime",
            "$configServerState",
            "$configTime",
            "$oplogQueryData",
            "$queryOptions",
            "$readPreference",
            "$replData",
            "$topologyTime",
            "allowImplicitCollectionCreation",
            "apiDeprecationErrors",
            "apiStrict",
            "apiVersion",
            "autocommit",
            "clientOperationKey",
            "comment",
            "databaseVersion",
            "help",
            "lsid",
            "maxTimeMS",
            "maxTimeMSOpOnly",
            "mayBypassWriteBlocking",
            "readConcern",
            "shardVersion",
            "startTransaction",
            "stmtId",
            "tracking_info",
            "txnNumber",
            "writeConcern");

    private final String command;
    private final BsonValue first;
    private final Map<String, BsonValue> values;
    private final CommandSyntax syntax;
    private final MongoVersion release;

    private CommandArguments(
            String command,
            BsonValue first,
            Map<String, BsonValue> values,
            CommandSyntax syntax,
            MongoVersion release) {
        this.command = command;
        this.first = first;
        this.values = values;
        this.syntax = syntax;
        this.release = release;
    }

    /**
     * Reads {@code body} as {@code syntax} declares it for {@code release}: the first field, then each field in
     * the document's order (a wrong type, or an unknown field of a strict command, refused at the first), then
     * the required fields that are missing.
     *
     * @throws MongoCommandException with MongoDB's code and text for the first problem found
     */
    static CommandArguments parse(BsonDocument body, CommandSyntax syntax, MongoVersion release) {
        String name = body.getFirstKey();
        BsonValue first = checkFirst(syntax, name, body.get(name));
        Map<String, BsonValue> values = new LinkedHashMap<>();
        boolean idl = syntax.parser() == Parser.IDL;
        for (Map.Entry<String, BsonValue> e : body.entrySet()) {
            if (e.getKey().equals(name)) {
                continue;
            }
            var declared = syntax.field(e.getKey(), release);
            if (declared.isEmpty()) {
                if (syntax.strict() && !GENERIC.contains(e.getKey())) {
                    throw new MongoCommandException(
                            ErrorCode.IDL_UNKNOWN_FIELD,
                            "BSON field '" + syntax.context() + "." + e.getKey() + "' is an unknown field.");
                }
                continue;
            }
            if (!idl) {
                continue; // FieldParser reads the fields in the command's own order, below
            }
            BsonValue v = e.getValue();
            if (v.isNull() || v.getBsonType() == BsonType.UNDEFINED) {
                continue;
            }
            checkIdl(syntax.context(), declared.get(), v);
            values.put(e.getKey(), v);
        }
        for (Argument a : syntax.fields()) {
            if (!a.knownTo(release)) {
                continue;
            }
            if (syntax.parser() == Parser.BSON_EXTRACT && !body.containsKey(a.name()) && a.required()) {
                throw new MongoCommandException(ErrorCode.NO_SUCH_KEY, "Missing expected field \"" + a.name() + "\"");
            }
            if (!idl && body.containsKey(a.name())) {
                if (syntax.parser() == Parser.BSON_EXTRACT) {
                    checkExtracted(a.name(), a.type(), body.get(a.name()));
                } else {
                    checkFieldParser(a, body.get(a.name()));
                }
                values.put(a.name(), body.get(a.name()));
            }
            if (a.required() && !values.containsKey(a.name())) {
                throw missing(syntax.context() + "." + a.name());
            }
        }
        return new CommandArguments(name, first, values, syntax, release);
    }

    /**
     * {@code body} without what an IDL parser reads as absent: the declared fields whose value is null or undefined,
     * and the null or undefined elements of a declared {@code array<T>} field (mongo
     * {@code src/mongo/idl/idl_parser.cpp}, {@code checkAndAssertType} returns false for them; the generated parser,
     * mongo {@code buildscripts/idl/idl/generator.py} {@code _gen_array_deserializer}, skips such an element as it
     * skips such a field, so {@code updates: [null]} is a batch of no statement), so what runs the command, the
     * storage included, sees them as MongoDB does. A command read by another parser is returned as it is.
     */
    static BsonDocument withoutAbsentFields(BsonDocument body, CommandSyntax syntax, MongoVersion release) {
        if (syntax.parser() != Parser.IDL) {
            return body;
        }
        String name = body.getFirstKey();
        BsonDocument out = null;
        for (Map.Entry<String, BsonValue> e : body.entrySet()) {
            BsonValue v = e.getValue();
            if (e.getKey().equals(name)) {
                continue;
            }
            var declared = syntax.field(e.getKey(), release);
            if (declared.isEmpty()) {
                continue;
            }
            if (isAbsent(v)) {
                if (out == null) {
                    out = body.clone();
                }
                out.remove(e.getKey());
            } else if (v.isArray()
                    && declared.get().elements() != ArgumentType.ANY
                    && v.asArray().stream().anyMatch(CommandArguments::isAbsent)) {
                if (out == null) {
                    out = body.clone();
                }
                BsonArray present = new BsonArray();
                v.asArray().stream().filter(element -> !isAbsent(element)).forEach(present::add);
                out.put(e.getKey(), present);
            }
        }
        return out == null ? body : out;
    }

    /** Whether an IDL parser reads {@code v} as absent: null or undefined. */
    private static boolean isAbsent(BsonValue v) {
        return v.isNull() || v.getBsonType() == BsonType.UNDEFINED;
    }

    private static BsonValue checkFirst(CommandSyntax syntax, String name, BsonValue v) {
        FirstField kind = syntax.first();
        String path = syntax.context() + "." + name;
        switch (kind) {
            case NAMESPACE, STRING -> {
                if (v.isNull()) {
                    throw missing(path);
                }
                if (!v.isString()) {
                    throw wrongType(path, v, ArgumentType.STRING);
                }
                if (kind == FirstField.NAMESPACE) {
                    requireNamespace(v.asString().getValue());
                }
            }
            case LONG -> {
                if (v.isNull()) {
                    throw missing(path);
                }
                if (!ArgumentType.LONG.accepts(v)) {
                    throw wrongType(path, v, ArgumentType.LONG);
                }
            }
            case COLLECTION_REQUIRED -> {
                if (v.getBsonType() == BsonType.BINARY && v.asBinary().getType() == 4) {
                    throw new MongoCommandException(
                            ErrorCode.INVALID_NAMESPACE,
                            "Collection name must be provided. UUID is not valid in this context");
                }
                if (!v.isString()) {
                    throw new MongoCommandException(
                            ErrorCode.INVALID_NAMESPACE, "collection name has invalid type " + BsonTypeNames.of(v));
                }
            }
            case EXTRACTED_STRING -> checkExtracted(name, ArgumentType.STRING, v);
            case FULLY_QUALIFIED_NAMESPACE, COLLECTION -> {
                if (!v.isString()) {
                    throw new MongoCommandException(
                            ErrorCode.BAD_VALUE, "collection name has invalid type " + BsonTypeNames.of(v));
                }
                if (kind == FirstField.FULLY_QUALIFIED_NAMESPACE) {
                    requireNamespace(v.asString().getValue());
                }
            }
            default -> {}
        }
        return v;
    }

    /** {@code NamespaceString::isValid} as far as ShardLab checks it: {@code db.collection}, both non-empty. */
    private static void requireNamespace(String ns) {
        if (ns.indexOf('.') <= 0 || ns.endsWith(".")) {
            throw new MongoCommandException(ErrorCode.INVALID_NAMESPACE, "Invalid namespace specified '" + ns + "'");
        }
    }

    private static void checkIdl(String context, Argument a, BsonValue v) {
        String path = context + "." + a.name();
        if (!a.type().accepts(v)) {
            throw wrongType(path, v, a.type());
        }
        if (a.nonNegative() && v.isNumber() && v.asNumber().longValue() < 0) {
            // idl_parser.cpp throwComparisonError names the field alone, not its command
            throw new MongoCommandException(
                    ErrorCode.VALUE_BELOW_BOUND,
                    "BSON field '" + a.name() + "' value must be >= 0, actual value '"
                            + v.asNumber().longValue() + "'");
        }
        if (!v.isArray()) {
            return;
        }
        int i = 0;
        for (BsonValue element : v.asArray()) {
            if (!element.isNull() && !a.elements().accepts(element)) {
                throw wrongType(path + "." + i, element, a.elements());
            }
            if (element.isDocument() && !a.entryFields().isEmpty()) {
                checkEntry(path, a, element.asDocument());
            }
            i++;
        }
    }

    /** One element of an {@code array<Struct>} field, parsed in the context {@code command.field}. */
    private static void checkEntry(String path, Argument a, BsonDocument entry) {
        for (Argument f : a.entryFields()) {
            BsonValue v = entry.get(f.name());
            if (v == null || v.isNull()) {
                if (f.required()) {
                    throw missing(path + "." + f.name());
                }
                continue;
            }
            checkIdl(path, f, v);
        }
    }

    /**
     * FieldParser's refusal of a value of another type; a {@code vector<T>} field (an argument with
     * {@link Argument#elements()}) is a "vector array" and refuses its first element of another type
     * ({@code field_parser-inl.h}).
     */
    private static void checkFieldParser(Argument a, BsonValue v) {
        if (!a.type().accepts(v)) {
            throw new MongoCommandException(
                    ErrorCode.NO_CODE,
                    "wrong type for '" + a.name() + "' field, expected "
                            + (a.elements() == ArgumentType.ANY ? a.type().fieldParserExpectation() : "vector array")
                            + ", found " + BsonPrinter.serverString(a.name(), v));
        }
        if (v.isArray() && a.elements() != ArgumentType.ANY) {
            int i = 0;
            for (BsonValue element : v.asArray()) {
                if (!a.elements().accepts(element)) {
                    // field_parser-inl.h: the vector's element is extracted as field "i", the failure caused by it
                    throw new MongoCommandException(
                            ErrorCode.NO_CODE,
                            "error parsing element " + i + " of field " + a.name() + " :: caused by :: wrong type for '"
                                    + i + "' field, expected " + a.elements().fieldParserExpectation() + ", found "
                                    + BsonPrinter.serverString(String.valueOf(i), element));
                }
                i++;
            }
        }
    }

    /** {@code bsonExtractTypedField}'s refusal of a value of another type (mongo {@code bson_extract.cpp}). */
    static void checkExtracted(String field, ArgumentType type, BsonValue v) {
        if (!type.accepts(v)) {
            throw new MongoCommandException(
                    ErrorCode.TYPE_MISMATCH,
                    "\"" + field + "\" had the wrong type. Expected " + type.typeName() + ", found "
                            + BsonTypeNames.of(v));
        }
    }

    /** The IDL parser's refusal of a field of the wrong type ({@code idl_parser.cpp}). */
    static MongoCommandException wrongType(String path, BsonValue v, ArgumentType expected) {
        return new MongoCommandException(
                ErrorCode.TYPE_MISMATCH,
                "BSON field '" + path + "' is the wrong type '" + BsonTypeNames.of(v) + "', "
                        + expected.idlExpectation());
    }

    /** The IDL parser's refusal of a required field that is absent ({@code idl_parser.cpp throwMissingField}). */
    static MongoCommandException missing(String path) {
        return new MongoCommandException(
                ErrorCode.IDL_FAILED_TO_PARSE, "BSON field '" + path + "' is missing but a required field");
    }

    /** The command's name as the client spelled it (an alias stays an alias). */
    String command() {
        return command;
    }

    /** The first field's value: the namespace, database or collection name, or whatever the command holds there. */
    BsonValue first() {
        return first;
    }

    /** The first field as a string; only for a syntax whose first field is checked to be one. */
    String firstString() {
        return first.asString().getValue();
    }

    /** Whether the field was given (and not null, for an IDL command). */
    boolean has(String field) {
        return values.containsKey(field);
    }

    /** The field's value, its default when absent, or null. */
    BsonValue value(String field) {
        BsonValue v = values.get(field);
        if (v != null) {
            return v;
        }
        return syntax.field(field, release).map(Argument::defaultValue).orElse(null);
    }

    /** A string field, or null. */
    String string(String field) {
        BsonValue v = value(field);
        return v == null ? null : v.asString().getValue();
    }

    /** A document field, or null. */
    BsonDocument document(String field) {
        BsonValue v = value(field);
        return v == null ? null : v.asDocument();
    }

    /** An array field, or null. */
    BsonArray array(String field) {
        BsonValue v = value(field);
        return v == null ? null : v.asArray();
    }

    /** A bool or {@code safeBool} field's truth value ({@code BSONElement::trueValue}); false when absent. */
    boolean isTrue(String field) {
        BsonValue v = value(field);
        if (v == null) {
            return false;
        }
        return v.isBoolean() ? v.asBoolean().getValue() : v instanceof BsonNumber n && n.doubleValue() != 0;
    }

    /** A number field as a double, or {@code absent}. */
    double number(String field, double absent) {
        BsonValue v = value(field);
        return v instanceof BsonNumber n ? n.doubleValue() : absent;
    }
}
