package io.shardlab.ui.explorer.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.shardlab.session.ExplorerFrame;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The step of the simulator's undo history an export is stamped with: the last command applied and, after an
 * undo, the command redo would apply, so that a rewound simulation's export does not pass for its latest state.
 */
class HistoryStepTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    @ParameterizedTest(name = "undo {0}, redo {1}: {2}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            # undo would take back | redo would apply | the step
            split at { ts: 100 }   | -                    | undo history: after split at { ts: 100 }
            split at { ts: 100 }   | move { ts: 200 }     | undo history: after split at { ts: 100 }, before the undone move { ts: 200 }
            -                      | split at { ts: 100 } | undo history: at the start, before the undone split at { ts: 100 }
            """)
    void the_step_names_the_last_command_applied_and_the_one_undone(String undo, String redo, String step) {
        ExplorerFrame.UndoState state = new ExplorerFrame.UndoState(
                Optional.ofNullable(undo).map(HistoryStepTest::said),
                undo == null ? 0 : 1,
                Optional.ofNullable(redo).map(HistoryStepTest::said));

        assertEquals(step, ENGLISH.text(HistoryViewModel.step(state)));
    }

    /** A command's label as the explorer's undo history holds it: the command's own words. */
    private static Message said(String command) {
        return Message.of("common.verbatim", command);
    }

    @Test
    void before_the_first_command_there_is_no_step_to_stamp() {
        assertNull(HistoryViewModel.step(ExplorerFrame.UndoState.NOTHING));
    }
}
