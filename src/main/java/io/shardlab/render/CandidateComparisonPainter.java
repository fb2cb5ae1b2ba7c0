package io.shardlab.render;

import io.shardlab.render.CandidateComparison.Candidate;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The shard key advisor's comparison ({@link CandidateComparison}) as one picture, for the exporters: a title
 * and the settings the sample was judged against; per candidate, in the order given, its verdict, its numbers
 * (the comparison table's columns) and its row picture ({@link CandidateLayoutPainter}: the replayed layout
 * as a number line scaled by data size, where the documents ended up, and under the line the query mix's
 * reads and then writes per range of the key, analyzeShardKey's {@code numReadsByRange} /
 * {@code numWritesByRange}, as heat strips); then the advisor's reasons. The same comparison gives the same
 * picture.
 *
 * <p>Not thread-safe: one painter per thread.
 */
public final class CandidateComparisonPainter implements Picture {

    static final double MARGIN = 40;
    static final double TITLE_BLOCK = 80;
    /** Left of the lines: the words "layout", "reads", "writes". */
    static final double GUTTER = 64;

    static final double BAR = 26;
    static final double CANDIDATE_HEADER = 42;
    static final double CANDIDATE_GAP = 26;
    static final double REASON_LINE = 20;

    private final CandidateComparison comparison;
    private final ThemeColors colors;
    private final Typography type = Typography.standard();
    private final CandidateLayoutPainter rows;
    private final String title;
    private final Messages words;

    /** As {@link #CandidateComparisonPainter(CandidateComparison, Theme, String, Language)}, in English. */
    public CandidateComparisonPainter(CandidateComparison comparison, Theme theme, String title) {
        this(comparison, theme, title, Language.ENGLISH);
    }

    /**
     * @param title the picture's title; empty for "Shard key candidates for <sample source>"
     * @param language the language of the words ShardLab writes on the picture (the advisor's verdicts and reasons
     *     come as the comparison holds them)
     */
    public CandidateComparisonPainter(CandidateComparison comparison, Theme theme, String title, Language language) {
        this.comparison = comparison;
        this.colors = new ThemeColors(theme);
        this.rows = new CandidateLayoutPainter(colors, type, BAR, GUTTER);
        this.words = Messages.of(language);
        this.title = title == null || title.isBlank()
                ? words.text("render.candidates.title", comparison.sampleSource())
                : title;
    }

    @Override
    public String title() {
        return title;
    }

    /** The line under the title: the cluster the sample was judged against, and the query mix. */
    public String subtitle() {
        return words.text(
                "render.candidates.subtitle",
                comparison.version().toString(),
                String.valueOf(comparison.shards()),
                comparison.chunkSizeMegabytes(),
                comparison.candidates().size(),
                comparison.queryOperations() == 0
                        ? words.text("render.candidates.noQueryMix")
                        : words.text("render.candidates.queryMix", comparison.queryOperations()));
    }

    /** One candidate's numbers, the comparison table's columns in its words, in English. */
    static String numbers(Candidate c) {
        return numbers(Messages.of(Language.ENGLISH), c);
    }

    /** One candidate's numbers, the comparison table's columns in its words, in {@code words}' language. */
    static String numbers(Messages words, Candidate c) {
        String numbers = words.text(
                "render.candidates.numbers",
                c.numDistinctValues(),
                String.format(Locale.ROOT, "%.1f", 100 * c.topValueShare()),
                String.valueOf(c.monotonicity()),
                c.chunks(),
                String.valueOf(c.jumboChunks()),
                String.format(Locale.ROOT, "%.0f", 100 * c.maxShardDocShare()),
                String.format(Locale.ROOT, "%.0f", 100 * c.meanMaxWriteShare()));
        OptionalDouble singleShardReads = c.percentageOfSingleShardReads();
        return singleShardReads.isEmpty()
                ? numbers
                : numbers
                        + " · "
                        + words.text(
                                "render.candidates.singleShardReads",
                                String.format(Locale.ROOT, "%.0f", singleShardReads.getAsDouble()));
    }

    @Override
    public double preferredHeight(Graphics2D g, double width, double density) {
        double h = MARGIN + TITLE_BLOCK;
        for (Candidate c : comparison.candidates()) {
            h += CANDIDATE_HEADER + rows.height(c.layout()) + CANDIDATE_GAP;
        }
        return Math.ceil(h + comparison.reasons().size() * REASON_LINE + MARGIN);
    }

    @Override
    public void draw(Graphics2D g, double width, double height, double density) {
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        Pen pen = new Pen(g);
        pen.crisp(true);
        pen.fill(colors.background(), 0, 0, width, height);
        pen.crisp(false);
        double left = MARGIN;
        double right = width - MARGIN;
        pen.text(type.title(), colors.text(), pen.fit(type.title(), title, right - left), left, MARGIN + 26);
        pen.text(
                type.subtitle(),
                colors.mutedText(),
                pen.fit(type.subtitle(), subtitle(), right - left),
                left,
                MARGIN + 54);

        double y = MARGIN + TITLE_BLOCK;
        for (int i = 0; i < comparison.candidates().size(); i++) {
            Candidate c = comparison.candidates().get(i);
            String head = (i + 1) + ".  " + c.key() + "  —  " + c.verdict();
            pen.text(
                    type.heading(),
                    c.ruledOut() ? colors.mutedText() : colors.text(),
                    pen.fit(type.heading(), head, right - left),
                    left,
                    y + 16);
            pen.text(
                    type.label(),
                    colors.mutedText(),
                    pen.fit(type.label(), numbers(words, c), right - left),
                    left,
                    y + 34);
            y += CANDIDATE_HEADER;
            rows.paint(g, c.layout(), pen.measure(type.label()), left, y, right - left, density);
            y += rows.height(c.layout()) + CANDIDATE_GAP;
        }
        for (String reason : comparison.reasons()) {
            pen.text(type.body(), colors.text(), pen.fit(type.body(), reason, right - left), left, y + 14);
            y += REASON_LINE;
        }
    }
}
