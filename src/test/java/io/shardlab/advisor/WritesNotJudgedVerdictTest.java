package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A candidate the layout rules could not judge (too little data for the shards and chunk size: the hot-shard rule
 * is skipped) is not called "qualified": its verdict says its writes were not judged, so a write share of 1.00 on
 * 1,000 shards or on one 128 MB chunk reads differently from a key that passed the write rule.
 */
class WritesNotJudgedVerdictTest {

    private static final List<ShardKeyPattern> KEYS =
            List.of(ShardKeyPattern.parse("{orderNo: 1}"), ShardKeyPattern.parse("{customerId: 1}"));

    @ParameterizedTest(name = "{0} shards, {1} MB chunks: {2} is {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # shards | chunk MB | candidate | verdict
            2        | 1        | 0         | ruled out
            1000     | 1        | 0         | qualified, writes not judged
            4        | 128      | 0         | qualified, writes not judged
            4        | 128      | 1         | recommended
            1000     | 1        | 1         | recommended
            """)
    void the_verdict_says_what_was_judged(int shards, int chunkMegabytes, int candidate, String verdict) {
        // given the orders (an ascending order number, random customers) analysed on the cluster
        AdvisorReport report = Samples.advisor()
                .analyze(
                        OrdersScenarioTest.orders(120_000, 42),
                        KEYS,
                        List.of(),
                        AdvisorSettings.of(MongoVersion.V8_0, shards).withChunkSizeMegabytes(chunkMegabytes),
                        ProgressListener.NONE,
                        CancelToken.none());

        // then the ascending key is ruled out where the data fills the shards, and elsewhere neither called qualified
        // nor recommended (its writes, all on the last chunk, were not judged)
        assertEquals(
                verdict,
                Messages.of(Language.ENGLISH).text(report.verdict(candidate).label()));
    }
}
