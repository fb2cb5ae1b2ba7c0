package io.shardlab.ui.explorer.diagram;

import io.shardlab.key.ShardKey;
import io.shardlab.render.DiagramPainter;
import io.shardlab.render.NumberLineModel;
import io.shardlab.render.Theme;
import io.shardlab.session.ExplorerFrame.ChunkMove;
import io.shardlab.session.ExplorerFrame.InsertMark;
import io.shardlab.session.ExplorerFrame.SplitMark;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Supplier;
import javafx.animation.AnimationTimer;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;

/**
 * What is alive for a moment over the number line: insert marks (with, for a hashed key, the link from
 * the value line down to the hash), chunks sliding from lane to lane as they migrate, the flash of a new
 * chunk bound after a split. All of it is drawn into one canvas per animation frame: while a stream plays
 * at full speed hundreds of these come and go every second, and one node each would have the scene graph
 * style, lay out and re-bound them on every pulse.
 *
 * <p>Each item's key-space position is looked up once per layout it is drawn on (a binary search over
 * the chunks), not once per animation frame; the geometry of the last paint turns it into pixels.
 * Colours come from the picture's render {@link Theme}, the palette the canvas under it paints with.
 */
final class LiveOverlay {

    static final long MARK_LIFE_NANOS = 900_000_000L;
    static final long MOVE_LIFE_NANOS = 900_000_000L;
    static final int MAX_LIVE_MARKS = 120;

    private static final double MARK_HEIGHT = 12;
    /**
     * The fades are drawn at most 30 times a second: each draw makes the whole number line card
     * dirty, and with software rendering repainting it costs the render thread about 10 ms, too much
     * to spend 60 times a second while a stream keeps the other core busy. A new frame from the
     * simulation repaints the card anyway and draws the overlay with it.
     */
    static final long FRAME_NANOS = 30_000_000L;

    /** Something on show for a while from when it happened; its positions are those on {@link #model}. */
    private abstract static class OnShow {
        final long bornNanos;
        NumberLineModel model;

        OnShow(long bornNanos) {
            this.bornNanos = bornNanos;
        }
    }

    /** An insert on show. */
    private static final class Mark extends OnShow {
        final InsertMark mark;
        NumberLineModel valueModel;
        double position;
        double valuePosition = Double.NaN;

        Mark(InsertMark mark, long bornNanos) {
            super(bornNanos);
            this.mark = mark;
        }
    }

    /** A migration on show, sliding from its donor's lane to its recipient's. */
    private static final class Move extends OnShow {
        final ChunkMove move;
        double from;
        double to;

        Move(ChunkMove move, long bornNanos) {
            super(bornNanos);
            this.move = move;
        }
    }

    /** A new chunk bound, flashing on the line. */
    private static final class Flash extends OnShow {
        final ShardKey point;
        double position;

        Flash(ShardKey point, long bornNanos) {
            super(bornNanos);
            this.point = point;
        }
    }

    private final Canvas canvas = new Canvas();
    private final Supplier<DiagramPicture> picture;
    private final Supplier<LineGeometry> geometry;
    private final Deque<Mark> marks = new ArrayDeque<>();
    private final Deque<Move> moves = new ArrayDeque<>();
    private final Deque<Flash> flashes = new ArrayDeque<>();
    private long lastMarkSequence = -1;
    private long lastMoveSequence = -1;
    private long lastSplitSequence = -1;
    /** The collection and key whose marks are on show ("namespace key"); null before the first picture. */
    private String source;

    private Theme paletteOf;
    private Color markColor;
    private Color linkColor;
    private Color flashColor;
    private Color ghostBorder;
    private Color[] shardColors = new Color[0];
    private boolean drawn;
    private long lastDrawNanos;
    private boolean animating;
    private final AnimationTimer animation = new AnimationTimer() {
        @Override
        public void handle(long now) {
            expire(now);
            if (now - lastDrawNanos >= FRAME_NANOS) {
                draw(now);
            }
            if (marks.isEmpty() && moves.isEmpty() && flashes.isEmpty()) {
                // the last marks expired between two frames: wipe what they left faint on the canvas
                wipe();
                stop();
                animating = false;
            }
        }
    };

    /**
     * @param host the region the canvas covers (the canvas follows its size)
     * @param picture the picture on show
     * @param geometry where its last paint put the line and the lanes; null before the first paint
     */
    LiveOverlay(Region host, Supplier<DiagramPicture> picture, Supplier<LineGeometry> geometry) {
        this.picture = picture;
        this.geometry = geometry;
        canvas.setMouseTransparent(true);
        canvas.setManaged(false);
        canvas.widthProperty().bind(host.widthProperty());
        canvas.heightProperty().bind(host.heightProperty());
    }

    Canvas node() {
        return canvas;
    }

    /** How many insert marks are on show. */
    int liveMarks() {
        return marks.size();
    }

    /** Takes the inserts, migrations and splits of {@code p} that are newer than those already on show. */
    void admit(DiagramPicture p) {
        long now = System.nanoTime();
        // a new source (a relaunch, a live watch after a simulation) numbers its marks, moves and splits afresh
        String shown = p.data().layout().snapshot().namespace() + " "
                + p.data().layout().snapshot().key();
        boolean reset = !shown.equals(source)
                || !p.marks().isEmpty() && p.marks().get(p.marks().size() - 1).sequence() < lastMarkSequence
                || !p.moves().isEmpty() && p.moves().get(p.moves().size() - 1).sequence() < lastMoveSequence
                || !p.splits().isEmpty()
                        && p.splits().get(p.splits().size() - 1).sequence() < lastSplitSequence;
        source = shown;
        if (reset) {
            clear();
        }
        for (InsertMark m : p.marks()) {
            if (m.sequence() > lastMarkSequence) {
                if (marks.size() == MAX_LIVE_MARKS) {
                    marks.removeFirst();
                }
                marks.addLast(new Mark(m, now));
                lastMarkSequence = m.sequence();
            }
        }
        for (ChunkMove m : p.moves()) {
            if (m.sequence() > lastMoveSequence) {
                moves.addLast(new Move(m, now));
                lastMoveSequence = m.sequence();
            }
        }
        for (SplitMark m : p.splits()) {
            if (m.sequence() > lastSplitSequence) {
                for (ShardKey point : m.points()) {
                    flashes.addLast(new Flash(point, now));
                }
                lastSplitSequence = m.sequence();
            }
        }
        if ((!marks.isEmpty() || !moves.isEmpty() || !flashes.isEmpty()) && !animating) {
            animating = true;
            animation.start();
        }
    }

    /** Draws again at once: the line under the overlay was repainted (zoomed, panned, resized). */
    void redraw() {
        if (animating) {
            draw(System.nanoTime());
        }
    }

    /** Forgets the marks on show and wipes them off the canvas: they belong to another layout. */
    private void clear() {
        wipe();
        marks.clear();
        moves.clear();
        flashes.clear();
        lastMarkSequence = -1;
        lastMoveSequence = -1;
        lastSplitSequence = -1;
    }

    private void expire(long now) {
        expire(marks, MARK_LIFE_NANOS, now);
        expire(moves, MOVE_LIFE_NANOS, now);
        expire(flashes, MOVE_LIFE_NANOS, now);
    }

    /** Drops from the front of {@code shown} (oldest first) what has been on show longer than {@code lifeNanos}. */
    private static void expire(Deque<? extends OnShow> shown, long lifeNanos, long now) {
        while (!shown.isEmpty() && now - shown.peekFirst().bornNanos > lifeNanos) {
            shown.removeFirst();
        }
    }

    /** Clears the canvas of what the last frame drew. */
    private void wipe() {
        if (drawn) {
            canvas.getGraphicsContext2D().clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
            drawn = false;
        }
    }

    /** Whether the canvas shows marks, moves or flashes a frame drew. */
    boolean drawn() {
        return drawn;
    }

    private void draw(long now) {
        lastDrawNanos = now;
        GraphicsContext g = canvas.getGraphicsContext2D();
        wipe();
        LineGeometry geo = geometry.get();
        DiagramPicture p = picture.get();
        if (geo == null || p == null || marks.isEmpty() && moves.isEmpty() && flashes.isEmpty()) {
            return;
        }
        usePalette(p.options().theme());
        drawn = true;
        NumberLineModel model = p.model();
        drawMarks(g, geo, p, model, now);
        drawFlashes(g, geo, model, now);
        drawMoves(g, geo, model, now);
        g.setGlobalAlpha(1);
    }

    private void drawMarks(GraphicsContext g, LineGeometry geo, DiagramPicture p, NumberLineModel model, long now) {
        NumberLineModel values = p.valueLine().orElse(null);
        double markTop = geo.barTop() - MARK_HEIGHT;
        double valueBottom = geo.valueBarTop() + DiagramPainter.VALUE_BAR * geo.scale();
        g.setLineWidth(1);
        for (Mark m : marks) {
            if (m.model != model) {
                m.model = model;
                m.position = model.positionOf(m.mark.key());
            }
            double age = (now - m.bornNanos) / (double) MARK_LIFE_NANOS;
            double opacity = Math.max(0, 1 - age);
            double x = geo.x(m.position);
            boolean visible = geo.inLineX(x);
            if (visible && opacity > 0) {
                g.setGlobalAlpha(opacity);
                g.setFill(markColor);
                g.fillRect(x - 1, markTop + 6 * age, 2, MARK_HEIGHT);
            }
            if (values == null
                    || geo.valueFrame() == null
                    || m.mark.valueBeforeHashing().isEmpty()) {
                continue;
            }
            if (m.valueModel != values) {
                m.valueModel = values;
                m.valuePosition = values.positionOf(m.mark.valueBeforeHashing().orElseThrow());
            }
            double vx = geo.valueX(m.valuePosition);
            g.setGlobalAlpha(opacity);
            g.setFill(markColor);
            g.fillRect(vx - 1, valueBottom + 2, 2, 8);
            if (visible) {
                g.setGlobalAlpha(opacity * 0.7);
                g.setStroke(linkColor);
                // from under the value line's labels, so that the fan never crosses their text
                g.strokeLine(vx, geo.valueBlockBottom() + 2, x, markTop);
            }
        }
    }

    private void drawFlashes(GraphicsContext g, LineGeometry geo, NumberLineModel model, long now) {
        g.setFill(flashColor);
        for (Flash f : flashes) {
            if (f.model != model) {
                f.model = model;
                f.position = model.positionOf(f.point);
            }
            double x = geo.x(f.position);
            double opacity = Math.max(0, 1 - (now - f.bornNanos) / (double) MOVE_LIFE_NANOS);
            if (geo.inLineX(x) && opacity > 0) {
                g.setGlobalAlpha(opacity);
                g.fillRoundRect(x - 2, geo.barTop() - 4, 4, geo.barHeight() + 8, 3, 3);
            }
        }
    }

    private void drawMoves(GraphicsContext g, LineGeometry geo, NumberLineModel model, long now) {
        long slide = MOVE_LIFE_NANOS * 2 / 3;
        g.setLineWidth(1.5);
        g.setStroke(ghostBorder);
        for (Move m : moves) {
            int from = geo.shards().indexOf(m.move.from());
            int to = geo.shards().indexOf(m.move.to());
            if (from < 0 || to < 0) {
                continue;
            }
            if (m.model != model) {
                m.model = model;
                m.from = model.positionOf(m.move.min());
                m.to = m.move.max().isGlobalMax() ? 1 : model.positionOf(m.move.max());
            }
            long age = now - m.bornNanos;
            double t = Math.min(1, age / (double) slide);
            double ease = 1 - Math.pow(1 - t, 3);
            double fade = age > slide ? Math.max(0, 1 - (age - slide) / (double) (MOVE_LIFE_NANOS - slide)) : 1;
            double x0 = Math.max(geo.lineX(), geo.x(m.from));
            double x1 = Math.min(geo.lineX() + geo.lineWidth(), Math.max(geo.x(m.to), x0 + 4));
            double y = geo.laneTop(from) + (geo.laneTop(to) - geo.laneTop(from)) * ease + geo.lanePitch() * 0.14;
            double w = Math.max(4, x1 - x0);
            double h = geo.lanePitch() * 0.72;
            g.setGlobalAlpha(fade);
            int recipient = model.shardIndex(m.move.to());
            g.setFill(shardColors[(recipient < 0 ? 0 : model.colorOf(recipient)) % shardColors.length]);
            g.fillRoundRect(x0, y, w, h, 6, 6);
            g.strokeRoundRect(x0, y, w, h, 6, 6);
        }
    }

    private void usePalette(Theme theme) {
        if (theme == paletteOf) {
            return;
        }
        paletteOf = theme;
        markColor = Color.web(theme.text());
        linkColor = Color.web(theme.mutedText());
        flashColor = Color.web(theme.highlight());
        ghostBorder = Color.web(theme.background());
        shardColors = theme.shardPalette().stream().map(Color::web).toArray(Color[]::new);
    }
}
