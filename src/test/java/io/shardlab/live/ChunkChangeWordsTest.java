package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.key.ShardKey;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.time.Instant;
import java.util.List;
import org.bson.BsonInt32;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A live cluster's chunk changes as the history list says them, in the reader's language ({@code inspect --json}'s
 * {@code change} stays English): a migration names donor and recipient, a split and a merge their chunks and, when
 * the changelog names it, the shard.
 */
class ChunkChangeWordsTest {

    private static final ShardKey LOW = ShardKey.of(new BsonInt32(0));
    private static final ShardKey HIGH = ShardKey.of(new BsonInt32(100));

    @ParameterizedTest(name = "[{index}] {0} in {1}")
    @CsvSource(delimiter = '|', textBlock = """
            migration   | en    | moved [(0), (100)) from s1 to s2
            migration   | zh-CN | 已将 [(0), (100)) 从 s1 迁移到 s2
            split       | en    | split [(0), (100)) into 2 chunks on s1
            split       | zh-CN | 已将 [(0), (100)) 分割为 2 个数据块（在 s1 上）
            multi-split | en    | multi-split [(0), (100)) into 3 chunks
            merge       | en    | merged 2 chunks into [(0), (100)) on s2
            merge       | zh-CN | 已将 2 个数据块合并为 [(0), (100))（在 s2 上）
            """)
    void a_change_in_the_history_list(String change, String language, String said) {
        ChunkChange c = switch (change) {
            case "migration" -> new ChunkMigration(Instant.EPOCH, "app.c", LOW, HIGH, "s1", "s2");
            case "split" -> new ChunkSplit(Instant.EPOCH, "app.c", LOW, HIGH, null, List.of(), 2, "s1");
            case "multi-split" -> new ChunkSplit(Instant.EPOCH, "app.c", LOW, HIGH, null, List.of(), 3, null);
            default -> new ChunkMerge(Instant.EPOCH, "app.c", LOW, HIGH, null, 2, "s2");
        };

        assertEquals(said, Messages.of(Language.ofTag(language)).text(c.describe()));
    }
}
