package io.shardlab.ui.explorer.chunk;

import java.util.List;

/**
 * One line of the number line's shortcut list in the side panel.
 *
 * @param keys the keys or gesture, as shown ("S", "wheel")
 * @param action what it does
 * @param changesLayout whether it changes the simulated cluster or plays it, which a read-only layout (a real
 *     cluster's, a snapshot's) does not allow
 */
record Shortcut(String keys, String action, boolean changesLayout) {

    private static final List<Shortcut> ALL = List.of(
            new Shortcut("+  −", "zoom", false),
            new Shortcut("←  →", "pan", false),
            new Shortcut("0", "fit", false),
            new Shortcut("[  ]", "previous / next chunk", false),
            new Shortcut("Enter", "the selected chunk's details", false),
            new Shortcut("S", "split the selected chunk", true),
            new Shortcut("M", "merge with the next chunk", true),
            new Shortcut("Z", "zoom to the selected chunk", false),
            new Shortcut("wheel", "zoom around the pointer", false),
            new Shortcut("drag", "pan", false),
            new Shortcut("Space", "play / pause", true),
            new Shortcut("Ctrl+Z", "undo", true));

    /** The shortcuts that work on the simulator's layout, or on a read-only one. */
    static List<Shortcut> forLayout(boolean readOnly) {
        return ALL.stream().filter(s -> !(readOnly && s.changesLayout())).toList();
    }

    /** How to pick a chunk, and what can be done with it, on the simulator's layout or a read-only one. */
    static String howToPick(boolean readOnly) {
        return readOnly
                ? "Click a chunk on the number line or in a lane to see its range, shard and size. This layout is "
                        + "read only: Fork into simulator to split, move or merge its chunks."
                : "Click a chunk on the number line or in a lane. Double-click on the line splits it where you click, "
                        + "in a lane shows its details; drag it onto another shard's lane to move it; right-click for "
                        + "everything else.";
    }
}
