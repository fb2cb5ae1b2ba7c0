package io.shardlab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import org.junit.jupiter.api.Test;

/** Every standard workload's description is words in both languages: simulate --help and the picker say them. */
class WorkloadDescriptionWordsTest {

    @Test
    void everyStandardWorkloadIsDescribedInEnglishAndChinese() {
        // given the standard workloads
        for (Workload w : WorkloadRegistry.standard().all()) {
            // when their description is said in each language
            String english = Messages.of(Language.ENGLISH).text(w.descriptionMessage());
            String chinese = Messages.of(Language.SIMPLIFIED_CHINESE).text(w.descriptionMessage());
            // then both exist, the English one is the CLI's, and the Chinese one is a translation
            assertThat(Messages.of(Language.ENGLISH).has(w.descriptionMessage().key()))
                    .as(w.name())
                    .isTrue();
            assertThat(w.description()).isEqualTo(english);
            assertThat(chinese).as(w.name()).isNotEqualTo(english).matches(".*\\p{IsHan}.*");
        }
    }
}
