package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Glossary;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A real analysis said in 简体中文: the orders of {@link OrdersScenarioTest} (a counter, random customers, a
 * skewed region, the hashed counter) with reads by customer and by a range of order numbers, judged on 2 shards.
 * Each candidate's verdict, findings and reasons read in the terms of MongoDB's zh-cn manual (glossary.tsv).
 */
class ChineseVerdictsTest {

    private static final Messages CHINESE = Messages.of(Language.SIMPLIFIED_CHINESE);
    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private static final List<ShardKeyPattern> KEYS = List.of(
            ShardKeyPattern.parse("{orderNo: 1}"),
            ShardKeyPattern.parse("{customerId: 1}"),
            ShardKeyPattern.parse("{region: 1}"),
            ShardKeyPattern.parse("{orderNo: 'hashed'}"));

    /** A document or key pattern in mongosh syntax. */
    private static final String CODE = "\\{[^{}]*}";

    private static AdvisorReport report;

    @BeforeAll
    static void analyse() {
        List<SampledQuery> mix = QueryMixFile.parse("""
                {"op": "find", "filter": {"customerId": 17}, "weight": 9}
                {"op": "find", "filter": {"orderNo": {"$gte": 100, "$lt": 200}}}
                """, "mix");
        report = Samples.advisor()
                .analyze(
                        OrdersScenarioTest.orders(120_000, 42),
                        KEYS,
                        mix,
                        Samples.settings(2),
                        ProgressListener.NONE,
                        CancelToken.none());
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # candidate | its verdict in Chinese
            0           | 已排除
            1           | 推荐
            2           | 已排除
            3           | 合格
            """)
    void eachCandidatesVerdictIsSaidInChinese(int candidate, String verdict) {
        assertEquals(verdict, CHINESE.text(report.verdict(candidate).label()));
    }

    @ParameterizedTest(name = "{0}: {1} says {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # candidate | finding                | a term of the zh-cn manual it says
            0           | HOT_SHARD              | 分片
            0           | MONOTONIC              | 单调
            1           | TARGETED_READS         | 定向
            1           | TARGETED_READS         | 分片键
            1           | HIGH_CARDINALITY       | 基数
            2           | LOW_CARDINALITY        | 基数
            2           | LOW_CARDINALITY        | 数据块
            2           | VALUE_OUTWEIGHS_SHARD  | 频率
            3           | SCATTER_GATHER_READS   | 广播
            3           | SCATTER_GATHER_READS   | 哈希
            """)
    void eachFindingSaysItsPrincipleInTheManualsTerms(int candidate, FindingKind kind, String term) {
        String said = report.candidates().get(candidate).findings().stream()
                .filter(f -> f.kind() == kind)
                .map(f -> CHINESE.text(f.message()))
                .findFirst()
                .orElseThrow(() -> new AssertionError(KEYS.get(candidate) + " has no " + kind));

        assertTrue(said.contains(term), said);
    }

    @Test
    void theReasonsSayThePickAndWhyTheCounterIsRuledOut() {
        List<String> reasons =
                report.recommendation().reasons().stream().map(CHINESE::text).toList();

        assertTrue(reasons.get(0).startsWith("推荐分片键 { customerId: 1 }。"), reasons.get(0));
        assertTrue(reasons.get(0).contains("90% 的读取只到达一个分片（定向）"), reasons.get(0));
        assertTrue(
                reasons.stream().anyMatch(r -> r.startsWith("{ orderNo: 1 } 已排除（写入分布）：按插入顺序回放时")), reasons.toString());
    }

    @Test
    void everyFindingAndReasonInChineseHoldsTheGlossarysTermForEachTermItsEnglishUses() {
        Glossary glossary = Glossary.load();
        List<Message> said = new ArrayList<>(report.recommendation().reasons());
        report.candidates()
                .forEach(c -> c.findings().forEach(f -> {
                    said.add(f.message());
                    said.add(f.principle().summary());
                }));
        report.suggestions().forEach(s -> said.add(s.reason()));

        List<String> problems = new ArrayList<>();
        for (Message m : said) {
            // key patterns and values are mongosh syntax, the same in both languages: { orderNo: 'hashed' }
            String english = ENGLISH.text(m).replaceAll(CODE, "");
            String chinese = CHINESE.text(m).replaceAll(CODE, "");
            glossary.missingFrom(english, chinese)
                    .forEach(term -> problems.add(chinese + " lacks " + term.chinese() + " for: " + english));
        }
        assertEquals(List.of(), problems);
    }
}
