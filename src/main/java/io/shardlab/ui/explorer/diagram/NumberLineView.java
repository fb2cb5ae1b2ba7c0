package io.shardlab.ui.explorer.diagram;

import io.shardlab.render.DataSize;
import io.shardlab.render.DiagramPainter;
import io.shardlab.render.ElapsedTime;
import io.shardlab.render.LaneDetail;
import io.shardlab.render.ShardLanesPainter;
import io.shardlab.render.ShardSummary;
import io.shardlab.render.View;
import io.shardlab.text.Messages;
import io.shardlab.ui.text.UiText;
import java.awt.Graphics2D;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Point2D;
import javafx.geometry.Pos;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The number line and the shard lanes under it, painted by render's section painters into one canvas
 * (so a chunk sits at the same x on both), with the legend below and, for a hashed key, the value
 * line above. Over the canvas, a mouse-transparent layer shows what is alive for a moment (the
 * {@link LiveOverlay}: insert marks, migrations sliding from lane to lane, split flashes) and the
 * outline of the chunk under the pointer with its card.
 *
 * <p>Gestures: wheel zooms around the pointer (shift-wheel pans), dragging the line pans, clicking
 * selects a chunk, double-clicking on the line splits it there, double-clicking in a lane shows its details in
 * a popover (as a click does while the side panel's Chunk tab is out of sight), dragging a chunk from its lane
 * to another lane moves it, right-click opens the chunk menu ({@link ChunkDrag}, {@link PanDrag},
 * {@link LineClick}, {@link ChunkMenu}; this view tells a drag from a click). Keys: + − zoom, ← → pan, 0 fit, [ ]
 * previous/next chunk, Enter its details, S split, M merge with the next chunk, Esc closes the details or
 * clears the selection. Pointing at a lane's swatch or name shows
 * that shard's every figure, which a narrow card's lanes leave partly out of their table.
 */
public final class NumberLineView {

    // style classes of its nodes, as its stylesheet names them
    private static final String DRAG_GHOST = "drag-ghost";
    private static final String HOVER_CARD = "hover-card";
    private static final String HOVER_CARD_GRID = "hover-card-grid";
    private static final String HOVER_CARD_KEY = "hover-card-key";
    private static final String HOVER_CARD_TITLE = "hover-card-title";
    private static final String HOVER_CARD_VALUE = "hover-card-value";
    private static final String HOVER_OUTLINE = "hover-outline";
    private static final String LINE_OVERLAY = "line-overlay";
    private static final String NUMBER_LINE_VIEW = "number-line-view";

    /** The canvas framing's padding ({@link DiagramPainter.Framing#canvas}): where the lanes' swatches start. */
    static final double PAD = DiagramPainter.CANVAS_PAD;

    /** How far the pointer travels from the press, in pixels, before the press is a drag rather than a click. */
    static final double DRAG_THRESHOLD = 4;
    /**
     * The share of the canvas the number line keeps at least, as long as dropping the lanes' figures and names
     * can give it that (ShardLanesPainter#fitting): the line is what the card is for.
     */
    static final double MIN_LINE_SHARE = 0.45;
    /** {@link #MIN_LINE_SHARE} under larger type (presenter mode). */
    static final double LARGE_TYPE_LINE_SHARE = 0.7;

    private final NumberLineViewModel vm;
    private final ChunkActionsViewModel actions;
    private final RenderCanvas canvas;
    private final Pane overlay = new Pane();
    private final LiveOverlay live;
    private final Region hoverOutline = new Region();
    private final VBox hoverCard = new VBox();
    private final Region dragGhost = new Region();
    private final UiText text;
    private final ChunkPopover details;
    private final ObservableBooleanValue detailsOutOfSight;
    private final ChunkDrag chunkDrag;
    private final PanDrag pan;
    private final LineClick click;
    /** While a click selects a chunk: the click places the popover itself, at the pointer. */
    private boolean pointerSelecting;

    private final StackPane root;
    private LineGeometry geometry;
    private List<DiagramPainter.Section> paintedSections = List.of();
    private LaneDetail laneDetail = LaneDetail.FULL;
    private double pressX;
    private double pressY;
    /** Whether the pointer has moved past {@link #DRAG_THRESHOLD} since the press: no click then. */
    private boolean dragging;

    /**
     * @param detailsOutOfSight whether the side panel's Chunk tab is out of sight (folded into the rail, or no
     *     side panel at all): a selection then shows its details in a popover
     */
    public NumberLineView(
            NumberLineViewModel vm,
            ChunkActionsViewModel actions,
            ObservableBooleanValue detailsOutOfSight,
            UiText text) {
        this.vm = vm;
        this.text = text;
        // the painter's own words (counts, legend) in the window's language
        vm.languageProperty().bind(text.language());
        this.details = new ChunkPopover(text);
        this.actions = actions;
        this.detailsOutOfSight = detailsOutOfSight;
        this.canvas = new RenderCanvas(this::paint);
        canvas.setId("number-line-canvas");
        canvas.setFocusTraversable(true);
        canvas.setMinHeight(200);
        overlay.setMouseTransparent(true);
        overlay.getStyleClass().add(LINE_OVERLAY);
        hoverOutline.getStyleClass().add(HOVER_OUTLINE);
        hoverOutline.setVisible(false);
        hoverOutline.setManaged(false);
        dragGhost.getStyleClass().add(DRAG_GHOST);
        dragGhost.setVisible(false);
        dragGhost.setManaged(false);
        hoverCard.getStyleClass().add(HOVER_CARD);
        hoverCard.setVisible(false);
        hoverCard.setManaged(false);
        overlay.getChildren().addAll(hoverOutline, dragGhost, hoverCard);
        chunkDrag = new ChunkDrag(canvas, dragGhost, actions);
        pan = new PanDrag(canvas, vm);
        click = new LineClick(vm, actions, detailsOutOfSight, details, this::selectByPointer, this::showDetailsAt);
        root = new StackPane(canvas, overlay);
        live = new LiveOverlay(root, vm.pictureProperty()::get, () -> geometry);
        overlay.getChildren().add(0, live.node());
        root.getStyleClass().add(NUMBER_LINE_VIEW);
        root.setAlignment(Pos.TOP_LEFT);

        // the diagram's words are drawn: a new language paints them anew
        text.language().addListener((obs, was, now) -> canvas.repaint());
        vm.pictureProperty().addListener((obs, was, now) -> {
            canvas.repaint();
            if (now != null) {
                live.admit(now);
            }
            if (shardCardRow >= 0) {
                // the shard's figures change as the stream plays: refill the card
                int lane = shardCardRow;
                shardCardRow = -1;
                showShardCard(lane);
            }
        });
        vm.hoveredProperty().addListener((obs, was, now) -> showHover());
        vm.selectedProperty().addListener((obs, was, now) -> selectionChanged(was, now));
        installMouse();
        installKeys();
    }

    public Region node() {
        return root;
    }

    public RenderCanvas canvas() {
        return canvas;
    }

    // ---- painting -------------------------------------------------------------------------------

    private void paint(Graphics2D g, double width, double height, double density) {
        DiagramPicture p = vm.pictureProperty().get();
        if (p == null) {
            return;
        }
        // diagram pixels here; the overlay and the hit tests work in the view's pixels, scale times larger
        double scale = canvas.scale();
        DiagramPainter.Layout l;
        double least;
        try {
            DiagramPainter painter = painter(p, scale);
            paintedSections = painter.sections();
            // a height to fit (presenter mode, a comparison's side): the bar shrinks and the legend goes before
            // the scale gives way, so the lanes and the axis keep the room's type as long as they can; while the
            // scale gives way (RenderCanvas), the diagram stays at its most compact
            double limit = canvas.diagramHeightLimit();
            least = painter.leastHeight(g, width, density);
            double fitted = painter.preferredHeight(g, width, density) > limit + 0.5 ? Math.max(limit, least) : 0;
            l = painter.paint(g, width, fitted, density);
        } catch (IllegalArgumentException tooNarrow) {
            geometry = null;
            return;
        }
        int n = summaries(p).size();
        double pitch = ShardLanesPainter.pitch(n);
        boolean values = l.valueFrame() != null;
        double needed = l.height() * scale;
        geometry = new LineGeometry(
                l.frame(),
                l.valueFrame(),
                l.lineX() * scale,
                l.lineWidth() * scale,
                values ? l.valueBar().getY() * scale : -1,
                values ? l.valueLine().getMaxY() * scale : -1,
                l.bar().getY() * scale,
                l.bar().getHeight() * scale,
                l.lanes().getY() * scale,
                pitch * scale,
                (ShardLanesPainter.height(n) - n * pitch) * scale,
                p.model().shards(),
                needed,
                scale);
        laneDetail = l.laneDetail();
        if (Math.abs(canvas.getPrefHeight() - needed) > 0.5) {
            canvas.setPrefHeight(needed);
            canvas.setMinHeight(needed);
        }
        canvas.reportLeastDiagramHeight(least);
        layoutHover();
        live.redraw();
    }

    /**
     * The diagram as the exports compose it, framed for the canvas: the lanes view of the picture (the charts
     * are the charts card's), over the parts kept since the layout last changed.
     */
    /**
     * The least size, in the screen's logical pixels, of the diagram's type: fitted into a short height (the Shell
     * docked at 1280 × 720) the canvas paints at down to {@link RenderCanvas#MIN_FIT_SCALE} of its size, which would
     * draw the lanes' names and the axis labels at 6 px; they stay at this size while the bars and gaps shrink.
     */
    static final double READABLE_TYPE_PX = 10;

    private DiagramPainter painter(DiagramPicture p, double scale) {
        DiagramPainter.Parts parts = new DiagramPainter.Parts(p.model(), p.valueLine(), summaries(p));
        return new DiagramPainter(
                p.data(),
                p.options().withView(View.LANES),
                DiagramPainter.Framing.canvas(minLineShare(canvas.typeScale(), scale))
                        .withLeastType(READABLE_TYPE_PX / scale),
                parts);
    }

    /**
     * The share of the canvas the line keeps at a type scale: larger type widens the gutters by as much, so under
     * it the line keeps a larger share (presenter mode keeps the line about as wide as normal type does, giving
     * up the lanes' figures first: the room reads the line).
     *
     * <p>When the type gave way to fit a height ({@code scale} below {@code typeScale}, RenderCanvas#fitWithin),
     * the canvas is wider in diagram pixels than at the room's type, but the lanes' gutters keep the diagram pixels
     * they had at it: the lanes gave up their detail before the type, and a smaller type must not bring it back
     * (a small window in presenter mode shows less than a roomy one, not more).
     *
     * @param typeScale the window's type scale
     * @param scale the scale the canvas paints at, at most {@code typeScale}
     */
    static double minLineShare(double typeScale, double scale) {
        double share = typeScale > 1 ? LARGE_TYPE_LINE_SHARE : MIN_LINE_SHARE;
        if (scale >= typeScale) {
            return share;
        }
        // the gutters' room in diagram pixels at the room's type, over the canvas's width at the scale painted
        return 1 - scale / typeScale * (1 - share);
    }

    private DiagramPicture summarised;
    private List<ShardSummary> summaries;

    /**
     * The lanes' rows: a pass over every chunk, so computed once per layout and write series, not on
     * every zoom or pan (which only change the viewport).
     */
    private List<ShardSummary> summaries(DiagramPicture p) {
        if (summarised == null
                || summarised.model() != p.model()
                || summarised.data().layout() != p.data().layout()
                || summarised.data().writes() != p.data().writes()) {
            summaries = DiagramPainter.Parts.summaries(p.data(), p.model());
            summarised = p;
        }
        return summaries;
    }

    // ---- overlay: hover ----------------------------------------------------------------------

    private double hoverX = Double.NaN;
    private double hoverY = Double.NaN;

    private void showHover() {
        ChunkDetails d = vm.hoveredProperty().get();
        if (d == null || dragging || details.isShowing()) {
            hoverOutline.setVisible(false);
            hoverCard.setVisible(false);
            return;
        }
        hoverCard.getChildren().setAll(cardContent(d));
        hoverCard.setVisible(true);
        hoverOutline.setVisible(true);
        layoutHover();
    }

    private List<Node> cardContent(ChunkDetails d) {
        DiagramPicture p = vm.pictureProperty().get();
        boolean oversized =
                p != null && d.index() < p.model().chunkCount() && p.model().oversizedCannotSplit(d.index());
        Messages words = text.messages();
        Label title = new Label(words.text(
                d.chunk().jumbo()
                        ? "explorer.hover.title.jumbo"
                        : oversized ? "explorer.hover.title.oversized" : "explorer.hover.title",
                d.title()));
        title.getStyleClass().add(HOVER_CARD_TITLE);
        GridPane grid = new GridPane();
        grid.getStyleClass().add(HOVER_CARD_GRID);
        row(grid, 0, words.text("explorer.hover.min"), d.minText());
        row(grid, 1, words.text("explorer.hover.max"), d.maxText());
        row(
                grid,
                2,
                words.text("explorer.details.shard"),
                p == null
                        ? d.chunk().shard()
                        : words.text(d.shardText(p.data().layout().snapshot().shards())));
        row(grid, 3, words.text("explorer.details.documents"), d.documentsText());
        row(grid, 4, words.text("explorer.hover.size"), d.sizeText());
        row(grid, 5, words.text("explorer.hover.version"), d.versionText());
        return List.of(title, grid);
    }

    private static void row(GridPane grid, int r, String name, String value) {
        Label k = new Label(name);
        k.getStyleClass().add(HOVER_CARD_KEY);
        Label v = new Label(value);
        v.getStyleClass().add(HOVER_CARD_VALUE);
        grid.addRow(r, k, v);
    }

    private void layoutHover() {
        SpanOnBar span = spanOnBar(vm.hoveredProperty().get());
        if (span == null) {
            return;
        }
        hoverOutline.resizeRelocate(
                span.left() - 1, span.top() - 2, Math.max(3, span.right() - span.left() + 2), span.height() + 4);
        placeHoverCard();
    }

    /** Where a chunk stands on the bar, in view pixels, cut to the line's ends. */
    private record SpanOnBar(double left, double right, double top, double height) {}

    /** Where {@code chunk} stands on the bar as last painted; null before a paint, or when it is not on it. */
    private SpanOnBar spanOnBar(ChunkDetails chunk) {
        LineGeometry geo = geometry;
        DiagramPicture p = vm.pictureProperty().get();
        if (geo == null
                || chunk == null
                || p == null
                || chunk.index() >= p.model().chunkCount()) {
            return null;
        }
        double x0 = Math.max(geo.lineX(), geo.x(p.model().edge(chunk.index())));
        double x1 = Math.min(geo.lineX() + geo.lineWidth(), geo.x(p.model().edge(chunk.index() + 1)));
        return new SpanOnBar(x0, x1, geo.barTop(), geo.barHeight());
    }

    /** Puts the hover card beside the pointer, inside the view. */
    private void placeHoverCard() {
        if (!Double.isNaN(hoverX)) {
            hoverCard.applyCss();
            hoverCard.autosize();
            double w = hoverCard.getWidth();
            double h = hoverCard.getHeight();
            double cx = hoverX + 16 + w > root.getWidth() ? hoverX - 16 - w : hoverX + 16;
            double cy = Math.min(Math.max(4, hoverY + 18), Math.max(4, root.getHeight() - h - 4));
            hoverCard.relocate(Math.max(4, cx), cy);
        }
    }

    // ---- the selection's details popover ----------------------------------------------------------------

    private void selectionChanged(ChunkDetails was, ChunkDetails now) {
        DiagramPicture p = vm.pictureProperty().get();
        if (now == null || p == null) {
            click.cancelPendingDetails();
            details.hide();
            return;
        }
        boolean sameChunk = was != null && was.chunk().min().equals(now.chunk().min());
        if (sameChunk) {
            // a new frame: the same chunk's figures move on
            details.refresh(now, p, vm.migrationsInFlight());
        } else if (!pointerSelecting && (detailsOutOfSight.get() || details.isShowing())) {
            // [ ] walk the chunks: the details follow
            showDetails();
        }
    }

    /** Shows the selected chunk's details pointing at the bottom of its span on the bar. */
    private void showDetails() {
        SpanOnBar span = spanOnBar(vm.selectedProperty().get());
        if (span == null) {
            return;
        }
        double x0 = span.left();
        double x1 = span.right();
        showDetailsAt(Math.max(x0, Math.min(x1, (x0 + x1) / 2)), span.top() + span.height());
    }

    private void showDetailsAt(double x, double y) {
        ChunkDetails d = vm.selectedProperty().get();
        DiagramPicture p = vm.pictureProperty().get();
        if (d == null
                || p == null
                || canvas.getScene() == null
                || canvas.getScene().getWindow() == null) {
            return;
        }
        hoverCard.setVisible(false);
        hoverOutline.setVisible(false);
        Point2D at = canvas.localToScreen(x, y);
        details.show(canvas, d, p, vm.migrationsInFlight(), at.getX(), at.getY());
    }

    /** The details popover, for tests. */
    ChunkPopover detailsPopover() {
        return details;
    }

    // ---- overlay: a shard's figures ------------------------------------------------------------------

    /** The lane whose shard card shows, or -1. */
    private int shardCardRow = -1;

    /**
     * Over a lane's swatch or name, the card shows the shard's every figure: a narrow card's lanes leave some
     * of them out of their table ({@link LaneDetail}).
     *
     * @param lane the lane under the pointer, or -1 to hide the card
     */
    private void showShardCard(int lane) {
        DiagramPicture p = vm.pictureProperty().get();
        List<ShardSummary> rows = p == null ? List.of() : summaries(p);
        if (lane < 0 || lane >= rows.size() || dragging) {
            if (shardCardRow >= 0) {
                shardCardRow = -1;
                hoverCard.setVisible(false);
            }
            return;
        }
        if (lane != shardCardRow) {
            shardCardRow = lane;
            hoverCard.getChildren().setAll(shardCardContent(rows.get(lane), p));
        }
        hoverCard.setVisible(true);
        placeHoverCard();
    }

    private List<Node> shardCardContent(ShardSummary s, DiagramPicture p) {
        Messages words = text.messages();
        Label title =
                new Label(words.text("explorer.shardCard.title", s.shard(), s.hot() ? 1 : 0, s.draining() ? 1 : 0));
        title.getStyleClass().add(HOVER_CARD_TITLE);
        GridPane grid = new GridPane();
        grid.getStyleClass().add(HOVER_CARD_GRID);
        int r = 0;
        row(
                grid,
                r++,
                words.text("explorer.shardCard.chunks"),
                words.text("explorer.shardCard.chunkCount", s.chunks(), s.jumboChunks()));
        row(
                grid,
                r++,
                words.text("explorer.details.documents"),
                s.documents().isPresent()
                        ? String.format(Locale.ROOT, "%,d", s.documents().getAsLong())
                        : ChunkDetails.UNKNOWN);
        row(
                grid,
                r++,
                words.text("explorer.details.dataSize"),
                s.bytes().isPresent() ? DataSize.format(s.bytes().getAsLong()) : ChunkDetails.UNKNOWN);
        if (s.writes().isPresent()) {
            long writes = s.writes().getAsLong();
            String figure = p.data()
                    .writes()
                    .map(w -> words.text("explorer.shardCard.writesIn", writes, ElapsedTime.format(w.windowMillis())))
                    .orElse(words.text("explorer.shardCard.writesCount", writes));
            row(grid, r++, words.text("explorer.shardCard.writes"), figure);
        }
        return List.of(title, grid);
    }

    // ---- mouse: hover, the drags, the clicks, the wheel, the menu -------------------------------------

    private void installMouse() {
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, this::pointerMoved);
        canvas.addEventHandler(MouseEvent.MOUSE_EXITED, e -> pointerLeft());
        canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, this::pressed);
        canvas.addEventHandler(MouseEvent.MOUSE_DRAGGED, this::dragged);
        canvas.addEventHandler(MouseEvent.MOUSE_RELEASED, this::released);
        canvas.addEventHandler(ScrollEvent.SCROLL, this::scrolled);
        canvas.setOnContextMenuRequested(this::contextMenuRequested);
    }

    /** Over the line or a lane: the chunk under the pointer and its card; over a lane's swatch or name: the shard's. */
    private void pointerMoved(MouseEvent e) {
        hoverX = e.getX();
        hoverY = e.getY();
        LineGeometry geo = geometry;
        boolean over = geo != null && geo.inLineX(e.getX()) && (geo.onBar(e.getY()) || geo.laneAt(e.getY()) >= 0);
        if (over) {
            shardCardRow = -1;
            vm.hover(geo.position(e.getX()));
            layoutHover();
        } else {
            vm.hover(Double.NaN);
            int lane =
                    geo != null && e.getX() >= PAD * geo.scale() && e.getX() < geo.lineX() ? geo.laneAt(e.getY()) : -1;
            showShardCard(lane);
        }
        canvas.setCursor(over ? Cursor.HAND : Cursor.DEFAULT);
    }

    private void pointerLeft() {
        vm.hover(Double.NaN);
        showShardCard(-1);
    }

    /** A press starts a drag or a click: the pointer's travel before the release decides which. */
    private void pressed(MouseEvent e) {
        canvas.requestFocus();
        pressX = e.getX();
        pressY = e.getY();
        dragging = false;
        pan.press(e);
        chunkDrag.press(e, geometry, vm.pictureProperty().get());
    }

    /** Past {@link #DRAG_THRESHOLD}, a drag: it carries the chunk picked up, or pans the line. */
    private void dragged(MouseEvent e) {
        if (!dragging && Math.hypot(e.getX() - pressX, e.getY() - pressY) < DRAG_THRESHOLD) {
            return;
        }
        if (!dragging) {
            dragging = true;
            vm.hover(Double.NaN);
        }
        LineGeometry geo = geometry;
        if (chunkDrag.carrying() && geo != null) {
            chunkDrag.drag(e, geo, vm.pictureProperty().get());
        } else if (geo != null) {
            pan.drag(e, geo);
        }
    }

    /** Ends a drag (a carried chunk is dropped), or is a click. */
    private void released(MouseEvent e) {
        // the scroll pane around the diagram takes the focus on press; the line's keys need it back
        canvas.requestFocus();
        LineGeometry geo = geometry;
        if (dragging && geo != null) {
            chunkDrag.drop(e, geo);
        }
        chunkDrag.end();
        boolean wasDragging = dragging;
        dragging = false;
        canvas.setCursor(Cursor.DEFAULT);
        if (!wasDragging) {
            click.released(e, geo);
        }
    }

    /** The wheel zooms around the pointer; shift-wheel, or a sideways wheel, pans. */
    private void scrolled(ScrollEvent e) {
        LineGeometry geo = geometry;
        if (geo == null) {
            return;
        }
        if (e.isShiftDown() || Math.abs(e.getDeltaX()) > Math.abs(e.getDeltaY())) {
            double d = e.isShiftDown() ? e.getDeltaY() + e.getDeltaX() : e.getDeltaX();
            vm.drag(d, geo.lineWidth());
        } else if (e.getDeltaY() != 0) {
            double anchor = (e.getX() - geo.lineX()) / geo.lineWidth();
            vm.zoom(Math.pow(1.0025, e.getDeltaY()), anchor);
        }
        e.consume();
    }

    /** Right-click selects the chunk under the pointer and opens the chunk menu on it. */
    private void contextMenuRequested(ContextMenuEvent e) {
        LineGeometry geo = geometry;
        if (geo == null || !geo.inLineX(e.getX())) {
            return;
        }
        // the menu's Details shows the popover: not both at once, one over the other
        selectByPointer(geo.position(e.getX()));
        ChunkMenu.of(vm, actions, this::showDetails, text).show(canvas, e.getScreenX(), e.getScreenY());
        e.consume();
    }

    /** Selects the chunk at {@code position} for a click or the menu, which place the popover themselves. */
    private void selectByPointer(double position) {
        pointerSelecting = true;
        try {
            vm.selectAt(position);
        } finally {
            pointerSelecting = false;
        }
    }

    // ---- keyboard -------------------------------------------------------------------------------

    private void installKeys() {
        canvas.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.isShortcutDown() || e.isAltDown()) {
                return;
            }
            boolean handled = true;
            switch (e.getCode()) {
                case PLUS, EQUALS, ADD -> vm.zoomIn();
                case MINUS, SUBTRACT -> vm.zoomOut();
                case LEFT -> vm.panLeft();
                case RIGHT -> vm.panRight();
                case DIGIT0, NUMPAD0, F -> vm.fit();
                case OPEN_BRACKET -> vm.selectPrevious();
                case CLOSE_BRACKET -> vm.selectNext();
                case S -> actions.splitSelectedChunk();
                case M -> actions.mergeSelectedWithNext();
                case Z -> vm.zoomToSelection();
                case ENTER -> showDetails();
                case ESCAPE -> {
                    if (details.isShowing()) {
                        details.hide();
                    } else {
                        vm.clearSelection();
                    }
                }
                default -> handled = false;
            }
            if (handled) {
                e.consume();
            }
        });
    }

    /** The x of {@code position} on the line after the last paint, for tests; empty before. */
    Optional<Double> screenXOf(double position) {
        return Optional.ofNullable(geometry).map(g -> g.x(position));
    }

    /** The y of the middle of the bar after the last paint, for tests. */
    Optional<Double> barMiddleY() {
        return Optional.ofNullable(geometry).map(g -> g.barTop() + g.barHeight() / 2);
    }

    /** The width of the number line's bar after the last paint, for tests; empty before it or when too narrow. */
    Optional<Double> paintedLineWidth() {
        return Optional.ofNullable(geometry).map(LineGeometry::lineWidth);
    }

    /** The height of the number line's bar in the view's pixels after the last paint, for tests. */
    Optional<Double> paintedBarHeight() {
        return Optional.ofNullable(geometry).map(LineGeometry::barHeight);
    }

    /** The diagram's sections at the last paint, for tests. */
    List<DiagramPainter.Section> paintedSections() {
        return paintedSections;
    }

    /** What the lanes showed beside them at the last paint, for tests. */
    LaneDetail paintedLaneDetail() {
        return laneDetail;
    }

    /** The y of the middle of lane {@code row}, for tests. */
    Optional<Double> laneMiddleY(int row) {
        return Optional.ofNullable(geometry).map(g -> g.laneTop(row) + g.lanePitch() / 2);
    }
}
