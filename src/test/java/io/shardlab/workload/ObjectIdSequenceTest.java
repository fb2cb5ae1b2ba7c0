package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class ObjectIdSequenceTest {

    @Test
    void laysOutTimestampProcessRandomAndCounterAsTheObjectIdFormatSays() {
        ObjectIdSequence ids = new ObjectIdSequence(3);
        ObjectId first = ids.at(1, 1_700_000_000L);
        ObjectId second = ids.at(2, 1_700_000_000L);
        byte[] a = first.toByteArray();
        byte[] b = second.toByteArray();

        assertEquals(1_700_000_000, first.getTimestamp(), "4-byte big-endian seconds");
        assertArrayEquals(Arrays.copyOfRange(a, 4, 9), Arrays.copyOfRange(b, 4, 9), "same 5-byte process value");
        int counterA = ((a[9] & 0xFF) << 16) | ((a[10] & 0xFF) << 8) | (a[11] & 0xFF);
        int counterB = ((b[9] & 0xFF) << 16) | ((b[10] & 0xFF) << 8) | (b[11] & 0xFF);
        assertEquals((counterA + 1) & 0xFFFFFF, counterB, "3-byte counter increments");
    }

    @Test
    void idsAscendWithTimeSoTheyAreAMonotonicKey() {
        ObjectIdSequence ids = new ObjectIdSequence(11);
        ObjectId previous = ids.at(1, 1_000);
        for (long k = 2; k <= 10_000; k++) {
            ObjectId next = ids.at(k, 1_000 + k);
            assertTrue(next.compareTo(previous) > 0);
            previous = next;
        }
    }

    @Test
    void theSameSeedGivesTheSameIds() {
        assertEquals(new ObjectIdSequence(8).at(77, 5), new ObjectIdSequence(8).at(77, 5));
        assertTrue(!new ObjectIdSequence(8).at(77, 5).equals(new ObjectIdSequence(9).at(77, 5)));
    }
}
