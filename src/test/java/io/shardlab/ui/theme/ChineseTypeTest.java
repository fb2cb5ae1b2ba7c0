package io.shardlab.ui.theme;

import static io.shardlab.ui.FxWait.onFxThread;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.render.CjkFont;
import io.shardlab.text.Language;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Font;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * In 简体中文 the window's type is the bundled CJK font (loaded from the jar, as ShardLabApp does at start-up), and
 * it follows View → Language both ways.
 */
@ExtendWith(ApplicationExtension.class)
class ChineseTypeTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void a_window_in_chinese_sets_its_labels_in_the_bundled_cjk_font_and_switches_back() throws Exception {
        Font loaded = Font.loadFont(CjkFont.bundled().open(), 12);
        assertEquals(CjkFont.FAMILY, loaded.getFamily(), "the font file's family, as the stylesheet names it");

        SimpleObjectProperty<Language> language = new SimpleObjectProperty<>(Language.SIMPLIFIED_CHINESE);
        Label label = new Label("分片键 shard key");
        StackPane root = new StackPane(label);
        onFxThread(() -> {
            new Appearance(new SimpleBooleanProperty(false), new SimpleBooleanProperty(false), language).follow(root);
            stage.setScene(new Scene(root, 300, 100));
            stage.show();
            root.applyCss();
            return null;
        });
        assertTrue(root.getStyleClass().contains(Appearance.CJK));
        assertEquals(CjkFont.FAMILY, label.getFont().getFamily());

        onFxThread(() -> {
            language.set(Language.ENGLISH);
            root.applyCss();
            return null;
        });
        assertFalse(root.getStyleClass().contains(Appearance.CJK));
        assertFalse(
                label.getFont().getFamily().equals(CjkFont.FAMILY),
                label.getFont().getFamily());
    }
}
