package io.shardlab.workload;

import java.util.SplittableRandom;
import org.bson.types.ObjectId;

/**
 * ObjectIds as one driver process generates them, but reproducible from a seed: a 4-byte
 * big-endian timestamp in seconds since the Unix epoch, a 5-byte random value chosen once per
 * process, and a 3-byte big-endian counter that starts at a random value and increments, wrapping
 * at 2^24 (mongodb/docs {@code source/includes/fact-ObjectId-construct.rst}). So ObjectIds grow
 * with time, and within one second with the counter: a monotonic key.
 *
 * <p>{@link #at} is a pure function of the ordinal, so any document's id can be recomputed.
 * Immutable and thread-safe.
 */
public final class ObjectIdSequence {

    private final byte[] processRandom = new byte[5];
    private final int initialCounter;

    /** A "process" whose random value and initial counter come from {@code seed}. */
    public ObjectIdSequence(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < processRandom.length; i++) {
            processRandom[i] = (byte) random.nextInt(256);
        }
        initialCounter = random.nextInt(1 << 24);
    }

    /**
     * The ObjectId this process gives its {@code ordinal}-th document (1-based), stamped with
     * {@code epochSecond} (truncated to 32 bits, as the 4-byte field is).
     */
    public ObjectId at(long ordinal, long epochSecond) {
        byte[] bytes = new byte[12];
        int seconds = (int) epochSecond;
        bytes[0] = (byte) (seconds >>> 24);
        bytes[1] = (byte) (seconds >>> 16);
        bytes[2] = (byte) (seconds >>> 8);
        bytes[3] = (byte) seconds;
        System.arraycopy(processRandom, 0, bytes, 4, 5);
        int c = (int) ((initialCounter + ordinal - 1) & 0xFFFFFF);
        bytes[9] = (byte) (c >>> 16);
        bytes[10] = (byte) (c >>> 8);
        bytes[11] = (byte) c;
        return new ObjectId(bytes);
    }
}
