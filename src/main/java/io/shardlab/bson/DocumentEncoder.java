package io.shardlab.bson;

import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.BsonWriter;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.EncoderContext;

/**
 * Writes a {@link BsonDocument} as BSON: the same bytes as the driver's {@link BsonDocumentCodec} with a plain
 * encoder context (fields in the document's order, {@code _id} not moved first), without the codec registry's
 * lookup and child context per value. The common types are written directly; the rare ones (regular expression,
 * JavaScript, symbol, DBPointer, undefined) through {@link BsonValueCodec}. Stateless; thread-safe.
 */
public final class DocumentEncoder {

    private static final BsonValueCodec OTHERS = new BsonValueCodec();
    private static final EncoderContext CONTEXT = EncoderContext.builder().build();

    private DocumentEncoder() {}

    /** Writes {@code document} with {@code writer}, at the writer's top level or as a field's value. */
    public static void encode(BsonWriter writer, BsonDocument document) {
        writer.writeStartDocument();
        for (Map.Entry<String, BsonValue> e : document.entrySet()) {
            writer.writeName(e.getKey());
            writeValue(writer, e.getValue());
        }
        writer.writeEndDocument();
    }

    private static void writeValue(BsonWriter writer, BsonValue value) {
        switch (value.getBsonType()) {
            case DOUBLE -> writer.writeDouble(value.asDouble().getValue());
            case STRING -> writer.writeString(value.asString().getValue());
            case DOCUMENT -> encode(writer, value.asDocument());
            case ARRAY -> {
                writer.writeStartArray();
                for (BsonValue element : value.asArray()) {
                    writeValue(writer, element);
                }
                writer.writeEndArray();
            }
            case BINARY -> writer.writeBinaryData(value.asBinary());
            case OBJECT_ID -> writer.writeObjectId(value.asObjectId().getValue());
            case BOOLEAN -> writer.writeBoolean(value.asBoolean().getValue());
            case DATE_TIME -> writer.writeDateTime(value.asDateTime().getValue());
            case NULL -> writer.writeNull();
            case INT32 -> writer.writeInt32(value.asInt32().getValue());
            case TIMESTAMP -> writer.writeTimestamp(value.asTimestamp());
            case INT64 -> writer.writeInt64(value.asInt64().getValue());
            case DECIMAL128 -> writer.writeDecimal128(value.asDecimal128().getValue());
            case MIN_KEY -> writer.writeMinKey();
            case MAX_KEY -> writer.writeMaxKey();
            default -> OTHERS.encode(writer, value, CONTEXT);
        }
    }
}
