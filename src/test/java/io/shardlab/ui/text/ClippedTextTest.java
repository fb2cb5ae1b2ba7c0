package io.shardlab.ui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The clipped-text check finds a label that elides its text and a text its parent's clip cuts, and only those. */
@ExtendWith(ApplicationExtension.class)
class ClippedTextTest {

    private static final String LONG = "对一个集合分片后，ShardLab 会在这里画出它的分片键空间";

    private Label cut;
    private Text outside;
    private VBox root;

    @Start
    void start(Stage stage) {
        Label whole = new Label("探索一个分片键");
        cut = new Label(LONG);
        Label hidden = new Label(LONG);
        Text inside = new Text(4, 16, "数据块");
        outside = new Text(4, 16, LONG);
        cut.setMaxWidth(80);
        cut.setId("cut");
        hidden.setMaxWidth(80);
        hidden.setVisible(false);
        Pane roomy = new Pane(inside);
        roomy.setClip(new Rectangle(0, 0, 200, 30));
        Pane narrow = new Pane(outside);
        narrow.setId("narrow");
        narrow.setClip(new Rectangle(0, 0, 60, 30));
        root = new VBox(whole, cut, hidden, roomy, narrow);
        stage.setScene(new Scene(root, 400, 300));
        stage.show();
    }

    @Test
    void reports_the_elided_label_and_the_text_out_of_its_clip() throws Exception {
        List<ClippedText.Clip> clips =
                WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, WaitForAsyncUtils.asyncFx(() -> ClippedText.in(root)));

        assertEquals(2, clips.size(), clips.toString());
        assertEquals("Label#cut.label", clips.get(0).node());
        assertEquals(cut.getText(), clips.get(0).text());
        assertTrue(clips.get(0).shown().endsWith("..."), clips.get(0).shown());
        assertEquals("Text", clips.get(1).node());
        assertEquals(outside.getText(), clips.get(1).text());
        assertTrue(
                clips.get(1).shown().startsWith("cut by Pane#narrow"),
                clips.get(1).shown());
    }
}
