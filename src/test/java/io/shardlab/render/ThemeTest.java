package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class ThemeTest {

    static Stream<Theme> themes() {
        return Stream.of(Theme.light(), Theme.dark());
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            # L1,  a1,      b1,       L2, a2,      b2,       CIEDE2000 (Sharma, Wu, Dalal 2005, pairs 1, 7, 17)
            50.0, 2.6772,  -79.7751, 50.0, 0.0,    -82.7485, 2.0425
            50.0, 0.0,     0.0,      50.0, -1.0,   2.0,      2.3669
            50.0, 2.5,     0.0,      73.0, 25.0,   -18.0,    27.1492
            """)
    void the_colour_difference_used_below_matches_the_published_ciede2000_test_data(
            double l1, double a1, double b1, double l2, double a2, double b2, double expected) {
        assertEquals(expected, ColorVision.deltaE2000(new double[] {l1, a1, b1}, new double[] {l2, a2, b2}), 1e-4);
    }

    @ParameterizedTest
    @MethodSource("themes")
    void sixteen_shard_colours_stay_distinct_for_normal_and_colour_blind_vision(Theme theme) {
        List<String> palette = theme.shardPalette();
        assertEquals(16, palette.size());
        for (ColorVision.Vision vision : ColorVision.Vision.values()) {
            double smallest = Double.MAX_VALUE;
            String pair = "";
            for (int i = 0; i < palette.size(); i++) {
                for (int j = i + 1; j < palette.size(); j++) {
                    double d = ColorVision.deltaE2000(
                            ColorVision.lab(palette.get(i), vision), ColorVision.lab(palette.get(j), vision));
                    if (d < smallest) {
                        smallest = d;
                        pair = palette.get(i) + " and " + palette.get(j);
                    }
                }
            }
            assertTrue(smallest >= 9, theme.name() + ", " + vision + ": " + pair + " differ by only " + smallest);
        }
    }

    @Test
    void a_shard_keeps_its_hue_in_the_light_and_the_dark_look() {
        // each look has its own lightness (see Theme's shard palettes), the hue order is the same
        assertEquals(
                Theme.light().shardPalette().size(), Theme.dark().shardPalette().size());
        for (int shard = 0; shard < Theme.light().shardPalette().size(); shard++) {
            double light = hueAngle(Theme.light().shardColor(shard));
            double dark = hueAngle(Theme.dark().shardColor(shard));
            double apart = Math.min(Math.abs(light - dark), 360 - Math.abs(light - dark));
            assertTrue(
                    apart <= 36,
                    "shard index " + shard + ": " + Theme.light().shardColor(shard) + " and "
                            + Theme.dark().shardColor(shard) + " are " + apart + "° apart in hue");
        }
    }

    /** The CIELAB hue angle of {@code hex}, in degrees from 0 to 360. */
    private static double hueAngle(String hex) {
        double[] lab = ColorVision.lab(hex, ColorVision.Vision.NORMAL);
        double angle = Math.toDegrees(Math.atan2(lab[2], lab[1]));
        return angle < 0 ? angle + 360 : angle;
    }

    @ParameterizedTest
    @MethodSource("themes")
    void every_shard_colour_has_3_to_1_contrast_against_each_surface_it_is_drawn_on(Theme theme) {
        // a chunk is a graphical object needed to understand the picture: WCAG 2.1 SC 1.4.11 (non-text
        // contrast) asks 3:1 against what is next to it, the page and the lanes' troughs and plot areas
        Map<String, String> surfaces = Map.of("background", theme.background(), "surface", theme.surface());
        for (int shard = 0; shard < theme.shardPalette().size(); shard++) {
            for (var surface : surfaces.entrySet()) {
                double contrast = ColorVision.contrast(theme.shardColor(shard), surface.getValue());
                assertTrue(
                        contrast >= 3,
                        theme.name() + ": shard index " + shard + " (" + theme.shardColor(shard) + ") has "
                                + String.format("%.2f", contrast) + ":1 against the " + surface.getKey() + " "
                                + surface.getValue());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("themes")
    void the_first_four_shards_are_the_most_distinct(Theme theme) {
        for (ColorVision.Vision vision : ColorVision.Vision.values()) {
            for (int i = 0; i < 4; i++) {
                for (int j = i + 1; j < 4; j++) {
                    double d = ColorVision.deltaE2000(
                            ColorVision.lab(theme.shardColor(i), vision), ColorVision.lab(theme.shardColor(j), vision));
                    assertTrue(
                            d >= 16, theme.name() + ", " + vision + ": shards " + i + " and " + j + " differ by " + d);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("themes")
    void shard_colours_stand_out_from_the_background_for_every_vision(Theme theme) {
        for (String color : theme.shardPalette()) {
            for (ColorVision.Vision vision : ColorVision.Vision.values()) {
                double d = ColorVision.deltaE2000(
                        ColorVision.lab(color, vision), ColorVision.lab(theme.background(), vision));
                assertTrue(
                        d >= 20, theme.name() + ": " + color + " is close to the background for " + vision + ": " + d);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("themes")
    void text_meets_wcag_contrast_on_background_and_surface(Theme theme) {
        assertTrue(ColorVision.contrast(theme.text(), theme.background()) >= 7, "body text, AAA");
        assertTrue(ColorVision.contrast(theme.text(), theme.surface()) >= 7, "text on panels, AAA");
        assertTrue(ColorVision.contrast(theme.mutedText(), theme.background()) >= 4.5, "captions, AA");
        assertTrue(ColorVision.contrast(theme.mutedText(), theme.surface()) >= 4.5, "captions on panels, AA");
        assertTrue(ColorVision.contrast(theme.hot(), theme.background()) >= 3, "hot badge against the page");
        assertTrue(ColorVision.contrast(theme.jumbo(), theme.background()) >= 3, "jumbo marks");
    }

    @ParameterizedTest
    @MethodSource("themes")
    void the_heat_ramp_gets_brighter_from_no_writes_to_the_most_writes(Theme theme) {
        ThemeColors colors = new ThemeColors(theme);
        double previous = -1;
        for (int i = 0; i <= 20; i++) {
            java.awt.Color c = colors.heat(i / 20.0);
            double l = ColorVision.lab(String.format("#%06X", c.getRGB() & 0xFFFFFF), ColorVision.Vision.NORMAL)[0];
            assertTrue(l > previous, "lightness at " + i / 20.0 + " is " + l + " after " + previous);
            previous = l;
        }
    }

    @Test
    void looked_up_colours_name_every_colour_of_the_theme_for_the_stylesheet() {
        Theme t = Theme.light();
        Map<String, String> colors = t.lookedUpColors();
        assertEquals(t.background(), colors.get("-sl-background"));
        assertEquals(t.hot(), colors.get("-sl-hot"));
        assertEquals(t.jumbo(), colors.get("-sl-jumbo"));
        for (int i = 0; i < t.shardPalette().size(); i++) {
            assertEquals(t.shardColor(i), colors.get("-sl-shard-" + i));
        }
        assertEquals(11 + t.shardPalette().size() + t.heatRamp().size(), colors.size());
        String css = t.toCss(".root");
        assertTrue(css.startsWith(".root {\n"));
        assertTrue(css.contains("    -sl-shard-0: " + t.shardColor(0) + ";\n"), css);
    }

    @Test
    void shards_beyond_the_palette_reuse_it_in_order() {
        Theme t = Theme.dark();
        assertEquals(t.shardColor(0), t.shardColor(16));
        assertEquals(t.shardColor(5), t.shardColor(21));
    }

    @Test
    void a_colour_that_is_not_six_digit_hex_is_refused_with_its_field_name() {
        Theme t = Theme.light();
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new Theme(
                        "x",
                        "#FFF",
                        t.surface(),
                        t.text(),
                        t.mutedText(),
                        t.grid(),
                        t.chunkBoundary(),
                        t.jumbo(),
                        t.zone(),
                        t.highlight(),
                        t.hot(),
                        t.mixed(),
                        t.shardPalette(),
                        t.heatRamp()));
        assertEquals("background: expected a colour like #1A2B3C, got '#FFF'", e.getMessage());
        assertEquals(
                "theme: expected light or dark, got 'sepia'",
                assertThrows(IllegalArgumentException.class, () -> Theme.named("sepia"))
                        .getMessage());
    }
}
