package io.shardlab.serve;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/**
 * The bytes of a reply (mongo {@code src/mongo/rpc/op_msg.cpp} {@code OpMsgBuilder}, {@code
 * src/mongo/rpc/legacy_reply_builder.cpp}): an OP_MSG with no flag bits and one body section for an
 * OP_MSG request, an OP_REPLY for an OP_QUERY. Each reply gets the server's next request id.
 */
final class WireReply {

    /** OP_REPLY's {@code QueryFailure} flag (bit 1), set on the reply to a refused legacy query. */
    static final int QUERY_FAILURE = 1 << 1;

    private static final int OP_REPLY = 1;
    private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

    private final AtomicInteger requestIds = new AtomicInteger();

    /** The OP_MSG reply {@code body} to request {@code responseTo}. */
    byte[] msg(int responseTo, BsonDocument body) {
        BasicOutputBuffer out = new BasicOutputBuffer();
        header(out, responseTo, WireRequestReader.OP_MSG);
        out.writeInt32(0);
        out.writeByte(0);
        write(out, body);
        return finish(out);
    }

    /** The OP_REPLY of {@code documents} to request {@code responseTo}. */
    byte[] reply(int responseTo, int responseFlags, long cursorId, List<BsonDocument> documents) {
        BasicOutputBuffer out = new BasicOutputBuffer();
        header(out, responseTo, OP_REPLY);
        out.writeInt32(responseFlags);
        out.writeInt64(cursorId);
        out.writeInt32(0);
        out.writeInt32(documents.size());
        for (BsonDocument d : documents) {
            write(out, d);
        }
        return finish(out);
    }

    private void header(BasicOutputBuffer out, int responseTo, int opCode) {
        out.writeInt32(0);
        out.writeInt32(requestIds.incrementAndGet());
        out.writeInt32(responseTo);
        out.writeInt32(opCode);
    }

    private static void write(BasicOutputBuffer out, BsonDocument document) {
        try (BsonBinaryWriter writer = new BsonBinaryWriter(out)) {
            CODEC.encode(writer, document, EncoderContext.builder().build());
        }
    }

    private static byte[] finish(BasicOutputBuffer out) {
        out.writeInt32(0, out.getPosition());
        return out.toByteArray();
    }
}
