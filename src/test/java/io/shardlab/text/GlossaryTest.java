package io.shardlab.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The Chinese bundles say each MongoDB concept with the zh-cn manual's one word for it. */
class GlossaryTest {

    private final Glossary glossary = Glossary.load();

    @ParameterizedTest(name = "\"{0}\" needs {2}")
    @CsvSource(delimiter = '|', textBlock = """
            Pick a shard key             | 选择分片键          | ''
            Pick a shard key             | 选择片键            | 分片键
            Two jumbo chunks             | 两个巨型数据块      | ''
            Two jumbo chunks             | 两个块              | 巨型数据块 数据块
            The balancer moved a chunk   | 负载均衡器迁移了块  | 数据块
            Shards of a cluster          | 集群的分片          | ''
            """)
    void aTranslationMustHoldTheGlossarysTermForEachTermItsEnglishUses(String english, String chinese, String lacking) {
        List<String> missing = glossary.missingFrom(english, chinese).stream()
                .map(Glossary.Term::chinese)
                .toList();
        assertEquals(lacking.isEmpty() ? List.of() : List.of(lacking.split(" ")), missing);
    }

    @Test
    void everyChineseBundleTextUsesTheGlossary() throws IOException {
        List<String> problems = new ArrayList<>();
        for (BundleFiles bundle : BundleFiles.all()) {
            bundle.english().forEach((key, english) -> {
                String chinese = bundle.chinese().get(key);
                if (chinese != null) {
                    glossary.missingFrom(english, chinese)
                            .forEach(term -> problems.add(key + ": says \"" + chinese + "\" without " + term.chinese()
                                    + " (" + term.english().pattern() + ")"));
                }
            });
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void everyTermCitesTheZhCnManual() {
        assertTrue(glossary.terms().size() >= 10);
        glossary.terms()
                .forEach(term -> assertTrue(
                        term.source().toString().startsWith("https://www.mongodb.com/zh-cn/docs/"),
                        term.source().toString()));
    }
}
