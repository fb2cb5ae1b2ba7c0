package io.shardlab.render;

import java.awt.Color;
import java.util.List;

/**
 * A {@link Theme} resolved to {@link Color}s for Graphics2D painting, with the few derived colours the
 * painters need (dimmed shards, lane tints, heat ramp lookups). Every colour is opaque: blending is done
 * here, not with alpha, so the Canvas, PNG, SVG and PDF targets draw the same pixels.
 */
public final class ThemeColors {

    /** Weight of the shard colour in a dimmed (not highlighted) chunk; the rest is background. */
    static final double DIM_WEIGHT = 0.22;

    private final Theme theme;
    private final Color background;
    private final Color surface;
    private final Color text;
    private final Color mutedText;
    private final Color grid;
    private final Color chunkBoundary;
    private final Color jumbo;
    private final Color zone;
    private final Color highlight;
    private final Color hot;
    private final Color mixed;
    private final Color[] shards;
    private final Color[] dimmedShards;
    private final Color[] ramp;

    public ThemeColors(Theme theme) {
        this.theme = theme;
        background = decode(theme.background());
        surface = decode(theme.surface());
        text = decode(theme.text());
        mutedText = decode(theme.mutedText());
        grid = decode(theme.grid());
        chunkBoundary = decode(theme.chunkBoundary());
        jumbo = decode(theme.jumbo());
        zone = decode(theme.zone());
        highlight = decode(theme.highlight());
        hot = decode(theme.hot());
        mixed = decode(theme.mixed());
        List<String> palette = theme.shardPalette();
        shards = new Color[palette.size()];
        dimmedShards = new Color[palette.size()];
        for (int i = 0; i < shards.length; i++) {
            shards[i] = decode(palette.get(i));
            dimmedShards[i] = mix(shards[i], background, DIM_WEIGHT);
        }
        ramp = theme.heatRamp().stream().map(ThemeColors::decode).toArray(Color[]::new);
    }

    /** {@code #RRGGBB} as an opaque colour. */
    public static Color decode(String hex) {
        return new Color(Integer.parseInt(hex.substring(1), 16));
    }

    /** {@code weight * a + (1 - weight) * b}, channel by channel in sRGB, opaque. */
    public static Color mix(Color a, Color b, double weight) {
        double w = Math.max(0, Math.min(1, weight));
        return new Color(
                (int) Math.round(a.getRed() * w + b.getRed() * (1 - w)),
                (int) Math.round(a.getGreen() * w + b.getGreen() * (1 - w)),
                (int) Math.round(a.getBlue() * w + b.getBlue() * (1 - w)));
    }

    public Theme theme() {
        return theme;
    }

    public Color background() {
        return background;
    }

    public Color surface() {
        return surface;
    }

    public Color text() {
        return text;
    }

    public Color mutedText() {
        return mutedText;
    }

    public Color grid() {
        return grid;
    }

    public Color chunkBoundary() {
        return chunkBoundary;
    }

    public Color jumbo() {
        return jumbo;
    }

    public Color zone() {
        return zone;
    }

    public Color highlight() {
        return highlight;
    }

    public Color hot() {
        return hot;
    }

    public Color mixed() {
        return mixed;
    }

    /** The colour of the shard at {@code shardIndex}; cycles past the palette. */
    public Color shard(int shardIndex) {
        return shards[shardIndex % shards.length];
    }

    /** The shard colour faded towards the background: chunks outside a highlight. */
    public Color dimmedShard(int shardIndex) {
        return dimmedShards[shardIndex % dimmedShards.length];
    }

    /**
     * The heat ramp at {@code t} in [0, 1] (clamped), interpolated linearly between control points.
     */
    public Color heat(double t) {
        double x = Math.max(0, Math.min(1, t)) * (ramp.length - 1);
        int i = Math.min(ramp.length - 2, (int) Math.floor(x));
        return mix(ramp[i + 1], ramp[i], x - i);
    }
}
