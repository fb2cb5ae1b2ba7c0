package io.shardlab.ui.board;

import io.shardlab.render.DiagramOptions;
import io.shardlab.render.DiagramPainter;
import io.shardlab.render.Theme;
import io.shardlab.render.View;
import io.shardlab.ui.explorer.diagram.RenderCanvas;
import io.shardlab.ui.text.UiText;
import java.awt.Graphics2D;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.value.ObservableBooleanValue;
import javafx.css.PseudoClass;
import javafx.geometry.Dimension2D;
import javafx.geometry.Pos;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/**
 * One slot of the board's grid: a student's name and status (the hint on hover), the collection in one line, and
 * the collection as a small multiple painted by render's painter ({@link DiagramPainter} framed as a tile, through
 * the explorer's {@link RenderCanvas}, which follows presenter mode's scale). A click shows the collection in the
 * explorer. Empty slots (the last page's) show nothing.
 */
final class TileView {

    // style classes of its nodes, as board.css names them
    private static final String BOARD_TILE = "board-tile";
    private static final String BOARD_STUDENT = "board-student";
    private static final String BOARD_STATUS = "board-status";
    private static final String BOARD_CAPTION = "board-caption";
    private static final String BOARD_NOTE = "board-note";

    private static final PseudoClass PASS = PseudoClass.getPseudoClass("pass");
    private static final PseudoClass NOT_YET = PseudoClass.getPseudoClass("not-yet");
    private static final PseudoClass VACANT = PseudoClass.getPseudoClass("vacant");

    /** The share of a tile's width the number line keeps while the lanes give up their names. */
    static final double MIN_LINE_SHARE = 0.45;

    private final VBox node = new VBox();
    private final Label student = new Label();
    private final Label status = new Label();
    private final Label caption = new Label();
    private final Label note = new Label();
    private final RenderCanvas canvas = new RenderCanvas(this::paint);
    /**
     * The hint on hover, made when the pointer first enters a tile that has one (a tooltip is a popup window of its
     * own, and a board of 40 tiles made 40 that a teacher mostly never sees); null until then.
     */
    private Tooltip hint;
    /** What the hint says for the tile shown; null while it has none. */
    private String hintText;

    private final ObservableBooleanValue dark;
    private final UiText text;
    private BoardTile tile;
    /** Where the last paint put the picture's sections; empty when the tile was too small for it. */
    private volatile Optional<DiagramPainter.Layout> painted = Optional.empty();

    /** @param text the window's words: the tile is said anew when the board shows it again */
    TileView(UiText text, Consumer<BoardTile> open, ObservableBooleanValue dark) {
        this.text = text;
        this.dark = dark;
        node.getStyleClass().add(BOARD_TILE);
        student.getStyleClass().add(BOARD_STUDENT);
        status.getStyleClass().add(BOARD_STATUS);
        caption.getStyleClass().add(BOARD_CAPTION);
        note.getStyleClass().add(BOARD_NOTE);
        note.setWrapText(true);
        // the key and the counts on two lines: cut at a tile's width, the counts a teacher looks for were lost
        caption.setWrapText(true);
        caption.setMinHeight(Region.USE_PREF_SIZE);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox header = new HBox(student, spacer, status);
        header.setAlignment(Pos.CENTER_LEFT);
        // the picture fits the tile's height: its type gives way before the writes chart does
        canvas.heightProperty().addListener((obs, was, now) -> canvas.fitWithin(now.doubleValue()));
        StackPane picture = new StackPane(canvas, note);
        VBox.setVgrow(picture, Priority.ALWAYS);
        node.getChildren().addAll(header, caption, picture);
        node.addEventHandler(MouseEvent.MOUSE_ENTERED, e -> {
            if (hint == null && hintText != null) {
                hint = new Tooltip(hintText);
                hint.setShowDelay(Duration.millis(200));
                hint.setWrapText(true);
                hint.setMaxWidth(420);
                Tooltip.install(node, hint);
            }
        });
        node.setOnMouseClicked(e -> {
            if (tile != null) {
                open.accept(tile);
            }
        });
        show(null);
    }

    Node node() {
        return node;
    }

    /** The slot's size in the grid, in logical pixels. */
    void size(double width, double height) {
        node.setPrefSize(width, height);
        node.setMinSize(width, height);
        node.setMaxSize(width, height);
    }

    /** Shows {@code next}, or nothing for null. */
    void show(BoardTile next) {
        BoardTile before = tile;
        tile = next;
        node.pseudoClassStateChanged(VACANT, next == null);
        node.setCursor(next != null && next.namespace().isPresent() ? Cursor.HAND : Cursor.DEFAULT);
        if (next == null) {
            student.setText("");
            status.setText("");
            caption.setText("");
            note.setText("");
            showHint(null);
            // a vacant slot shows nothing: its canvas would paint an empty frame
            canvas.setVisible(false);
            return;
        }
        student.setText(next.student());
        status.setText(
                switch (next.status()) {
                    case PASS -> text.now("board.pass");
                    case NOT_YET -> text.now("board.notYet");
                    case NONE -> "";
                });
        status.pseudoClassStateChanged(PASS, next.status() == BoardTile.Status.PASS);
        status.pseudoClassStateChanged(NOT_YET, next.status() == BoardTile.Status.NOT_YET);
        String said = text.messages().text(next.caption());
        caption.setText(next.namespace().isPresent() ? said : "");
        note.setText(next.picture().isEmpty() ? said : "");
        canvas.setVisible(next.picture().isPresent());
        showHint(next.hint().map(text.messages()::text).orElse(null));
        if (before == null || before.picture() != next.picture()) {
            canvas.repaint();
        }
    }

    /** Keeps {@code said} (null for none) as the hint, and installs or removes the hint once it has been made. */
    private void showHint(String said) {
        hintText = said;
        if (hint == null) {
            return;
        }
        if (said != null) {
            hint.setText(said);
            Tooltip.install(node, hint);
        } else {
            Tooltip.uninstall(node, hint);
        }
    }

    void repaint() {
        canvas.repaint();
    }

    /**
     * Where the last paint put the picture's sections (the line, the lanes with the hot badge, the writes chart);
     * empty before a picture or when the tile was too small for even the line. Read on the JavaFX thread.
     */
    Optional<DiagramPainter.Layout> painted() {
        return painted;
    }

    /** The picture's size in diagram pixels (logical pixels over the picture's type scale). */
    Dimension2D pictureSize() {
        return new Dimension2D(canvas.getWidth() / canvas.scale(), canvas.getHeight() / canvas.scale());
    }

    /** Render's painter, framed as a small multiple; a tile too small for even the line paints nothing. */
    private void paint(Graphics2D g, double width, double height, double density) {
        painted = Optional.empty();
        if (tile == null || tile.picture().isEmpty()) {
            return;
        }
        BoardTile.Picture p = tile.picture().get();
        DiagramOptions options = DiagramOptions.defaults(View.ALL)
                .withTheme(dark.get() ? Theme.dark() : Theme.light())
                .withLanguage(text.language().get());
        DiagramPainter painter =
                new DiagramPainter(p.data(), options, DiagramPainter.Framing.tile(MIN_LINE_SHARE), p.parts());
        // the tile keeps its writes chart: what it needs with the chart at its least sets the picture's type
        // scale (presenter mode's, or less where two rows of tiles leave a tile less height than that)
        try {
            canvas.reportLeastDiagramHeight(painter.leastHeightWithCharts(g, width, density));
            painted = Optional.of(painter.paint(g, width, height, density));
        } catch (IllegalArgumentException tooSmall) {
            // a window shrunk below one tile's legible size: the tile keeps its name and status
        }
    }
}
