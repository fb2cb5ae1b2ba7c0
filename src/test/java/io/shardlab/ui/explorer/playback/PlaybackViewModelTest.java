package io.shardlab.ui.explorer.playback;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.mongos.ConfigDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How the transport bar words the routing table beside the data. */
class PlaybackViewModelTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            # chunks | chunk bytes | documents | data bytes | sentence
            4        | 996         | 400000    | 193589393  | config.chunks: 4 documents, 996B, beside 184.62MiB of data (1/194,367). One routing document per data document would weigh 94.98MiB.
            1        | 230         | 0         | 0          | config.chunks: 1 document, 230B, beside 0B of data. One routing document per data document would weigh 0B.
            """)
    void the_routing_sentence_gives_the_share_of_the_data_and_the_cost_of_routing_document_by_document(
            long chunks, long chunkBytes, long documents, long dataBytes, String sentence) {
        assertEquals(
                sentence,
                PlaybackViewModel.routingDetail(
                        new ConfigDatabase.MetadataSize(chunks, chunkBytes, documents, dataBytes)));
    }
}
