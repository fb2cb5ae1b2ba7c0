package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The ObjectId table of the {@code _id} index answers as a map would, through inserts, duplicate inserts,
 * removals (which shift later entries of a probe run back) and growth, whatever the keys' spread. Each key's
 * document is stored at a position of its own, where the table reads its ObjectId.
 */
class ObjectIdPositionsTest {

    private record Key(long high, int low) {}

    @ParameterizedTest(name = "{0} keys, {1} steps, seed {2}")
    @CsvSource({
        // a few keys: long probe runs, many removals inside them
        "24, 4000, 1",
        // keys differing only in the counter bytes, as ObjectIds of one process and second do
        "5000, 30000, 2",
        // many keys: the table grows several times
        "200000, 400000, 3"
    })
    void the_table_answers_as_a_map_of_the_same_writes(int keys, int steps, long seed) {
        Random random = new Random(seed);
        long second = random.nextLong();
        List<Key> pool = new ArrayList<>();
        for (int i = 0; i < keys; i++) {
            pool.add(seed == 1 ? new Key(random.nextLong(), random.nextInt()) : new Key(second, i));
        }
        ObjectIdPositions table = new ObjectIdPositions(new ObjectIdPositions.StoredIds() {
            @Override
            public long high(int position) {
                return pool.get(position).high();
            }

            @Override
            public int low(int position) {
                return pool.get(position).low();
            }
        });
        Map<Key, Integer> expected = new HashMap<>();
        for (int step = 0; step < steps; step++) {
            int position = random.nextInt(keys);
            Key key = pool.get(position);
            int action = random.nextInt(3);
            if (action == 0) {
                boolean stored = table.putIfAbsent(key.high(), key.low(), position);
                assertEquals(expected.putIfAbsent(key, position) == null, stored, "put at step " + step);
            } else if (action == 1) {
                Integer removed = expected.remove(key);
                assertEquals(removed == null ? -1 : removed, table.remove(key.high(), key.low()), "step " + step);
            } else {
                Integer held = expected.get(key);
                assertEquals(held == null ? -1 : held, table.get(key.high(), key.low()), "step " + step);
            }
            assertEquals(expected.size(), table.size());
        }
        Map<Key, Integer> visited = new HashMap<>();
        table.forEach((high, low, position) -> visited.put(new Key(high, low), position));
        assertEquals(expected, visited);
        for (Key key : pool) {
            assertEquals(expected.getOrDefault(key, -1), table.get(key.high(), key.low()));
        }
    }
}
