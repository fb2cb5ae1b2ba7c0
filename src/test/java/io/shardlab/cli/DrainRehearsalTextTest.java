package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.sim.DrainRehearsal;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code simulate --drain SHARD}: the removal rehearsed after the run, in the release's commands. */
class DrainRehearsalTextTest {

    /** {@code simulate} of 20,000 monotonic inserts on 3 shards of 1 MB chunks, then {@code --drain shard}. */
    private static SimulateCommandTest.Run drain(String release, String shard, String lang) {
        return SimulateCommandTest.run(("--lang " + lang + " simulate --workload monotonic --key {counter:1} --shards 3"
                        + " --docs 20000 --chunk-size 1 --doc-size 300 --mongodb-version " + release + " --drain "
                        + shard)
                .split(" "));
    }

    @ParameterizedTest(name = "{0}: --drain {1} runs {2} and ends \"{3}\"")
    @CsvSource(delimiter = '|', textBlock = """
            8.0 | shard03 | db.adminCommand({ removeShard: "shard03" }); db.adminCommand({ removeShard: "shard03" })             | removed after
            8.3 | shard02 | db.adminCommand({ startShardDraining: "shard02" }); db.adminCommand({ commitShardRemoval: "shard02" }) | removed after
            8.0 | shard01 | db.adminCommand({ removeShard: "shard01" })                                                         | it is the database's primary shard: movePrimary first
            8.0 | shard09 | db.adminCommand({ removeShard: "shard09" })                                                         | refused: ShardNotFound: Shard shard09 not found
            """)
    void theRehearsalFollowsTheRun(String release, String shard, String commands, String end) {
        SimulateCommandTest.Run r = drain(release, shard, "en");

        assertEquals(0, r.exit(), r.err());
        String text = r.out().substring(r.out().indexOf("\nDrain rehearsal of "));
        assertTrue(
                text.startsWith("\nDrain rehearsal of " + shard + " (MongoDB " + release + " rules):\n  runs: "
                        + commands + "\n"),
                text);
        assertTrue(text.contains(end), text);
    }

    @Test
    void withLangZhTheRehearsalIsSaidInChinese() {
        SimulateCommandTest.Run r = drain("8.0", "shard03", "zh-CN");

        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("\n排空 shard03 的预演（MongoDB 8.0 的规则）：\n"), r.out());
        assertTrue(r.out().contains("的模拟时间后已移除"), r.out());
    }

    @Test
    void withJsonItIsRefused() {
        SimulateCommandTest.Run r = SimulateCommandTest.run(
                "simulate", "--workload", "age", "--key", "{age:1}", "--shards", "2", "--drain", "shard02", "--json");

        assertEquals(Cli.BAD_INPUT, r.exit());
        assertTrue(r.err().startsWith("simulate: --drain: rehearses in text; leave out --json"), r.err());
    }

    @Test
    void theRoundsTheTimeAndTheBlockersAreSaidInChinese() {
        DrainRehearsal.Result r = new DrainRehearsal.Result(
                "shard03",
                MongoVersion.parse("8.0"),
                Optional.empty(),
                List.of("db.adminCommand({ removeShard: \"shard03\" })"),
                2,
                2048,
                List.of(new DrainRehearsal.Progress(1, 61_000, 1, 1024, OptionalLong.of(61_000))),
                List.of(new DrainRehearsal.Blocker(DrainRehearsal.BlockerKind.JUMBO_CHUNKS, 1)),
                false,
                3_723_000);

        String text = DrainRehearsalText.render(r, Messages.of(Language.SIMPLIFIED_CHINESE));

        assertEquals("""

                排空 shard03 的预演（MongoDB 8.0 的规则）：
                  执行：db.adminCommand({ removeShard: "shard03" })
                  开始时：2 个数据块，shard03 上共 2KiB
                  第 1 轮（1m01s）：剩余 1 个数据块（1KiB）；按目前速率估计的剩余时间：1m01s
                  经过 1h02m 的模拟时间后仍未移除；原因：
                    1 个标记为巨型的数据块留在原处：负载均衡器不迁移它们（sh.clearJumboFlag，或带 forceJumbo: true 的 moveChunk）
                """, text);
    }
}
