package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
import org.junit.jupiter.api.Test;

/** A refused export size or theme is said in the user's language, naming the option as the CLI spells it. */
class SizeRefusalsInChineseTest {

    private final Messages chinese = Messages.of(Language.SIMPLIFIED_CHINESE);

    @Test
    void aWidthOutOfRangeIsRefusedInChinese() {
        RefusedInput refused = assertThrows(RefusedInput.class, () -> new ExportSize(150, 0, 1));

        assertEquals("width：应为 200 到 20,000 px，实际为 150", chinese.text(refused.said()));
        assertEquals("width: expected 200 to 20,000 px, got 150", refused.getMessage());
    }

    @Test
    void tooManyPixelsAreRefusedInChinese() {
        RefusedInput refused = assertThrows(RefusedInput.class, () -> new ExportSize(20_000, 0, 2).checkPixels(10_000));

        assertEquals(
                "size：40,000 × 20,000 px、缩放 2 共 800,000,000 像素，超过图片的上限（100,000,000）；请降低宽度、高度或缩放，或导出 SVG 或 PDF",
                chinese.text(refused.said()));
    }

    @Test
    void anUnknownThemeIsRefusedInChinese() {
        RefusedInput refused = assertThrows(RefusedInput.class, () -> Theme.named("sepia"));

        assertEquals("theme：应为 light 或 dark，实际为“sepia”", chinese.text(refused.said()));
        assertEquals("theme: expected light or dark, got 'sepia'", refused.getMessage());
    }

    @Test
    void aHeightTooLowForTheViewIsRefusedInChinese() {
        RefusedInput refused = DiagramOptions.defaults(View.NUMBER_LINE).tooLow(120, 310.2, "shop.orders");

        assertEquals("height：120 px 不足以容纳 shop.orders 的 numberline 视图；至少需要 311 px", chinese.text(refused.said()));
    }
}
