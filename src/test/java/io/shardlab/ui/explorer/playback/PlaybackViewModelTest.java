package io.shardlab.ui.explorer.playback;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.mongos.ConfigDatabase;
import io.shardlab.sim.SimulationCounters;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How the transport bar words the routing table beside the data, and what a scenario's set-up did. */
class PlaybackViewModelTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

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
                ENGLISH.text(PlaybackViewModel.routingDetail(
                        new ConfigDatabase.MetadataSize(chunks, chunkBytes, documents, dataBytes))));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            # splits | migrations | sentence
            0        | 0          | ''
            1        | 0          | Before the first insert the set-up made 1 split (its pre-split, placed round-robin): the counters count from there.
            0        | 960        | Before the first insert the set-up made 960 migrations (its pre-split, placed round-robin): the counters count from there.
            1439     | 1          | Before the first insert the set-up made 1,439 splits and 1 migration (its pre-split, placed round-robin): the counters count from there.
            """)
    void the_set_up_s_splits_and_moves_are_said_apart_from_the_counters(long splits, long migrations, String sentence) {
        SimulationCounters atStart = new SimulationCounters(0, splits, migrations, migrations, 0, 0, 0);

        Message said = PlaybackViewModel.setupText(atStart);
        assertEquals(sentence, said == null ? "" : ENGLISH.text(said));
    }
}
