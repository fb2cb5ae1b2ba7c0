package io.shardlab.ui.explorer.chunk;

import io.shardlab.text.Message;
import java.util.List;
import java.util.Map;

/**
 * One line of the number line's shortcut list in the side panel.
 *
 * @param keys the keys or gesture, as named on an English keyboard ("S", "wheel"); {@link #shownKeys()} says them
 * @param action what it does: a key of the explorer's bundle
 * @param changesLayout whether it changes the simulated cluster or plays it, which a read-only layout (a real
 *     cluster's, a snapshot's) does not allow
 */
record Shortcut(String keys, String action, boolean changesLayout) {

    private static final List<Shortcut> ALL = List.of(
            new Shortcut("+  −", "explorer.shortcut.zoom", false),
            new Shortcut("←  →", "explorer.shortcut.pan", false),
            new Shortcut("0", "explorer.shortcut.fit", false),
            new Shortcut("[  ]", "explorer.shortcut.previousNext", false),
            new Shortcut("Enter", "explorer.shortcut.details", false), // untranslated: the key's name
            new Shortcut("S", "explorer.shortcut.split", true),
            new Shortcut("M", "explorer.shortcut.merge", true),
            new Shortcut("Z", "explorer.shortcut.zoomToChunk", false),
            new Shortcut("wheel", "explorer.shortcut.zoomAround", false),
            new Shortcut("drag", "explorer.shortcut.pan", false),
            new Shortcut("Space", "explorer.shortcut.play", true), // untranslated: said by shownKeys
            new Shortcut("Ctrl+Z", "explorer.shortcut.undo", true)); // untranslated: the keys as printed

    /** The gestures and keys whose names a language says in its own words. */
    private static final Map<String, String> WORDS = Map.of(
            "wheel", "explorer.shortcut.keys.wheel",
            "drag", "explorer.shortcut.keys.drag",
            "Space", "explorer.shortcut.keys.space"); // untranslated: the key this entry says

    /** The shortcuts that work on the simulator's layout, or on a read-only one. */
    static List<Shortcut> forLayout(boolean readOnly) {
        return ALL.stream().filter(s -> !(readOnly && s.changesLayout())).toList();
    }

    /** The keys as the list shows them: a gesture or a named key in the language's words, others as printed. */
    Message shownKeys() {
        String word = WORDS.get(keys);
        return word == null ? Message.of("explorer.shortcut.keys", keys) : Message.of(word);
    }

    /** How to pick a chunk, and what can be done with it, on the simulator's layout or a read-only one. */
    static Message howToPick(boolean readOnly) {
        return Message.of(readOnly ? "explorer.shortcut.pick.readOnly" : "explorer.shortcut.pick");
    }
}
