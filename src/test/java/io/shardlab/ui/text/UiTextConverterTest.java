package io.shardlab.ui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.shardlab.session.PlaybackSpeed;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import javafx.util.StringConverter;
import org.junit.jupiter.api.Test;

/** A picker's converter names each choice in the window's language and reads a name it gave back as its choice. */
class UiTextConverterTest {

    private final UiText text = new UiText(Language.ENGLISH);
    private final StringConverter<PlaybackSpeed> converter =
            text.converter(speed -> Message.of("explorer.transport.speed.picker.tip"));

    @Test
    void a_name_it_gave_reads_back_as_its_choice_and_null_as_blank() {
        // given a choice named once
        String name = converter.toString(PlaybackSpeed.values()[0]);

        // then its name reads back as that choice; null is blank; any other text is no choice
        assertEquals(PlaybackSpeed.values()[0], converter.fromString(name));
        assertEquals("", converter.toString(null));
        assertNull(converter.fromString("no such choice"));
    }
}
