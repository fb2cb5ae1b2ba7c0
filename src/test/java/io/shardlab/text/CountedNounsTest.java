package io.shardlab.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A count is never followed by a plural noun that 1 would contradict ("1 chunks", "on 1 shards"): in the English
 * words a number placeholder directly before a countable noun sits in a {@code choice} that says the singular.
 */
class CountedNounsTest {

    /** The nouns the screens count. */
    private static final Pattern COUNTED = Pattern.compile(
            "^ (chunks|shards|clients|splits|migrations|points|students|changes|entries|connections)\\b");

    /**
     * Words whose count is never 1, each with its reason: a merge joins at least two chunks (mergeChunks refuses
     * one, MongoDB's merge_chunks_command.cpp); a comparison names a difference only when the counts differ, and
     * the noun follows the second.
     */
    private static final List<String> NEVER_ONE = List.of("explorer.log.merged", "explorer.comparison.shards");

    @Test
    void every_count_before_a_countable_noun_says_one_in_the_singular() throws IOException {
        List<String> plainCounts = new ArrayList<>();
        for (BundleFiles bundle : BundleFiles.all()) {
            for (Map.Entry<String, String> e : bundle.english().entrySet()) {
                if (!NEVER_ONE.contains(e.getKey()) && hasPlainCountBeforeNoun(e.getValue())) {
                    plainCounts.add(e.getKey() + "=" + e.getValue());
                }
            }
        }
        assertEquals(List.of(), plainCounts);
    }

    /** Whether a top-level {@code {n,number…}} placeholder (outside any choice) is followed by a counted noun. */
    static boolean hasPlainCountBeforeNoun(String pattern) {
        int depth = 0;
        int start = -1;
        boolean quoted = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (quoted) {
                continue;
            } else if (c == '{') {
                if (depth == 0) {
                    start = i;
                }
                depth++;
            } else if (c == '}') {
                depth--;
                if (depth == 0) {
                    String placeholder = pattern.substring(start + 1, i);
                    Matcher noun = COUNTED.matcher(pattern.substring(i + 1));
                    if (placeholder.matches("\\d+,number(,integer)?") && noun.find()) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            cli.export.wrote       | 1 | wrote f.svg (svg, Equal view, 1 chunk)
            cli.export.wrote       | 2 | wrote f.svg (svg, Equal view, 2 chunks)
            cli.snapshot.wrote     | 1 | wrote shop.orders (1 chunk on 1 shard, 0 chunk changes from 0 changelog entries) to f.json
            advisor.finding.hotShard | 1 | Replayed in insertion order, 90 % of each window's inserts went to one shard (meanMaxWriteShare 0.9; even would be 0.5): the other shard waits while one takes the writes.
            advisor.finding.smallSample | 1 | The data (1 MB) is less than 1 chunk of 64 MB per shard, so the balancer has little to spread and the write and layout numbers say little; x
            """)
    void one_reads_in_the_singular(String key, int count, String expected) {
        Messages words = Messages.of(Language.ENGLISH);
        Object[] args = switch (key) {
            case "cli.export.wrote" -> new Object[] {"f.svg", "svg", "Equal", count};
            case "cli.snapshot.wrote" -> new Object[] {"shop.orders", count, count, 0, 0, "f.json"};
            case "advisor.finding.hotShard" -> new Object[] {"90 %", "0.9", "0.5", count};
            default -> new Object[] {"1 MB", count, "64 MB", "x"};
        };
        assertEquals(expected, words.text(key, args));
    }
}
