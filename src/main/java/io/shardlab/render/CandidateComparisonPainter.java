package io.shardlab.render;

import io.shardlab.render.CandidateComparison.Candidate;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.util.Locale;

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

    /**
     * @param title the picture's title; empty for "Shard key candidates for <sample source>"
     */
    public CandidateComparisonPainter(CandidateComparison comparison, Theme theme, String title) {
        this.comparison = comparison;
        this.colors = new ThemeColors(theme);
        this.rows = new CandidateLayoutPainter(colors, type, BAR, GUTTER);
        this.title = title == null || title.isBlank() ? "Shard key candidates for " + comparison.sampleSource() : title;
    }

    @Override
    public String title() {
        return title;
    }

    /** The line under the title: the cluster the sample was judged against, and the query mix. */
    public String subtitle() {
        return String.format(
                Locale.ROOT,
                "MongoDB %s · %d shards · %,d MB chunks · %s · %s",
                comparison.version(),
                comparison.shards(),
                comparison.chunkSizeMegabytes(),
                count(comparison.candidates().size(), "candidate"),
                comparison.queryOperations() == 0
                        ? "no query mix"
                        : "query mix of " + count(comparison.queryOperations(), "operation"));
    }

    /** One candidate's numbers, the comparison table's columns in its words. */
    static String numbers(Candidate c) {
        StringBuilder b = new StringBuilder(String.format(
                Locale.ROOT,
                "%,d distinct values · top value %.1f %% · %s · %s, %d jumbo · fullest shard %.0f %% · write share %.0f %%",
                c.numDistinctValues(),
                100 * c.topValueShare(),
                c.monotonicity(),
                count(c.chunks(), "chunk"),
                c.jumboChunks(),
                100 * c.maxShardDocShare(),
                100 * c.meanMaxWriteShare()));
        c.percentageOfSingleShardReads()
                .ifPresent(p -> b.append(String.format(Locale.ROOT, " · single-shard reads %.0f %%", p)));
        return b.toString();
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
            pen.text(type.label(), colors.mutedText(), pen.fit(type.label(), numbers(c), right - left), left, y + 34);
            y += CANDIDATE_HEADER;
            rows.paint(g, c.layout(), pen.measure(type.label()), left, y, right - left, density);
            y += rows.height(c.layout()) + CANDIDATE_GAP;
        }
        for (String reason : comparison.reasons()) {
            pen.text(type.body(), colors.text(), pen.fit(type.body(), reason, right - left), left, y + 14);
            y += REASON_LINE;
        }
    }

    private static String count(long n, String noun) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? noun : noun + "s");
    }
}
