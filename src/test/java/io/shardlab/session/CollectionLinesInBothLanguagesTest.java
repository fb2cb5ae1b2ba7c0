package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The setup row's line for a collection on show that is not the scenario's, and what a cluster file holds, read in
 * the window's language: counts grouped by locale, one of a thing said in the singular in English.
 */
class CollectionLinesInBothLanguagesTest {

    @ParameterizedTest(name = "[{index}] {0}: {1} chunks, {3} documents")
    @CsvSource(delimiter = '|', textBlock = """
            en    | 12 | 3 | 20000 | app.events · { userId: 'hashed' } · 12 chunks on 3 of 4 shards · 20,000 documents
            en    | 1  | 1 | 1     | app.events · { userId: 'hashed' } · 1 chunk on 1 of 4 shards · 1 document
            zh-CN | 12 | 3 | 20000 | app.events · { userId: 'hashed' } · 12 个数据块，位于 4 个分片中的 3 个 · 20,000 个文档
            """)
    void a_collection_on_show_in_one_line(
            String language, int chunks, int shardsWithChunks, long documents, String line) {
        CollectionSummary summary =
                new CollectionSummary("app.events", "{ userId: 'hashed' }", chunks, shardsWithChunks, 4, documents);

        assertEquals(line, Messages.of(Language.ofTag(language)).text(summary.line()));
    }

    @ParameterizedTest(name = "[{index}] {0}: {1} documents in {2} collections")
    @CsvSource(delimiter = '|', textBlock = """
            en    | 1234 | 3 | 1,234 documents in 3 collections
            en    | 250  | 1 | 250 documents in 1 collection
            zh-CN | 1234 | 3 | 3 个集合中的 1,234 个文档
            """)
    void a_cluster_files_contents(String language, long documents, int collections, String said) {
        assertEquals(
                said,
                Messages.of(Language.ofTag(language)).text(new DataFileContents(documents, collections).describe()));
    }
}
