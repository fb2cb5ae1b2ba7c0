package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --help} speaks {@code --lang}'s language, given before the command: the command's description, its
 * own options', its mixins' and the inherited {@code --lang}'s; without {@code --lang} (the tests' language
 * is English) it stays English. Lines stay within picocli's 80 columns, a CJK character counted twice.
 */
class HelpLanguageTest {

    @ParameterizedTest(name = "{0} --help")
    @CsvSource(delimiter = '|', textBlock = """
            # command | a Chinese line of its help                         | the same line in English
            simulate  | 列出每个数据块，无论有多少。                        | List every chunk, however many there are.
            simulate  | ShardLab 自己的消息所用的语言                       | Language of ShardLab's own messages
            simulate  | 要插入的文档数                                      | Documents to insert
            simulate  | 工作负载（--workload NAME，附其课程所用的分片键）： | Workloads (--workload NAME, with the key its lesson uses):
            simulate  | 1 到 100000                                         | (1 to 100000)
            simulate  | 用法：                                              | Usage:
            analyze   | 在文档样本上比较候选分片键                          | Compare candidate shard keys
            explain   | 在数据块布局上路由一个查询                          | Route a query over a chunk layout
            export    | 要写入的文件。                                      | The file to write.
            inspect   | 显示真实集群的分片布局（只读）                      | Show a real cluster's sharding layout
            serve     | 监听的端口；0 表示任意空闲端口                      | Port to listen on;
            explain   | 操作：find, updateOne                               | Operation: find, updateOne
            shell     | 在文件之前运行的脚本                                | Script to run before the files
            snapshot  | 快照的写入位置。                                    | Where to write the snapshot.
            hash      | 要计算哈希的值。                                    | Values to hash.
            shell     | 按顺序运行的脚本。                                  | Scripts to run in order.
            hash      | 每行一个 int64                                      | one int64 per line
            analyze   | 查询组合（--queries）：JSON Lines，每行一个操作     | Query mix (--queries): JSON Lines, one operation per line
            analyze   | 推荐：有值大于一个数据块（巨型数据块）              | Recommendation: a key is ruled out by values larger than a chunk
            """)
    void a_command_s_help_is_in_chinese_with_lang_zh_cn_and_english_without(
            String command, String chinese, String english) {
        // given --lang zh-CN before the command
        CliRun inChinese = CliRun.of("--lang", "zh-CN", command, "--help");
        // and no --lang
        CliRun inEnglish = CliRun.of(command, "--help");

        assertEquals(0, inChinese.exitCode(), inChinese.err());
        assertTrue(inChinese.out().contains(chinese), inChinese.out());
        assertFalse(inChinese.out().contains(english), inChinese.out());
        assertEquals(0, inEnglish.exitCode(), inEnglish.err());
        assertTrue(inEnglish.out().contains(english), inEnglish.out());
        assertFalse(inEnglish.out().contains(chinese), inEnglish.out());
        inChinese.out().lines().forEach(line -> assertTrue(columns(line) <= 80, line));
    }

    @ParameterizedTest(name = "--lang zh-CN --help lists {0} in Chinese")
    @CsvSource(textBlock = """
            simulate, 把工作负载或数据集插入模拟的分片集群
            export,   把数据块布局画成 PNG、SVG 或 PDF 文件
            """)
    void the_root_s_help_lists_the_commands_in_chinese(String command, String chinese) {
        CliRun run = CliRun.of("--lang", "zh-CN", "--help");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("ShardLab：看清一个 MongoDB 分片键的作用。"), run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.contains(command) && line.contains(chinese)), run.out());
    }

    /** The columns a terminal gives {@code line}: a CJK or full-width character takes two. */
    private static int columns(String line) {
        return line.codePoints()
                .map(c -> c >= 0x1100 && Character.isIdeographic(c)
                                || c >= 0xFF00 && c <= 0xFF60
                                || c >= 0x3000 && c <= 0x303F
                        ? 2
                        : 1)
                .sum();
    }

    @ParameterizedTest(name = "analyze --help in {0} shows the query mix's JSON braces as typed")
    @ValueSource(strings = {"en", "zh-CN"})
    void analyze_s_help_footer_keeps_its_json_examples_whole(String language) {
        CliRun run = CliRun.of("--lang", language, "analyze", "--help");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(
                run.out().contains("  {\"op\": \"find\", \"filter\": {\"customerId\": 42}, \"weight\": 70}"),
                run.out());
        assertTrue(
                run.out()
                        .contains("  {\"op\": \"replaceOne\", \"filter\": {\"_id\": 1}, "
                                + "\"replacement\": {\"customerId\": 42}}"),
                run.out());
        assertTrue(run.out().contains("{\"locale\": \"en\", \"strength\": 2}"), run.out());
        assertTrue(run.out().contains("[...], \"recommended\": INDEX"), run.out());
    }
}
