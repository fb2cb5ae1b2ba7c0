package io.shardlab.serve;

import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.wire.bson.BsonDecoder;
import de.bwaldvogel.mongo.wire.bson.BsonEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.util.function.IntConsumer;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/**
 * The border between the wire library's documents and the BSON documents the rest of ShardLab reads:
 * each direction goes through the BSON bytes, so every type (MinKey, Timestamp, UUID, Decimal128…)
 * crosses exactly as a client sent it.
 */
final class WireDocuments {

    private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

    private WireDocuments() {}

    /** The wire library's document as a BSON document. */
    static BsonDocument toBson(Document document) {
        return toBson(document, bytes -> {});
    }

    /** The wire library's document as a BSON document; {@code size} receives its BSON size in bytes. */
    static BsonDocument toBson(Document document, IntConsumer size) {
        byte[] bytes = bytesOf(document);
        size.accept(bytes.length);
        try (BsonBinaryReader reader = new BsonBinaryReader(ByteBuffer.wrap(bytes))) {
            return CODEC.decode(reader, DecoderContext.builder().build());
        }
    }

    /** The wire library's document as its BSON bytes, as the wire carries them. */
    static byte[] bytesOf(Document document) {
        ByteBuf buffer = Unpooled.buffer(256);
        try {
            BsonEncoder.encodeDocument(document, buffer);
            byte[] bytes = new byte[buffer.readableBytes()];
            buffer.readBytes(bytes);
            return bytes;
        } finally {
            buffer.release();
        }
    }

    /** A BSON document as the wire library's document. */
    static Document fromBson(BsonDocument document) {
        return fromBson(document, bytes -> {});
    }

    /** A BSON document as the wire library's document; {@code size} receives its BSON size in bytes. */
    static Document fromBson(BsonDocument document, IntConsumer size) {
        BasicOutputBuffer out = new BasicOutputBuffer();
        try (BsonBinaryWriter writer = new BsonBinaryWriter(out)) {
            CODEC.encode(writer, document, EncoderContext.builder().build());
        }
        size.accept(out.getPosition());
        ByteBuf buffer = Unpooled.wrappedBuffer(out.toByteArray());
        try {
            return BsonDecoder.decodeBson(buffer);
        } finally {
            buffer.release();
        }
    }
}
