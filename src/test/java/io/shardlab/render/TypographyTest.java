package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.awt.Font;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A diagram fitted into a short canvas is painted below its own size (the Shell docked at 1280 × 720: down to 55 %);
 * its type is raised to a least size so that the lanes' names and the axis labels still read there.
 */
class TypographyTest {

    @ParameterizedTest(name = "at least {0} px: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # least size | title, subtitle, heading, body, bold body, label, small (px)
            0            | 26, 14, 15, 13, 13, 12, 11
            10           | 26, 14, 15, 13, 13, 12, 11
            12.5         | 26, 14, 15, 13, 13, 12.5, 12.5
            18.18        | 26, 18.18, 18.18, 18.18, 18.18, 18.18, 18.18
            """)
    void everyFontSmallerThanTheLeastSizeIsRaisedToItAndNoneElseChanges(double least, String sizes) {
        Typography type = Typography.standard().atLeast(least);

        List<Font> fonts = List.of(
                type.title(),
                type.subtitle(),
                type.heading(),
                type.body(),
                type.bodyBold(),
                type.label(),
                type.small());
        assertEquals(
                sizes,
                String.join(
                        ", ",
                        fonts.stream()
                                .map(f -> {
                                    float px = f.getSize2D();
                                    return px == Math.rint(px) ? String.valueOf((int) px) : String.valueOf(px);
                                })
                                .toList()));
        assertEquals(Font.BOLD, type.bodyBold().getStyle(), "a raised font keeps its style");
    }
}
