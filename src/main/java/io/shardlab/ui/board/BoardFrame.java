package io.shardlab.ui.board;

import io.shardlab.exercise.ClassProgress;
import java.util.List;

/**
 * What the class board shows at one moment, assembled on the board's lane and handed to the JavaFX thread whole
 * (the newest wins, docs/ARCHITECTURE.md rule 5). Immutable.
 *
 * @param tiles every tile, by student name then namespace
 * @param results every student on every exercise, for the export
 * @param students the student databases
 * @param passed the students who pass the chosen exercise (0 without one)
 */
record BoardFrame(List<BoardTile> tiles, List<ClassProgress.Result> results, int students, int passed) {

    BoardFrame {
        tiles = List.copyOf(tiles);
        results = List.copyOf(results);
    }

    /** Before the first look at the class. */
    static final BoardFrame EMPTY = new BoardFrame(List.of(), List.of(), 0, 0);
}
