package io.shardlab.key;

import io.shardlab.FuzzInputs;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Property: any text is a shard key pattern or is refused in one line. */
class ShardKeyPatternFuzzTest {

    @Test
    void everyTextIsAPatternOrOneLine() {
        FuzzInputs inputs = new FuzzInputs(
                32L,
                List.of(
                        "{a: 1}",
                        "{a: 'hashed'}",
                        "{a: 1, b: 'hashed', c: 1}",
                        "{'user.id': 1, ts: 1}",
                        "{'a.$id': 1}",
                        "{\"x.y.z\": NumberLong(1)}",
                        "{a: 1.0, b: Decimal128('1')}",
                        "{f0: 1, f1: 1, f2: 1, f3: 1, f4: 1, f5: 1, f6: 1, f7: 1, f8: 1, f9: 1, f10: 1}"));
        for (int i = 0; i < 3_000; i++) {
            FuzzInputs.assertResultOrOneLine(inputs.next(), "", ShardKeyPattern::parse);
        }
    }
}
