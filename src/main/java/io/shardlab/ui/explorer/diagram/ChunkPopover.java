package io.shardlab.ui.explorer.diagram;

import io.shardlab.sim.Migration;
import io.shardlab.text.Messages;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.HangingPopOver;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.controlsfx.control.PopOver;

/**
 * A chunk's details in a popover pointing at it: range, shard, documents, data size, whether it is moving,
 * jumbo or cannot split, and its zone. The explorer shows it where the side panel's Chunk tab is out of sight
 * (folded into the rail, or a comparison, which has none) and on a double-click in a lane; Esc, a click
 * elsewhere or clearing the selection closes it. Styled by the window's stylesheet ({@code .chunk-popover}),
 * so it follows the theme and presenter mode's type.
 */
final class ChunkPopover {

    private static final String CHUNK_POPOVER_TITLE = "chunk-popover-title";
    private static final String CHUNK_POPOVER_GRID = "chunk-popover-grid";
    private static final String CHUNK_POPOVER_KEY = "chunk-popover-key";
    private static final String CHUNK_POPOVER_VALUE = "chunk-popover-value";
    private static final String CHUNK_POPOVER_CONTENT = "chunk-popover-content";
    private static final String CHUNK_POPOVER = "chunk-popover";

    private final PopOver popOver = new HangingPopOver();
    private final Label title = new Label();
    private final Label[] values;
    private static final String[] NAMES = {
        "explorer.details.range",
        "explorer.details.shard",
        "explorer.details.documents",
        "explorer.details.dataSize",
        "explorer.details.state",
        "explorer.details.zone"
    };
    private static final String[] IDS = {"range", "shard", "documents", "data-size", "state", "zone"};

    private final UiText text;
    /** What the popover shows, to say it again when the language changes; null before the first show. */
    private Runnable lastFill;

    ChunkPopover(UiText text) {
        this.text = text;
        text.language().addListener((obs, was, now) -> {
            if (lastFill != null && popOver.isShowing()) {
                lastFill.run();
            }
        });
        title.getStyleClass().add(CHUNK_POPOVER_TITLE);
        title.setId("chunk-popover-title");
        GridPane grid = new GridPane();
        grid.getStyleClass().add(CHUNK_POPOVER_GRID);
        values = new Label[NAMES.length];
        for (int i = 0; i < NAMES.length; i++) {
            Label k = text.label(new Label(), NAMES[i]);
            k.getStyleClass().add(CHUNK_POPOVER_KEY);
            // the names keep their width; a long bound wraps in the value column instead
            k.setMinWidth(Region.USE_PREF_SIZE);
            values[i] = new Label();
            values[i].getStyleClass().add(CHUNK_POPOVER_VALUE);
            values[i].setId("chunk-popover-" + IDS[i]);
            // bounds are data (keys with underscores): no mnemonic parsing
            values[i].setMnemonicParsing(false);
            values[i].setWrapText(true);
            grid.addRow(i, k, values[i]);
        }
        // PopOver centres its arrow on the content's preferred width, which counts a long bound unwrapped: with
        // the stylesheet's max width the popover drew narrower, off to one side of the chunk it points at
        VBox content = new VBox(title, grid) {
            @Override
            protected double computePrefWidth(double height) {
                double pref = super.computePrefWidth(height);
                return getMaxWidth() > 0 ? Math.min(pref, getMaxWidth()) : pref;
            }
        };
        content.getStyleClass().add(CHUNK_POPOVER_CONTENT);
        popOver.setContentNode(content);
        popOver.setId("chunk-popover");
        popOver.getStyleClass().add(CHUNK_POPOVER);
        popOver.setDetachable(false);
        // a click elsewhere on the line closes it and still selects what it lands on
        popOver.setConsumeAutoHidingEvents(false);
        // the owner window keeps the keyboard: Esc there closes the popover before the line clears its selection
        popOver.getRoot().addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                popOver.hide();
                e.consume();
            }
        });
    }

    /**
     * Fills the popover with {@code d} and points it at screen point ({@code screenX}, {@code screenY}).
     *
     * @param owner the node the popover belongs to (its window owns the popover)
     */
    void show(Node owner, ChunkDetails d, DiagramPicture p, List<Migration> inFlight, double screenX, double screenY) {
        fill(d, p, inFlight);
        if (popOver.isShowing()) {
            popOver.hide(Duration.ZERO);
        }
        popOver.show(owner, screenX, screenY);
    }

    /** Refreshes the figures of an open popover (the stream plays on); the same chunk, or it closes. */
    void refresh(ChunkDetails d, DiagramPicture p, List<Migration> inFlight) {
        if (popOver.isShowing()) {
            fill(d, p, inFlight);
        }
    }

    private void fill(ChunkDetails d, DiagramPicture p, List<Migration> inFlight) {
        lastFill = () -> fill(d, p, inFlight);
        boolean oversized = d.index() < p.model().chunkCount() && p.model().oversizedCannotSplit(d.index());
        Messages words = text.messages();
        title.setText(words.text(d.titleOf(p.model().chunkCount())));
        values[0].setText(d.rangeText());
        values[1].setText(words.text(d.shardText(p.data().layout().snapshot().shards())));
        values[2].setText(d.documentsText());
        values[3].setText(d.sizeText());
        values[4].setText(words.text(d.stateText(oversized, inFlight)));
        values[5].setText(words.text(d.zoneText(p.data().layout().snapshot().zones())));
    }

    /** Closes the popover, if open. */
    void hide() {
        if (popOver.isShowing()) {
            popOver.hide(Duration.ZERO);
        }
    }

    /** Whether the popover shows. */
    boolean isShowing() {
        return popOver.isShowing();
    }

    /** The popover, for tests. */
    PopOver popOver() {
        return popOver;
    }
}
