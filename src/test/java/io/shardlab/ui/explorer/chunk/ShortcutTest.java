package io.shardlab.ui.explorer.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The side panel's shortcut list: a read-only layout lists only what works on it. */
class ShortcutTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    @ParameterizedTest(name = "{0}: on the simulator {1}, on a read-only layout {2}")
    @CsvSource(delimiter = '|', textBlock = """
            +  −    | true | true
            [  ]    | true | true
            Z       | true | true
            wheel   | true | true
            drag    | true | true
            S       | true | false
            M       | true | false
            Space   | true | false
            Ctrl+Z  | true | false
            """)
    void a_read_only_layout_lists_no_shortcut_that_changes_or_plays_it(
            String keys, boolean simulator, boolean readOnly) {
        assertEquals(simulator, listed(false, keys));
        assertEquals(readOnly, listed(true, keys));
    }

    @org.junit.jupiter.api.Test
    void the_hint_names_only_gestures_that_work_and_points_read_only_users_to_the_fork() {
        String readOnly = ENGLISH.text(Shortcut.howToPick(true));
        assertFalse(readOnly.contains("Double-click") || readOnly.contains("drag"), readOnly);
        assertTrue(readOnly.contains("Fork into simulator"), readOnly);
        assertTrue(ENGLISH.text(Shortcut.howToPick(false)).contains("Double-click on the line splits it"));
    }

    private static boolean listed(boolean readOnly, String keys) {
        List<Shortcut> list = Shortcut.forLayout(readOnly);
        return list.stream().anyMatch(s -> s.keys().equals(keys));
    }
}
