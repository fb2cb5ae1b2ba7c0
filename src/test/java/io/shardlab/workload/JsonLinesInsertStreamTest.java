package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A JSON Lines file parsed ahead on other threads reads as the same file parsed line by line. */
class JsonLinesInsertStreamTest {

    private static final WorkloadSettings SETTINGS = WorkloadSettings.of(1_000_000, 3);

    private final ExecutorService parsers = Executors.newFixedThreadPool(2);

    @AfterEach
    void stopParsers() {
        parsers.shutdownNow();
    }

    /** Seeded lines over several blocks: some with an _id, some without, blank lines between. */
    private static String lines(int documents) {
        SplittableRandom random = new SplittableRandom(11);
        StringBuilder text = new StringBuilder("\uFEFF");
        for (int i = 0; i < documents; i++) {
            if (random.nextInt(10) == 0) {
                text.append("   \n");
            }
            if (random.nextBoolean()) {
                text.append("{\"_id\": ").append(i).append(", ");
            } else {
                text.append("{");
            }
            text.append("\"n\": ")
                    .append(i)
                    .append(", \"s\": \"")
                    .append("x".repeat(random.nextInt(40)))
                    .append("\"}\n");
        }
        return text.toString();
    }

    private static List<InsertDocument> readAll(String text, long limit, ExecutorService parsers) {
        List<InsertDocument> all = new ArrayList<>();
        try (InsertStream stream =
                new JsonLinesInsertStream(new StringReader(text), "t.jsonl", SETTINGS, limit, parsers)) {
            stream.forEachRemaining(all::add);
        }
        return all;
    }

    @Test
    void parsingAheadGivesTheSameDocumentsIdsSizesAndLinesInFileOrder() {
        // given more lines than the blocks the reader keeps ahead
        String text = lines(JsonLinesInsertStream.LINES_PER_BLOCK * (JsonLinesInsertStream.BLOCKS_AHEAD + 3) + 17);

        // when read line by line and parsed ahead
        List<InsertDocument> lineByLine = readAll(text, Long.MAX_VALUE, null);
        List<InsertDocument> ahead = readAll(text, Long.MAX_VALUE, parsers);

        // then the documents, their generated _ids, sizes and line numbers are the same
        assertEquals(
                JsonLinesInsertStream.LINES_PER_BLOCK * (JsonLinesInsertStream.BLOCKS_AHEAD + 3) + 17, ahead.size());
        assertEquals(lineByLine, ahead);
    }

    @Test
    void theLimitStopsAStreamParsedAhead() {
        String text = lines(5_000);

        List<InsertDocument> ahead = readAll(text, 1_500, parsers);

        assertEquals(readAll(text, 1_500, null), ahead);
        assertEquals(1_500, ahead.size());
    }

    @Test
    void aBadLineFarAheadIsRaisedWhenTheReaderReachesItAfterTheDocumentsBeforeIt() {
        // given a line that is not a document in the third block
        String text = lines(3_000) + "{\"n\": \n" + lines(3_000);
        long badLine = text.substring(0, text.indexOf("{\"n\": \n"))
                        .chars()
                        .filter(c -> c == '\n')
                        .count()
                + 1;

        // when read parsed ahead, document by document
        List<InsertDocument> read = new ArrayList<>();
        DatasetException e;
        try (InsertStream stream =
                new JsonLinesInsertStream(new StringReader(text), "t.jsonl", SETTINGS, Long.MAX_VALUE, parsers)) {
            e = assertThrows(DatasetException.class, () -> stream.forEachRemaining(read::add));
        }

        // then every document before it came first, and the error names its line
        assertEquals(3_000, read.size());
        assertTrue(e.getMessage().startsWith("t.jsonl line " + badLine + ": not a document: "), e.getMessage());
    }
}
