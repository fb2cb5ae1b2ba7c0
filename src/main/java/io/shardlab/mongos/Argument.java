package io.shardlab.mongos;

import io.shardlab.cluster.MongoVersion;
import java.util.List;
import org.bson.BsonValue;

/**
 * One field of a command as MongoDB declares it in the command's {@code .idl} file (or reads it by hand in the
 * command's {@code .cpp}): its name, the BSON types it accepts, whether it is required, its default, and the
 * release that introduced it. A field a release does not know is, for that release, like any unknown field:
 * ignored by a non-strict command, refused by a strict one.
 *
 * @param name the field name, e.g. {@code middle}
 * @param type the types accepted
 * @param required whether a command without it is refused ({@code IDLFailedToParse}, 40414)
 * @param defaultValue the value read when the field is absent, or null
 * @param since the first release that reads the field
 * @param elements for an {@code array<T>} field, the type of each element ({@link ArgumentType#ANY}: unchecked)
 * @param entryFields for an {@code array<Struct>} field, the fields each element declares (empty: none)
 * @param nonNegative whether a number below zero is refused (the IDL's {@code validator: { gte: 0 }})
 */
record Argument(
        String name,
        ArgumentType type,
        boolean required,
        BsonValue defaultValue,
        MongoVersion since,
        ArgumentType elements,
        List<Argument> entryFields,
        boolean nonNegative) {

    Argument {
        if (name == null || name.isEmpty() || type == null || since == null || elements == null) {
            throw new IllegalArgumentException("argument: a name, a type, a release and an element type are needed");
        }
        entryFields = List.copyOf(entryFields);
    }

    /** A field the command refuses to run without. */
    static Argument required(String name, ArgumentType type) {
        return new Argument(name, type, true, null, MongoVersion.V4_0, ArgumentType.ANY, List.of(), false);
    }

    /** A field the command may go without. */
    static Argument optional(String name, ArgumentType type) {
        return new Argument(name, type, false, null, MongoVersion.V4_0, ArgumentType.ANY, List.of(), false);
    }

    /** This field read as {@code value} when absent (the IDL's {@code default:}). */
    Argument orElse(BsonValue value) {
        return new Argument(name, type, required, value, since, elements, entryFields, nonNegative);
    }

    /** This field, introduced in {@code release}. */
    Argument since(MongoVersion release) {
        return new Argument(name, type, required, defaultValue, release, elements, entryFields, nonNegative);
    }

    /** This array field, each element of {@code elementType} ({@code array<object>}). */
    Argument eachOf(ArgumentType elementType) {
        return new Argument(name, type, required, defaultValue, since, elementType, entryFields, nonNegative);
    }

    /** This array field, each element a document with {@code fields} ({@code array<UpdateOpEntry>}). */
    Argument eachWith(Argument... fields) {
        return new Argument(
                name, type, required, defaultValue, since, ArgumentType.OBJECT, List.of(fields), nonNegative);
    }

    /** This number field, refused below zero (the IDL's {@code validator: { gte: 0 }}). */
    Argument atLeastZero() {
        return new Argument(name, type, required, defaultValue, since, elements, entryFields, true);
    }

    /** Whether the simulated release reads this field. */
    boolean knownTo(MongoVersion release) {
        return release.atLeast(since);
    }
}
