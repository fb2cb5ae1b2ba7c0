package io.shardlab.serve;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.zip.CRC32C;
import org.bson.BsonArray;
import org.bson.BsonBinaryReader;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DecoderContext;

/**
 * Reads a client's message as mongos does, refusing with MongoDB's codes and texts what it refuses
 * (mongo {@code src/mongo/rpc/op_msg.cpp} {@code OpMsg::parse}, {@code src/mongo/rpc/op_msg.h}
 * {@code getDatabase}, {@code src/mongo/db/dbmessage.h} for OP_QUERY):
 *
 * <ul>
 *   <li>OP_MSG flag bits: the low 16 are required; any but {@code checksumPresent} (bit 0) and
 *       {@code moreToCome} (bit 1) closes the connection (IllegalOpMsgFlag, 223);
 *   <li>sections: one body (40430), at most two document sequences (TooManyDocumentSequences, 233,
 *       closes), no duplicate sequence (40431), no unknown kind (40432), a body (40587), no field in
 *       both (40433); every document checked by {@link MessageDocumentCheck};
 *   <li>the CRC-32C checksum (flag bit 0) over the whole message but its last 4 bytes, checked after
 *       the sections: a mismatch closes the connection (ChecksumMismatch, 288).
 * </ul>
 *
 * <p>Its cases are those of mongo {@code src/mongo/rpc/op_msg_test.cpp} ({@code WireRequestReaderTest}).
 *
 * <p>Other opcodes, and bytes left over after an OP_QUERY, are malformed messages: ShardLab closes the
 * connection (a mongos closes it for opcodes it does not support, "Message type … is not supported",
 * {@code service_entry_point_mongos.cpp}).
 */
final class WireRequestReader {

    static final int OP_MSG = 2013;
    static final int OP_QUERY = 2004;
    static final int HEADER_BYTES = 16;

    private static final int CHECKSUM_PRESENT = 1;
    private static final int SUPPORTED_FLAGS = CHECKSUM_PRESENT | WireRequest.Msg.MORE_TO_COME;
    private static final int REQUIRED_FLAG_MASK = 0xffff;
    private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

    /** Messages from this size on are read a few at a time ({@link #largeReads}). */
    static final int LARGE_MESSAGE_BYTES = 64 * 1024;

    private final MessageDocumentCheck documents;
    /**
     * Large messages being read at once: all processors but one, so that reading 30 clients' batches at
     * the same time leaves a processor to the command whose turn it is (on a 2-core machine, reading
     * them all at once halved the throughput of the turns, {@code ServeFairnessBenchmark}). Small ones
     * (a ping, a find) never wait.
     */
    private final Semaphore largeReads =
            new Semaphore(Math.max(1, Runtime.getRuntime().availableProcessors() - 1), true);

    /** @param documents the check of each document the message carries */
    WireRequestReader(MessageDocumentCheck documents) {
        this.documents = documents;
    }

    /**
     * The request in {@code message}, the whole message from its length field on.
     *
     * @throws WireError what mongos refuses, answered or closing the connection
     * @throws MalformedMessage when the bytes are not a message ShardLab can read
     */
    WireRequest read(byte[] message) {
        if (message.length < LARGE_MESSAGE_BYTES) {
            return readNow(message);
        }
        largeReads.acquireUninterruptibly();
        try {
            return readNow(message);
        } finally {
            largeReads.release();
        }
    }

    private WireRequest readNow(byte[] message) {
        int length = MessageDocumentCheck.int32(message, 0);
        int requestId = MessageDocumentCheck.int32(message, 4);
        int opCode = MessageDocumentCheck.int32(message, 12);
        return switch (opCode) {
            case OP_MSG -> readMsg(message, length, requestId);
            case OP_QUERY -> readQuery(message, length, requestId);
            default -> throw new MalformedMessage("opCode " + opCode + " is not supported");
        };
    }

    private WireRequest.Msg readMsg(byte[] message, int length, int requestId) {
        if (length < HEADER_BYTES + 4) {
            throw new MalformedMessage("an OP_MSG of " + length + " bytes has no flag bits");
        }
        int flags = MessageDocumentCheck.int32(message, HEADER_BYTES);
        if ((flags & ~SUPPORTED_FLAGS & REQUIRED_FLAG_MASK) != 0) {
            throw WireError.closing(
                    WireError.ILLEGAL_OP_MSG_FLAG,
                    "IllegalOpMsgFlag",
                    "Message contains illegal flags value: Ob" + bits(flags));
        }
        boolean checksummed = (flags & CHECKSUM_PRESENT) != 0;
        int sectionsEnd = length;
        if (checksummed) {
            if (length <= HEADER_BYTES + 4 + 4) {
                throw WireError.answered(51252, "Invalid message size for an OpMsg containing a checksum");
            }
            sectionsEnd -= 4;
        }
        BsonDocument body = null;
        Map<String, BsonArray> sequences = new LinkedHashMap<>();
        int at = HEADER_BYTES + 4;
        while (at < sectionsEnd) {
            byte kind = message[at++];
            if (kind == 0) {
                if (body != null) {
                    throw WireError.answered(40430, "Multiple body sections in message");
                }
                int size = documents.check(message, at, sectionsEnd - at);
                body = decode(message, at, size);
                at += size;
            } else if (kind == 1) {
                if (sequences.size() >= 2) {
                    throw WireError.closing(
                            WireError.TOO_MANY_DOCUMENT_SEQUENCES,
                            "TooManyDocumentSequences",
                            "Too many document sequences in OP_MSG");
                }
                if (at + 4 > sectionsEnd) {
                    throw new MalformedMessage("a document sequence runs past the end of the message");
                }
                int size = MessageDocumentCheck.int32(message, at);
                int end = at + size;
                if (size < 5 || end > sectionsEnd) {
                    throw new MalformedMessage("a document sequence of " + size + " bytes does not fit the message");
                }
                int nameEnd = at + 4;
                while (nameEnd < end && message[nameEnd] != 0) {
                    nameEnd++;
                }
                if (nameEnd >= end) {
                    throw new MalformedMessage("a document sequence has no name");
                }
                String name = new String(message, at + 4, nameEnd - at - 4, StandardCharsets.UTF_8);
                if (sequences.containsKey(name)) {
                    throw WireError.answered(40431, "Duplicate document sequence: " + name);
                }
                List<BsonDocument> docs = new ArrayList<>();
                int doc = nameEnd + 1;
                while (doc < end) {
                    int docSize = documents.check(message, doc, end - doc);
                    // checked now, read when used: a long write batch's statements are read slice by slice
                    docs.add(new RawBsonDocument(message, doc, docSize));
                    doc += docSize;
                }
                sequences.put(name, new BsonArray(docs));
                at = end;
            } else {
                throw WireError.answered(40432, "Unknown section kind " + (kind & 0xff));
            }
        }
        if (at != sectionsEnd) {
            throw new MalformedMessage("the sections run past the end of the message");
        }
        if (body == null) {
            throw WireError.answered(40587, "OP_MSG messages must have a body");
        }
        for (Map.Entry<String, BsonArray> sequence : sequences.entrySet()) {
            if (hasPath(body, sequence.getKey())) {
                throw WireError.answered(
                        40433, "Duplicate field between body and document sequence " + sequence.getKey());
            }
        }
        if (checksummed) {
            CRC32C crc = new CRC32C();
            crc.update(message, 0, length - 4);
            if ((int) crc.getValue() != MessageDocumentCheck.int32(message, length - 4)) {
                throw WireError.closing(
                        WireError.CHECKSUM_MISMATCH, "ChecksumMismatch", "OP_MSG checksum does not match contents");
            }
        }
        for (Map.Entry<String, BsonArray> sequence : sequences.entrySet()) {
            body.append(sequence.getKey(), sequence.getValue());
        }
        String sliced = WriteBatchSlices.statementsToSlice(body);
        for (Map.Entry<String, BsonArray> sequence : sequences.entrySet()) {
            if (!sequence.getKey().equals(sliced)) {
                body.put(sequence.getKey(), decoded(sequence.getValue()));
            }
        }
        return new WireRequest.Msg(requestId, length, flags, body, sequences.keySet());
    }

    /**
     * Whether the body has a value at the dotted {@code path}, or an array along it ({@code
     * dotted_path_support::extractElementAtPathOrArrayAlongPath}).
     */
    private static boolean hasPath(BsonDocument body, String path) {
        BsonDocument at = body;
        String[] parts = path.split("\\.", -1);
        for (int i = 0; i < parts.length; i++) {
            BsonValue value = at.get(parts[i]);
            if (value == null) {
                return false;
            }
            if (i == parts.length - 1 || value.isArray()) {
                return true;
            }
            if (!value.isDocument()) {
                return false;
            }
            at = value.asDocument();
        }
        return false;
    }

    private WireRequest.Query readQuery(byte[] message, int length, int requestId) {
        int at = HEADER_BYTES;
        if (length < at + 4 + 1 + 8 + 5) {
            throw new MalformedMessage("an OP_QUERY of " + length + " bytes is too short");
        }
        int flags = MessageDocumentCheck.int32(message, at);
        at += 4;
        int nameEnd = at;
        while (nameEnd < length && message[nameEnd] != 0) {
            nameEnd++;
        }
        if (nameEnd + 1 + 8 > length) {
            throw new MalformedMessage("an OP_QUERY's collection name runs past the end of the message");
        }
        String collection = new String(message, at, nameEnd - at, StandardCharsets.UTF_8);
        at = nameEnd + 1;
        int skip = MessageDocumentCheck.int32(message, at);
        int toReturn = MessageDocumentCheck.int32(message, at + 4);
        at += 8;
        int size = documents.check(message, at, length - at);
        BsonDocument query = decode(message, at, size);
        at += size;
        BsonDocument fields = null;
        if (at < length) {
            int fieldsSize = documents.check(message, at, length - at);
            fields = decode(message, at, fieldsSize);
            at += fieldsSize;
        }
        if (at != length) {
            throw new MalformedMessage("an OP_QUERY has " + (length - at) + " bytes after its documents");
        }
        return new WireRequest.Query(requestId, length, flags, collection, skip, toReturn, query, fields);
    }

    /**
     * A document sequence's documents read into mutable documents: all but a long write batch's statements,
     * which {@link WriteBatchSlices} reads slice by slice, so that the 100,000 statements of one {@code insertMany}
     * are not all held as objects while the batch runs (each young collection copied them, and held every
     * client's commands for as long).
     */
    private static BsonArray decoded(BsonArray sequence) {
        List<BsonValue> out = new ArrayList<>(sequence.size());
        for (BsonValue raw : sequence) {
            out.add(WriteBatchSlices.readStatement(raw));
        }
        return new BsonArray(out);
    }

    private static BsonDocument decode(byte[] message, int offset, int size) {
        ByteBuffer bytes = ByteBuffer.wrap(message, offset, size).slice().order(ByteOrder.LITTLE_ENDIAN);
        try (BsonBinaryReader reader = new BsonBinaryReader(bytes)) {
            return CODEC.decode(reader, DecoderContext.builder().build());
        } catch (RuntimeException e) {
            throw new MalformedMessage("a document cannot be read: " + e.getMessage());
        }
    }

    /** The 32 flag bits as {@code std::bitset<32>::to_string} writes them, most significant first. */
    private static String bits(int flags) {
        String binary = Integer.toBinaryString(flags);
        return "0".repeat(32 - binary.length()) + binary;
    }

    /** Bytes that are not a message ShardLab can read: the connection is closed and the reason logged. */
    static final class MalformedMessage extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MalformedMessage(String message) {
            super(message);
        }
    }
}
