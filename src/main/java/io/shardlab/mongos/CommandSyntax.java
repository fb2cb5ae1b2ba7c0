package io.shardlab.mongos;

import io.shardlab.cluster.MongoVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A command's arguments as MongoDB declares them: what its first field holds, its other fields, whether
 * unknown fields are refused ({@code strict}), which parser reads them (and so how a wrong type is worded),
 * and the MongoDB file they are declared in. {@link CommandArguments#parse} reads every command through it.
 *
 * @param context the name the parser gives the command in its messages ({@code IDLParserContext}), e.g.
 *     {@code "split"}, or {@code "ShardCollection"} for the struct mongos parses shardCollection into
 * @param first what the first field holds
 * @param parser which MongoDB parser reads the fields
 * @param fields the declared fields
 * @param strict whether a field neither declared nor generic is refused (IDLUnknownField)
 * @param source the MongoDB file the fields are declared or read in
 */
record CommandSyntax(
        String context, FirstField first, Parser parser, List<Argument> fields, boolean strict, String source) {

    /** What the command's first field holds and how it is checked. */
    enum FirstField {
        /**
         * An IDL {@code namespace: type, type: namespacestring}: a string, else TypeMismatch on
         * {@code 'command.command'}; a string that is not {@code db.collection} is InvalidNamespace.
         */
        NAMESPACE,
        /**
         * Read by {@code CommandHelpers::parseNsFullyQualified} (mongo {@code src/mongo/db/commands.cpp}):
         * BadValue "collection name has invalid type T", then InvalidNamespace.
         */
        FULLY_QUALIFIED_NAMESPACE,
        /**
         * An IDL {@code namespace: concatenate_with_db} collection name ({@code idl_parser.cpp
         * checkAndAssertCollectionName}): BadValue "collection name has invalid type T".
         */
        COLLECTION,
        /** An IDL {@code namespace: type, type: string} (a database name): a string, else TypeMismatch. */
        STRING,
        /**
         * An IDL {@code namespace: type, type: long} (getMore's cursor id, mongo
         * {@code src/mongo/db/query/getmore_command.idl} from 5.0): a NumberLong only ({@code basic_types.idl}
         * {@code long}), else TypeMismatch on {@code 'command.command'}; null is missing.
         */
        LONG,
        /**
         * Read by {@code CommandHelpers::parseNsCollectionRequired} (mongo {@code src/mongo/db/commands.cpp}), the
         * default {@code parseNs} of a {@code BasicCommand} (collStats, validate, and listIndexes on a mongos):
         * InvalidNamespace "collection name has invalid type T", and unlike the IDL parsers' words, InvalidNamespace
         * for a UUID too.
         */
        COLLECTION_REQUIRED,
        /** A string read with {@code bsonExtractStringField}, as every field of a {@link Parser#BSON_EXTRACT} command. */
        EXTRACTED_STRING,
        /** Not read ({@code namespace: ignored}), or read by the command itself. */
        IGNORED
    }

    /** Which MongoDB parser reads the fields, so which words a wrong type gets. */
    enum Parser {
        /**
         * The IDL-generated parser (mongo {@code src/mongo/idl/idl_parser.cpp}): TypeMismatch (14) "BSON field
         * 'c.f' is the wrong type 'T', expected type 'U'", a missing field IDLFailedToParse (40414), an unknown
         * field of a strict command IDLUnknownField (40415); null counts as absent.
         */
        IDL,
        /**
         * {@code FieldParser::extract} in an errmsg command (mongo {@code src/mongo/db/field_parser.cpp}): a
         * reply with no code, "wrong type for 'f' field, expected T, found f: v"; null is a wrong type.
         */
        FIELD_PARSER,
        /**
         * {@code bsonExtractTypedField} in a hand-written request type (mongo {@code src/mongo/bson/util/bson_extract.cpp}):
         * TypeMismatch "\"f\" had the wrong type. Expected T, found U", a missing field NoSuchKey "Missing expected
         * field \"f\""; null is a wrong type.
         */
        BSON_EXTRACT
    }

    CommandSyntax {
        fields = List.copyOf(fields);
    }

    /** The IDL-declared command {@code context} (strictness and more fields by the withers). */
    static CommandSyntax idl(String context, FirstField first, String source, Argument... fields) {
        return new CommandSyntax(context, first, Parser.IDL, List.of(fields), false, source);
    }

    /** A command whose fields the mongos reads with {@code FieldParser} (an errmsg command). */
    static CommandSyntax fieldParser(String context, FirstField first, String source, Argument... fields) {
        return new CommandSyntax(context, first, Parser.FIELD_PARSER, List.of(fields), false, source);
    }

    /** A command whose hand-written request type reads its fields with {@code bsonExtractTypedField}. */
    static CommandSyntax bsonExtract(String context, FirstField first, String source, Argument... fields) {
        return new CommandSyntax(context, first, Parser.BSON_EXTRACT, List.of(fields), false, source);
    }

    /** A command that declares no field of its own (or whose fields the storage reads). */
    static CommandSyntax none(String context, String source) {
        return new CommandSyntax(context, FirstField.IGNORED, Parser.IDL, List.of(), false, source);
    }

    /** This syntax with unknown fields refused, as an IDL command marked {@code strict: true}. */
    CommandSyntax strictly() {
        return new CommandSyntax(context, first, parser, fields, true, source);
    }

    /** This syntax with {@code more} fields (a chained struct). */
    CommandSyntax with(Argument... more) {
        List<Argument> all = new ArrayList<>(fields);
        all.addAll(List.of(more));
        return new CommandSyntax(context, first, parser, all, strict, source);
    }

    /** The declared field {@code name} that {@code release} knows. */
    Optional<Argument> field(String name, MongoVersion release) {
        return fields.stream()
                .filter(a -> a.name().equals(name) && a.knownTo(release))
                .findFirst();
    }
}
