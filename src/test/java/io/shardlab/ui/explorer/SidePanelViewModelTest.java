package io.shardlab.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.ui.explorer.SidePanelViewModel.Placement;
import io.shardlab.ui.explorer.SidePanelViewModel.Section;
import io.shardlab.ui.explorer.diagram.ChunkDetails;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SidePanelViewModelTest {

    private static final double NARROW = SidePanelViewModel.DOCK_MIN_WIDTH - 1;
    private static final double WIDE = SidePanelViewModel.DOCK_MIN_WIDTH;

    private final SimpleObjectProperty<ChunkDetails> selected = new SimpleObjectProperty<>();
    private final SimpleBooleanProperty readOnly = new SimpleBooleanProperty();
    private final SidePanelViewModel panel = new SidePanelViewModel(selected, readOnly);

    private static ChunkDetails chunk() {
        ShardKeyPattern key = ShardKeyPattern.parse("{ counter: 1 }");
        return new ChunkDetails(
                0,
                new Chunk(key.globalMin(), key.globalMax(), "shard01", false, new ChunkVersion(1, 0)),
                10,
                1000,
                key);
    }

    /**
     * Runs a script of steps: {@code wide}, {@code narrow}, {@code toggle:QUERY} (a rail button), {@code pin},
     * {@code close}, {@code select} (a chunk selected where none was), {@code clear} (the selection cleared),
     * {@code tab:LOG} (a tab clicked inside the panel), {@code show:QUERY}, {@code readOnly}.
     */
    private void run(String script) {
        for (String step : script.trim().split("\\s+")) {
            String[] parts = step.split(":");
            switch (parts[0]) {
                case "wide" -> panel.explorerWidth(WIDE);
                case "narrow" -> panel.explorerWidth(NARROW);
                case "toggle" -> panel.toggle(Section.valueOf(parts[1]));
                case "show" -> panel.show(Section.valueOf(parts[1]));
                case "tab" -> panel.select(Section.valueOf(parts[1]));
                case "pin" -> panel.togglePin();
                case "close" -> panel.close();
                case "select" -> selected.set(chunk());
                case "clear" -> selected.set(null);
                case "readOnly" -> readOnly.set(true);
                default -> throw new IllegalArgumentException("step: unknown, got " + step);
            }
        }
    }

    @ParameterizedTest(name = "{0} -> {1}, {2}, cue {3}")
    @CsvSource(textBlock = """
            # steps                                    placement  section  chunk cue
            wide,                                      DOCKED,    CHUNK,   false
            narrow,                                    RAIL,      CHUNK,   false
            narrow toggle:QUERY,                       DRAWER,    QUERY,   false
            narrow toggle:QUERY toggle:QUERY,          RAIL,      QUERY,   false
            narrow toggle:QUERY toggle:LOG,            DRAWER,    LOG,     false
            narrow toggle:QUERY close,                 RAIL,      QUERY,   false
            narrow pin,                                PINNED,    CHUNK,   false
            narrow toggle:HISTORY pin,                 PINNED,    HISTORY, false
            narrow pin pin,                            RAIL,      CHUNK,   false
            narrow pin toggle:CHUNK,                   RAIL,      CHUNK,   false
            narrow pin wide,                           DOCKED,    CHUNK,   false
            narrow pin wide narrow,                    PINNED,    CHUNK,   false
            wide toggle:LOG,                           DOCKED,    LOG,     false
            wide tab:HISTORY select,                   DOCKED,    CHUNK,   false
            narrow toggle:QUERY select,                DRAWER,    CHUNK,   false
            narrow toggle:QUERY pin select,            PINNED,    CHUNK,   false
            narrow select,                             RAIL,      CHUNK,   true
            narrow toggle:LOG toggle:LOG select,       RAIL,      LOG,     true
            narrow select clear,                       RAIL,      CHUNK,   false
            narrow toggle:LOG toggle:LOG select toggle:CHUNK, DRAWER, CHUNK, false
            narrow toggle:LOG toggle:LOG select toggle:QUERY, DRAWER, QUERY, true
            narrow toggle:LOG toggle:LOG select toggle:QUERY tab:CHUNK, DRAWER, CHUNK, false
            narrow toggle:LOG toggle:LOG select pin,   PINNED,    LOG,     true
            narrow toggle:LOG toggle:LOG select wide,  DOCKED,    CHUNK,   false
            narrow show:QUERY,                         DRAWER,    QUERY,   false
            wide show:QUERY narrow,                    RAIL,      QUERY,   false
            narrow toggle:LOG wide narrow,             RAIL,      LOG,     false
            narrow toggle:LOG readOnly,                DRAWER,    CHUNK,   false
            narrow readOnly toggle:QUERY,              RAIL,      CHUNK,   false
            narrow readOnly show:LOG,                  RAIL,      CHUNK,   false
            """)
    void the_panel_docks_when_wide_and_in_a_narrow_explorer_opens_pins_and_cues_from_its_rail(
            String steps, Placement placement, Section section, boolean cue) {
        run(steps);

        assertEquals(placement, panel.placementProperty().get(), steps);
        assertEquals(section, panel.sectionProperty().get(), steps);
        assertEquals(cue, panel.chunkCueProperty().get(), steps);
    }

    @Test
    void a_wide_explorer_docks_the_panel_however_it_was_left_when_narrow() {
        run("narrow toggle:QUERY");
        panel.explorerWidth(WIDE + 500);
        assertEquals(Placement.DOCKED, panel.placementProperty().get());
        assertFalse(panel.narrowProperty().get());
    }

    @Test
    void invariants_hold_after_any_sequence_of_steps() {
        String[] steps = {
            "wide",
            "narrow",
            "toggle:CHUNK",
            "toggle:QUERY",
            "toggle:HISTORY",
            "toggle:LOG",
            "pin",
            "close",
            "select",
            "clear",
            "tab:CHUNK",
            "tab:LOG",
            "show:QUERY"
        };
        SplittableRandom random = new SplittableRandom(20_260_601);
        for (int trial = 0; trial < 500; trial++) {
            SimpleObjectProperty<ChunkDetails> sel = new SimpleObjectProperty<>();
            SidePanelViewModel p = new SidePanelViewModel(sel, new SimpleBooleanProperty());
            List<String> done = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                String step = steps[random.nextInt(steps.length)];
                done.add(step);
                String[] parts = step.split(":");
                switch (parts[0]) {
                    case "wide" -> p.explorerWidth(WIDE);
                    case "narrow" -> p.explorerWidth(NARROW);
                    case "toggle" -> p.toggle(Section.valueOf(parts[1]));
                    case "show" -> p.show(Section.valueOf(parts[1]));
                    case "tab" -> p.select(Section.valueOf(parts[1]));
                    case "pin" -> p.togglePin();
                    case "close" -> p.close();
                    case "select" -> sel.set(sel.get() == null ? chunk() : sel.get());
                    case "clear" -> sel.set(null);
                    default -> throw new IllegalStateException(step);
                }
                Placement placement = p.placementProperty().get();
                String where = String.join(" ", done);
                assertTrue(!p.pinnedProperty().get() || p.openProperty().get(), "pinned implies open: " + where);
                assertEquals(!p.narrowProperty().get(), placement == Placement.DOCKED, where);
                assertFalse(p.chunkCueProperty().get() && sel.get() == null, "a cue needs a selection: " + where);
                assertFalse(
                        p.chunkCueProperty().get()
                                && placement.showsPanel()
                                && p.sectionProperty().get() == Section.CHUNK,
                        "no cue while the chunk shows: " + where);
            }
        }
    }
}
