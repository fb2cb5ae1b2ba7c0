package io.shardlab.routing;

import io.shardlab.bson.BsonPrinter;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The update operators MongoDB knows, and its refusal of any other: an update document's top-level
 * names are looked up in the modifier table ({@code modifiertable::getType}, mongo
 * {@code src/mongo/db/update/modifier_table.cpp}: {@code $addToSet}, {@code $bit},
 * {@code $currentDate}, {@code $inc}, {@code $max}, {@code $min}, {@code $mul}, {@code $pop},
 * {@code $pull}, {@code $pullAll}, {@code $push}, {@code $set}, {@code $setOnInsert},
 * {@code $rename}, {@code $unset}; {@code $pushAll} was dropped in 3.6), and each operand must be a
 * document ({@code validateMod}, {@code src/mongo/db/update/update_driver.cpp}, both FailedToParse).
 */
public final class UpdateModifiers {

    /** The modifier table of current MongoDB. */
    public static final Set<String> KNOWN = Set.of(
            "$addToSet",
            "$bit",
            "$currentDate",
            "$inc",
            "$max",
            "$min",
            "$mul",
            "$pop",
            "$pull",
            "$pullAll",
            "$push",
            "$set",
            "$setOnInsert",
            "$rename",
            "$unset");

    private UpdateModifiers() {}

    /**
     * Checks an operator-style update document, as {@code validateMod} does, in field order.
     *
     * @throws UnsupportedQueryException with MongoDB's message for an unknown modifier or an operand
     *     that is not a document
     */
    public static void requireValid(BsonDocument update) {
        for (Map.Entry<String, BsonValue> e : update.entrySet()) {
            String name = e.getKey();
            if (!KNOWN.contains(name)) {
                throw new UnsupportedQueryException("Unknown modifier: " + name
                        + ". Expected a valid update modifier or pipeline-style update specified as an array");
            }
            BsonValue operand = e.getValue();
            if (!operand.isDocument()) {
                throw new UnsupportedQueryException("Modifiers operate on fields but we found type "
                        + FilterParser.BsonTypeNames.of(operand) + " instead. For example: {$mod: {<field>: ...}} not {"
                        + BsonPrinter.serverString(name, operand) + "}");
            }
        }
    }
}
