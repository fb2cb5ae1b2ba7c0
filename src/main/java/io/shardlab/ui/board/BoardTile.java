package io.shardlab.ui.board;

import io.shardlab.render.DiagramData;
import io.shardlab.render.DiagramPainter;
import io.shardlab.text.Message;
import java.util.Objects;
import java.util.Optional;

/**
 * One tile of the class board: a student's sharded collection as a small multiple (or the student alone, before
 * they sharded one), with where they stand on the exercise. Immutable; built on the board's lane.
 *
 * @param database the student's database
 * @param student their name: the roster's, or the database's
 * @param namespace the collection shown, empty for a student without one yet
 * @param caption the collection in one line, e.g. {@code users · { user_name: 'hashed' } · 3,000 documents · 12 chunks on 3 of 3 shards}, or
 *     why there is no picture, said in the window's language
 * @param picture the diagram's data and parts, for render's painter; empty without a collection
 * @param status where the student stands on the chosen exercise
 * @param hint for a student not there yet: the first unmet check's hint and what was seen, said when shown
 */
record BoardTile(
        String database,
        String student,
        Optional<String> namespace,
        Message caption,
        Optional<Picture> picture,
        Status status,
        Optional<Message> hint) {

    BoardTile {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(student, "student");
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(caption, "caption");
        Objects.requireNonNull(picture, "picture");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(hint, "hint");
    }

    /** Where a student stands on the chosen exercise. */
    enum Status {
        /** No exercise is chosen. */
        NONE,
        /** Every check holds. */
        PASS,
        /** A check does not hold yet. */
        NOT_YET
    }

    /**
     * What render's painter draws on the tile: the data and the parts computed from it (the number line model and
     * the lanes' rows, a pass over every chunk each, done off the JavaFX thread).
     */
    record Picture(DiagramData data, DiagramPainter.Parts parts) {}
}
