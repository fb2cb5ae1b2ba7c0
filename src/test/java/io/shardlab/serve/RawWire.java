package io.shardlab.serve;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/**
 * Wire messages built byte by byte (mongo {@code src/mongo/rpc/op_msg_test.h} {@code OpMsgBytes}), and a
 * socket that sends them and reads the replies: what the tests of the wire's strictness send where no
 * driver would.
 */
final class RawWire {

    private RawWire() {}

    /** A document sequence section: {@code name} and its documents. */
    record Sequence(String name, List<BsonDocument> documents) {}

    /** The BSON bytes of {@code document}. */
    static byte[] bson(BsonDocument document) {
        BasicOutputBuffer out = new BasicOutputBuffer();
        try (BsonBinaryWriter writer = new BsonBinaryWriter(out)) {
            new BsonDocumentCodec()
                    .encode(writer, document, EncoderContext.builder().build());
        }
        return out.toByteArray();
    }

    /**
     * The BSON bytes of {@code {insert: collection, documents: [{_id: 1, a: {a: … {x: 1}}}], $db: database}},
     * written byte by byte (the driver's encoder stops at 1024 levels): objects nest {@code levels} deep
     * below the body, so the document itself nests {@code levels - 2}.
     */
    static byte[] insertNested(String collection, String database, int levels) {
        byte[] x = bson(new BsonDocument("x", new BsonInt32(1)));
        int wraps = levels - 3; // documents (1), the document (2), then a chain ending in {x: 1}
        ByteArrayOutputStream chain = new ByteArrayOutputStream();
        for (int k = 0; k < wraps; k++) {
            chain.writeBytes(int32(x.length + 8 * (wraps - k)));
            chain.write(3);
            chain.writeBytes(new byte[] {'a', 0});
        }
        chain.writeBytes(x);
        chain.writeBytes(new byte[wraps]);
        ByteArrayOutputStream document = new ByteArrayOutputStream();
        document.write(0x10);
        document.writeBytes(new byte[] {'_', 'i', 'd', 0});
        document.writeBytes(int32(1));
        document.write(3);
        document.writeBytes(new byte[] {'a', 0});
        document.writeBytes(chain.toByteArray());
        byte[] doc = sized(document.toByteArray());
        ByteArrayOutputStream array = new ByteArrayOutputStream();
        array.write(3);
        array.writeBytes(new byte[] {'0', 0});
        array.writeBytes(doc);
        byte[] documents = sized(array.toByteArray());
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(2);
        body.writeBytes("insert\0".getBytes(StandardCharsets.UTF_8));
        body.writeBytes(int32(collection.length() + 1));
        body.writeBytes((collection + "\0").getBytes(StandardCharsets.UTF_8));
        body.write(4);
        body.writeBytes("documents\0".getBytes(StandardCharsets.UTF_8));
        body.writeBytes(documents);
        body.write(2);
        body.writeBytes("$db\0".getBytes(StandardCharsets.UTF_8));
        body.writeBytes(int32(database.length() + 1));
        body.writeBytes((database + "\0").getBytes(StandardCharsets.UTF_8));
        return sized(body.toByteArray());
    }

    /** A document's bytes from its elements: the length before, the terminating NUL after. */
    private static byte[] sized(byte[] elements) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(int32(elements.length + 5));
        out.writeBytes(elements);
        out.write(0);
        return out.toByteArray();
    }

    /**
     * An OP_MSG of request id {@code requestId} with {@code flags} and the sections in order: a {@link
     * BsonDocument} (or its bytes) is a body section, a {@link Sequence} a document sequence, a {@link
     * Byte} a bare section kind byte.
     */
    static byte[] opMsg(int requestId, int flags, Object... sections) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(int32(flags));
        for (Object section : sections) {
            if (section instanceof BsonDocument d) {
                body.write(0);
                body.writeBytes(bson(d));
            } else if (section instanceof byte[] raw) {
                body.write(0);
                body.writeBytes(raw);
            } else if (section instanceof Sequence s) {
                ByteArrayOutputStream seq = new ByteArrayOutputStream();
                seq.writeBytes((s.name() + "\0").getBytes(StandardCharsets.UTF_8));
                for (BsonDocument d : s.documents()) {
                    seq.writeBytes(bson(d));
                }
                body.write(1);
                body.writeBytes(int32(seq.size() + 4));
                body.writeBytes(seq.toByteArray());
            } else {
                body.write((Byte) section);
            }
        }
        return message(requestId, WireRequestReader.OP_MSG, body.toByteArray());
    }

    /** {@code message} with the checksum flag set and its CRC-32C appended ({@code OpMsg::appendChecksum}). */
    static byte[] withChecksum(byte[] message) {
        byte[] out = Arrays.copyOf(message, message.length + 4);
        ByteBuffer b = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0, out.length);
        b.putInt(16, b.getInt(16) | 1);
        CRC32C crc = new CRC32C();
        crc.update(out, 0, out.length - 4);
        b.putInt(out.length - 4, (int) crc.getValue());
        return out;
    }

    /** An OP_QUERY of {@code query} on {@code collection} ({@code database.$cmd} for a command). */
    static byte[] opQuery(int requestId, String collection, BsonDocument query) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(int32(0));
        body.writeBytes((collection + "\0").getBytes(StandardCharsets.UTF_8));
        body.writeBytes(int32(0));
        body.writeBytes(int32(-1));
        body.writeBytes(bson(query));
        return message(requestId, WireRequestReader.OP_QUERY, body.toByteArray());
    }

    private static byte[] message(int requestId, int opCode, byte[] body) {
        ByteBuffer m = ByteBuffer.allocate(16 + body.length).order(ByteOrder.LITTLE_ENDIAN);
        m.putInt(m.capacity()).putInt(requestId).putInt(0).putInt(opCode).put(body);
        return m.array();
    }

    private static byte[] int32(int value) {
        return ByteBuffer.allocate(4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(value)
                .array();
    }

    /** A reply as it came: the request it answers, its opcode and flags, and its (first) document. */
    record Reply(int responseTo, int opCode, int flags, BsonDocument document) {}

    /** A client socket speaking raw messages to a server on this machine. */
    static final class Connection implements AutoCloseable {
        private final Socket socket;

        Connection(int port) throws IOException {
            socket = new Socket("127.0.0.1", port);
            socket.setSoTimeout(10_000);
        }

        void send(byte[] message) throws IOException {
            socket.getOutputStream().write(message);
            socket.getOutputStream().flush();
        }

        /** The next reply; fails when none comes within 10 s or the server closes the connection. */
        Reply reply() throws IOException {
            InputStream in = socket.getInputStream();
            byte[] header = in.readNBytes(16);
            if (header.length < 16) {
                throw new IOException("the server closed the connection");
            }
            ByteBuffer h = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
            int length = h.getInt();
            h.getInt();
            int responseTo = h.getInt();
            int opCode = h.getInt();
            byte[] rest = in.readNBytes(length - 16);
            ByteBuffer r = ByteBuffer.wrap(rest).order(ByteOrder.LITTLE_ENDIAN);
            int flags = r.getInt();
            int documentAt = opCode == WireRequestReader.OP_MSG ? 5 : 4 + 8 + 4 + 4;
            ByteBuffer doc = ByteBuffer.wrap(rest, documentAt, rest.length - documentAt)
                    .slice()
                    .order(ByteOrder.LITTLE_ENDIAN);
            try (BsonBinaryReader reader = new BsonBinaryReader(doc)) {
                return new Reply(
                        responseTo,
                        opCode,
                        flags,
                        new BsonDocumentCodec()
                                .decode(reader, DecoderContext.builder().build()));
            }
        }

        /** Whether the server closes the connection (without sending anything) within 10 s. */
        boolean closedByServer() throws IOException {
            try {
                return socket.getInputStream().read() == -1;
            } catch (SocketTimeoutException e) {
                return false;
            } catch (IOException e) {
                return true; // reset
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
