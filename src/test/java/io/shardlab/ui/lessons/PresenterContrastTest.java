package io.shardlab.ui.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Presenter mode promises high contrast for a projector: in the stylesheet's lessons section, every
 * text colour the panel uses has a contrast ratio of at least 7:1 (WCAG 2, level AAA, relative
 * luminance as WCAG 2.x defines it) against each background it is drawn on, light and dark.
 */
class PresenterContrastTest {

    private static final double AAA = 7.0;

    @ParameterizedTest(name = "{0}: {1} on {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # rule                              | text colour    | background
            .root.presenter .lessons-panel      | -lesson-fg     | -lesson-bg
            .root.presenter .lessons-panel      | -lesson-fg     | -lesson-card-bg
            .root.presenter .lessons-panel      | -lesson-fg     | -lesson-question-bg
            .root.presenter .lessons-panel      | -lesson-muted  | -lesson-bg
            .root.presenter .lessons-panel      | -lesson-muted  | -lesson-card-bg
            .root.presenter .lessons-panel      | -lesson-accent | -lesson-bg
            .root.presenter .lessons-panel      | -lesson-accent | -lesson-card-bg
            .root.presenter .lessons-panel      | -lesson-accent | -lesson-question-bg
            .root.presenter .lessons-panel      | -lesson-error  | -lesson-bg
            .root.presenter.dark .lessons-panel | -lesson-fg     | -lesson-bg
            .root.presenter.dark .lessons-panel | -lesson-fg     | -lesson-card-bg
            .root.presenter.dark .lessons-panel | -lesson-fg     | -lesson-question-bg
            .root.presenter.dark .lessons-panel | -lesson-muted  | -lesson-bg
            .root.presenter.dark .lessons-panel | -lesson-muted  | -lesson-card-bg
            .root.presenter.dark .lessons-panel | -lesson-accent | -lesson-bg
            .root.presenter.dark .lessons-panel | -lesson-accent | -lesson-card-bg
            .root.presenter.dark .lessons-panel | -lesson-accent | -lesson-question-bg
            .root.presenter.dark .lessons-panel | -lesson-error  | -lesson-bg
            """)
    void presenter_text_colours_reach_7_to_1(String rule, String text, String background) throws IOException {
        Map<String, String> colours = coloursOf(rule);
        double ratio = contrast(colours.get(text), colours.get(background));
        assertTrue(
                ratio >= AAA,
                rule + ": " + text + " " + colours.get(text) + " on " + background + " " + colours.get(background)
                        + " is " + String.format("%.2f", ratio) + ":1");
    }

    @ParameterizedTest
    @CsvSource({"#000000, #FFFFFF, 21.0", "#777777, #FFFFFF, 4.48", "#FFFFFF, #FFFFFF, 1.0"})
    void contrast_is_computed_as_wcag_defines_it(String a, String b, double expected) {
        assertEquals(expected, contrast(a, b), 0.01);
    }

    /** The looked-up colours a rule of the lessons panel's stylesheet defines as #RRGGBB. */
    private static Map<String, String> coloursOf(String selector) throws IOException {
        String css;
        URL url = new URL(LessonsView.STYLESHEET);
        try (InputStream in = url.openStream()) {
            css = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int start = css.indexOf("\n" + selector + " {");
        assertTrue(start >= 0, "the stylesheet has a rule " + selector);
        String body = css.substring(css.indexOf('{', start) + 1, css.indexOf('}', start));
        Map<String, String> colours = new HashMap<>();
        Matcher m = Pattern.compile("(-lesson-[a-z-]+):\\s*(#[0-9A-Fa-f]{6});").matcher(body);
        while (m.find()) {
            colours.put(m.group(1), m.group(2));
        }
        return colours;
    }

    private static double contrast(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(String hex) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        return 0.2126 * channel(rgb >> 16) + 0.7152 * channel(rgb >> 8) + 0.0722 * channel(rgb);
    }

    private static double channel(int value) {
        double c = (value & 0xFF) / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
}
