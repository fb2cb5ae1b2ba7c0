package io.shardlab.render;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The colours of one look (light or dark), as data: every colour is a {@code #RRGGBB} hex string, so the
 * painter and the UI's stylesheet read the same values ({@link #lookedUpColors()} names them as CSS
 * looked-up colours).
 *
 * <p>Shard palettes: 16 colours per look, in the same hue order, so that a shard keeps its identity when the
 * theme changes (shard01 blue, shard02 orange-gold, shard03 brown, shard04 cyan, …): each look's colour for a
 * shard is that hue at a lightness that stands out from the look. Every colour has at least 3:1 contrast against
 * the surfaces shards are drawn on in its look, the page ({@code background}) and the lane troughs and plot
 * areas ({@code surface}): a chunk is a graphical object that must be seen to be understood (WCAG 2.1 success
 * criterion 1.4.11, non-text contrast). One palette for both looks cannot do this with 16 distinct colours: 3:1
 * against white and against near-black leaves only relative luminance 0.13–0.27, too narrow a band for 16
 * colours to stay apart under colour-blind vision; so the light look's colours are darker and the dark look's
 * lighter (an outline around every swatch and lane would have kept one palette, at the cost of a frame on
 * every chunk). Within a look the colours were chosen by a search over sRGB (a grid of step 8) among the colours
 * of each shard's hue (±18° of its hue angle in CIELAB, chroma at least 12) with that contrast and at least 22
 * CIEDE2000 away from the look's background, maximising the smallest difference between any two colours under
 * normal vision and under simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes
 * 2009, severity 1), the first four (the usual cluster) the most distinct. {@code ThemeTest} checks these
 * guarantees in both looks. A 17th shard and beyond reuse the palette cyclically; lanes and legend still name
 * every shard.
 *
 * <p>Heat ramp: control points of a sequential ramp from few writes (dark) to many writes (bright),
 * sampled from matplotlib's "inferno" (CC0), so brightness means writes on both themes.
 *
 * @param name "light" or "dark"
 * @param background the page behind everything
 * @param surface panels: the lane troughs, chart plot areas
 * @param text primary text
 * @param mutedText secondary text: captions, axis labels, statistics
 * @param grid grid lines and axis ticks
 * @param chunkBoundary the thin gap drawn between adjacent chunks wide enough to show it
 * @param jumbo jumbo chunk marks
 * @param zone zone range brackets and names
 * @param highlight outlines of highlighted key ranges and chunks
 * @param hot the hot shard call-out
 * @param mixed the mark under pixel columns that hide chunks of another shard
 * @param shardPalette shard colours, at least one, the same number in both looks; see above
 * @param heatRamp heat ramp control points, at least two, from no writes to the most writes
 */
public record Theme(
        String name,
        String background,
        String surface,
        String text,
        String mutedText,
        String grid,
        String chunkBoundary,
        String jumbo,
        String zone,
        String highlight,
        String hot,
        String mixed,
        List<String> shardPalette,
        List<String> heatRamp) {

    private static final Pattern HEX = Pattern.compile("#[0-9A-Fa-f]{6}");

    /** The light look's shard colours: darker, for a white page; see above. */
    private static final List<String> LIGHT_SHARD_PALETTE = List.of(
            "#3070D8", "#A88810", "#584830", "#005078", "#808868", "#801050", "#787830", "#A080A0", "#503000",
            "#5808F0", "#906870", "#A84050", "#784800", "#2C90E4", "#3018A8", "#606898");

    /** The dark look's shard colours: the same hues lighter, for a near-black page; see above. */
    private static final List<String> DARK_SHARD_PALETTE = List.of(
            "#2870E0", "#F0A000", "#E0D8C0", "#00C0F8", "#909078", "#B83080", "#608020", "#B08098", "#C0B088",
            "#B0B0C8", "#886868", "#F84850", "#F8C880", "#0098D8", "#E0E0F8", "#7070A0");

    private static final List<String> INFERNO = List.of(
            "#000004", "#1B0C41", "#4A0C6B", "#781C6D", "#A52C60", "#CF4446", "#ED6925", "#FB9B06", "#F7D13D",
            "#FCFFA4");

    public Theme {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(
                    "name: a theme needs a name"); // untranslated: a developer's contract (light(), dark())
        }
        check("background", background);
        check("surface", surface);
        check("text", text);
        check("mutedText", mutedText);
        check("grid", grid);
        check("chunkBoundary", chunkBoundary);
        check("jumbo", jumbo);
        check("zone", zone);
        check("highlight", highlight);
        check("hot", hot);
        check("mixed", mixed);
        shardPalette = List.copyOf(shardPalette);
        heatRamp = List.copyOf(heatRamp);
        if (shardPalette.isEmpty()) {
            throw new IllegalArgumentException(
                    "shardPalette: at least one colour is needed"); // untranslated: a developer's contract
        }
        if (heatRamp.size() < 2) {
            int colours = heatRamp.size();
            throw new IllegalArgumentException(
                    "heatRamp: at least two colours, got " + colours); // untranslated: a developer's contract
        }
        for (int i = 0; i < shardPalette.size(); i++) {
            check("shardPalette[" + i + "]", shardPalette.get(i));
        }
        for (int i = 0; i < heatRamp.size(); i++) {
            check("heatRamp[" + i + "]", heatRamp.get(i));
        }
    }

    private static void check(String field, String hex) {
        if (hex == null || !HEX.matcher(hex).matches()) {
            String expected = field + ": expected a colour like #1A2B3C, got '"; // untranslated: a developer's contract
            throw new IllegalArgumentException(expected + hex + "'");
        }
    }

    /** Dark text on white; the default for exported diagrams. */
    public static Theme light() {
        return new Theme(
                "light",
                "#FFFFFF",
                "#F3F5F7",
                "#1F2328",
                "#57606A",
                "#D0D7DE",
                "#FFFFFF",
                "#CF222E",
                "#6639BA",
                "#0A0C10",
                "#BC4C00",
                "#1F2328",
                LIGHT_SHARD_PALETTE,
                INFERNO);
    }

    /** Light text on near-black, for dark slides and the app's dark mode. */
    public static Theme dark() {
        return new Theme(
                "dark",
                "#0D1117",
                "#161B22",
                "#E6EDF3",
                "#9198A1",
                "#30363D",
                "#0D1117",
                "#FF7B72",
                "#BC8CFF",
                "#FFFFFF",
                "#FFA657",
                "#E6EDF3",
                DARK_SHARD_PALETTE,
                INFERNO);
    }

    /**
     * The theme called {@code name}: "light" or "dark".
     *
     * @throws IllegalArgumentException naming the unknown theme
     */
    public static Theme named(String name) {
        return switch (name) {
            case "light" -> light();
            case "dark" -> dark();
            default -> throw new RefusedInput(Message.of("render.refused.theme", name));
        };
    }

    /**
     * The colour at {@code shardIndex} of the palette (a shard's place in its view's {@link ShardColorOrder}, see
     * {@link NumberLineModel#colorOf}); cycles past the palette.
     */
    public String shardColor(int shardIndex) {
        if (shardIndex < 0) {
            throw new IllegalArgumentException(
                    "shardIndex: negative: " + shardIndex); // untranslated: a developer's contract (ShardColorOrder)
        }
        return shardPalette.get(shardIndex % shardPalette.size());
    }

    /**
     * Every colour under the CSS looked-up colour name the app stylesheet uses, in a stable order:
     * {@code -sl-background}, {@code -sl-surface}, {@code -sl-text}, {@code -sl-text-muted}, {@code -sl-grid},
     * {@code -sl-chunk-boundary}, {@code -sl-jumbo}, {@code -sl-zone}, {@code -sl-highlight}, {@code -sl-hot},
     * {@code -sl-mixed}, {@code -sl-shard-0} … and {@code -sl-heat-0} ….
     */
    public Map<String, String> lookedUpColors() {
        Map<String, String> colors = new LinkedHashMap<>();
        colors.put("-sl-background", background);
        colors.put("-sl-surface", surface);
        colors.put("-sl-text", text);
        colors.put("-sl-text-muted", mutedText);
        colors.put("-sl-grid", grid);
        colors.put("-sl-chunk-boundary", chunkBoundary);
        colors.put("-sl-jumbo", jumbo);
        colors.put("-sl-zone", zone);
        colors.put("-sl-highlight", highlight);
        colors.put("-sl-hot", hot);
        colors.put("-sl-mixed", mixed);
        for (int i = 0; i < shardPalette.size(); i++) {
            colors.put("-sl-shard-" + i, shardPalette.get(i));
        }
        for (int i = 0; i < heatRamp.size(); i++) {
            colors.put("-sl-heat-" + i, heatRamp.get(i));
        }
        return colors;
    }

    /** The looked-up colours as one CSS rule for {@code selector}, e.g. {@code ".root { -sl-text: #1F2328; … }"}. */
    public String toCss(String selector) {
        StringBuilder css = new StringBuilder(selector).append(" {\n");
        lookedUpColors()
                .forEach((k, v) ->
                        css.append("    ").append(k).append(": ").append(v).append(";\n"));
        return css.append("}\n").toString();
    }
}
