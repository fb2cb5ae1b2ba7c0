package io.shardlab.ui.board;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.exercise.CheckItem;
import io.shardlab.exercise.ClassProgress;
import io.shardlab.exercise.Exercise;
import io.shardlab.exercise.StudentEvidence;
import io.shardlab.render.ChunkSizes;
import io.shardlab.render.DiagramData;
import io.shardlab.render.DiagramPainter;
import io.shardlab.render.LayoutData;
import io.shardlab.render.NumberLineModel;
import io.shardlab.render.Scale;
import io.shardlab.render.ShardColorOrder;
import io.shardlab.render.WriteSeries;
import io.shardlab.session.CollectionGlance;
import io.shardlab.session.WindowedCounts;
import io.shardlab.text.Message;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Puts a {@link ClassSample} together as a {@link BoardFrame}: every student on every exercise ({@link
 * ClassProgress}), and a tile per student collection with render's data and parts for the painter (the number line
 * model is kept per collection while its chunks and shards stay the same). Which collections get a tile depends on
 * the chosen exercise: the ones its checks name, else all of them; a student with none gets a tile without a
 * picture.
 *
 * <p>Confined to the board's lane.
 */
final class BoardAssembler {

    private record Line(ChunkMap chunks, ClusterSnapshot snapshot, ShardColorOrder colors, NumberLineModel model) {}

    private volatile List<Exercise> exercises;
    private final ClassProgress progress = new ClassProgress();
    private final Map<String, Line> lines = new HashMap<>();
    /**
     * The order in which the board's shards took their colours: every tile shows the one cluster, and a shard that
     * joins takes the next colour, so that a shard keeps its colour on every tile and from frame to frame (the lanes
     * list shards by name, where a newcomer such as {@code shard0003} sorts first).
     */
    private ShardColorOrder colors = ShardColorOrder.of(List.of());

    BoardAssembler(List<Exercise> exercises) {
        this.exercises = List.copyOf(exercises);
    }

    /** The exercises every student is checked on from the next frame on (the teacher opened more). */
    void checkOn(List<Exercise> next) {
        exercises = List.copyOf(next);
    }

    /**
     * @param chosen the exercise the board shows, if any
     * @param names the students' names by database (the roster's); a database without one is its own name
     * @param now the wall-clock time of the sample, for when a student first passed
     */
    BoardFrame assemble(ClassSample sample, Optional<Exercise> chosen, Map<String, String> names, Instant now) {
        List<ClassProgress.Result> results = progress.evaluate(sample.evidence(), exercises, now);
        Map<String, ClassProgress.Result> onChosen = new HashMap<>();
        chosen.ifPresent(e ->
                results.stream().filter(r -> r.exercise().equals(e.id())).forEach(r -> onChosen.put(r.database(), r)));
        Set<String> collections = chosen.map(BoardAssembler::collectionsOf).orElse(Set.of());
        List<BoardTile> tiles = new ArrayList<>();
        Set<String> drawn = new LinkedHashSet<>();
        for (StudentEvidence student : sample.evidence().students().values()) {
            String db = student.database();
            String name = names.getOrDefault(db, db);
            ClassProgress.Result result = onChosen.get(db);
            BoardTile.Status status = result == null
                    ? BoardTile.Status.NONE
                    : result.passed() ? BoardTile.Status.PASS : BoardTile.Status.NOT_YET;
            Optional<Message> hint = result == null ? Optional.empty() : result.hint();
            int before = tiles.size();
            sample.glances().forEach((namespace, glance) -> {
                String collection = namespace.startsWith(db + ".") ? namespace.substring(db.length() + 1) : null;
                if (collection != null && (collections.isEmpty() || collections.contains(collection))) {
                    tiles.add(new BoardTile(
                            db,
                            name,
                            Optional.of(namespace),
                            caption(collection, glance),
                            Optional.of(picture(namespace, glance, sample.drainsLeft())),
                            status,
                            hint));
                    drawn.add(namespace);
                }
            });
            if (tiles.size() == before) {
                Message missing = collections.isEmpty()
                        ? Message.of("board.noShardedCollection")
                        : Message.of("board.notSharded", String.join(", ", collections));
                tiles.add(new BoardTile(db, name, Optional.empty(), missing, Optional.empty(), status, hint));
            }
        }
        lines.keySet().retainAll(drawn);
        tiles.sort(Comparator.comparing((BoardTile t) -> t.student().toLowerCase(Locale.ROOT))
                .thenComparing(BoardTile::database)
                .thenComparing(t -> t.namespace().orElse("")));
        int passed = (int)
                onChosen.values().stream().filter(ClassProgress.Result::passed).count();
        return new BoardFrame(tiles, results, sample.evidence().students().size(), passed);
    }

    /**
     * The writes per shard the glance holds (its newest {@value BoardViewModel#RECENT_WINDOWS} windows), empty before any: a
     * student's collection shares the lesson stream's windows, and a chart from the stream's start (hours of
     * simulated time once it played at Max) would squeeze what the student just wrote into its last pixels.
     */
    private static Optional<WriteSeries> recentWrites(CollectionGlance glance) {
        WindowedCounts.Snapshot w = glance.writes();
        int drawn = w.shownAt(glance.cluster().atMillis());
        return drawn == 0 || glance.shardIds().isEmpty()
                ? Optional.empty()
                : Optional.of(new WriteSeries(glance.shardIds(), w.startMillis(), w.windowMillis(), w.byRow(drawn)));
    }

    /** The collections {@code exercise}'s checks look at, in the order they first appear. */
    private static Set<String> collectionsOf(Exercise exercise) {
        Set<String> out = new LinkedHashSet<>();
        for (CheckItem item : exercise.checks()) {
            out.add(item.check().collection());
        }
        return out;
    }

    private static Message caption(String collection, CollectionGlance glance) {
        ClusterSnapshot s = glance.cluster().cluster();
        int chunks = s.chunks().size();
        int holding = s.chunks().chunksPerShard().size();
        long documents = glance.cluster().chunkStatistics().stream()
                .mapToLong(ChunkStatistics::documents)
                .sum();
        return Message.of(
                "board.caption",
                collection,
                s.key().toString(),
                documents,
                chunks,
                holding,
                s.shards().size());
    }

    /**
     * The tile's data as the explorer's diagram takes a frame's: the chunks with their sizes, and the writes per
     * shard of the newest {@value BoardViewModel#RECENT_WINDOWS} windows up to now (a client's writes show as they arrive, the
     * window they fill included), a draining shard's badge saying what is left of its drain.
     */
    private BoardTile.Picture picture(String namespace, CollectionGlance glance, Map<String, Message> drainsLeft) {
        ClusterSnapshot snapshot = glance.cluster().cluster();
        colors = colors.joining(snapshot.shardIds());
        LayoutData layout = new LayoutData(
                snapshot,
                Optional.of(ChunkSizes.of(glance.cluster().chunkStatistics())
                        .withCannotSplit(glance.cluster().oversizedOneValueChunks())),
                colors);
        Optional<WriteSeries> writes = recentWrites(glance);
        DiagramData data =
                new DiagramData(layout, writes, Optional.empty(), Optional.empty()).withDrainsLeft(drainsLeft);
        Line line = lines.get(namespace);
        if (line == null
                || line.chunks() != snapshot.chunks()
                || !line.snapshot().shards().equals(snapshot.shards())
                || !line.colors().equals(colors)) {
            line = new Line(snapshot.chunks(), snapshot, colors, NumberLineModel.of(layout, Scale.EQUAL));
            lines.put(namespace, line);
        }
        return new BoardTile.Picture(data, DiagramPainter.Parts.of(data, line.model()));
    }
}
