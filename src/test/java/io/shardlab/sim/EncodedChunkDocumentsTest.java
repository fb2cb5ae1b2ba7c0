package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A chunk's documents with encoded keys (compound {@code {region: 1, customerId: 1}} here) split and merged in bulk:
 * the parts hold exactly the documents, keys and sizes on each side of the point, whichever part is the larger, and
 * appending the upper part back gives the chunk as it was.
 */
class EncodedChunkDocumentsTest {

    @ParameterizedTest(name = "{0} documents, sizes uniform {2}, split at {1}")
    @CsvSource({
        "100, 3, true",
        "100, 97, true",
        "100, 50, false",
        "100, 3, false",
        "100, 97, false",
        "100, 0, false",
        "100, 100, false",
        "1, 0, true",
        "1, 1, true"
    })
    void splitOffThenAppendAllKeepsEveryKeyAndSize(int n, int from, boolean uniform) {
        // given n sorted documents with compound keys, of one size or of sizes that differ
        KeyEncoder encoder = new KeyEncoder(2);
        EncodedChunkDocuments docs = new EncodedChunkDocuments(encoder);
        List<ShardKey> keys = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ShardKey key = ShardKey.of(new BsonString("eu-" + (char) ('a' + i / 26)), new BsonInt32(i % 26));
            int size = uniform ? 120 : 100 + i % 7;
            keys.add(key);
            sizes.add(size);
            docs.add(encoder.encode(key), size);
        }

        // when the documents from `from` on are split off
        EncodedChunkDocuments upper = (EncodedChunkDocuments) docs.splitOff(from);

        // then each part holds its side's documents, in order, with their sizes and bytes
        assertPart(docs, keys.subList(0, from), sizes.subList(0, from));
        assertPart(upper, keys.subList(from, n), sizes.subList(from, n));

        // and when the upper part is appended back, and one more document after it
        docs.appendAll(upper);
        ShardKey last = ShardKey.of(new BsonString("zz"), new BsonInt32(0));
        docs.add(encoder.encode(last), 99);
        List<ShardKey> allKeys = new ArrayList<>(keys);
        allKeys.add(last);
        List<Integer> allSizes = new ArrayList<>(sizes);
        allSizes.add(99);

        // then the chunk is as it was, the new document last
        assertPart(docs, allKeys, allSizes);
    }

    private static void assertPart(EncodedChunkDocuments part, List<ShardKey> keys, List<Integer> sizes) {
        assertEquals(keys.size(), part.count());
        long bytes = 0;
        for (int i = 0; i < keys.size(); i++) {
            assertEquals(keys.get(i), part.keyAt(i), "key " + i);
            assertEquals(sizes.get(i), part.sizeAt(i), "size " + i);
            bytes += sizes.get(i);
        }
        assertEquals(bytes, part.bytes());
        part.sort();
        for (int i = 0; i < keys.size(); i++) {
            assertEquals(keys.get(i), part.keyAt(i), "key " + i + " after sort");
        }
    }
}
