package io.shardlab.render;

import io.shardlab.render.CandidateComparison.Candidate;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.List;
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

    static final double MARGIN = TitleBlock.MARGIN;
    static final double TITLE_BLOCK = TitleBlock.HEIGHT;
    /** Left of the lines: the words "layout", "reads", "writes". */
    static final double GUTTER = 64;

    static final double BAR = 26;
    static final double CANDIDATE_HEADER = 42;
    static final double CANDIDATE_GAP = 26;
    static final double REASON_LINE = 20;
    static final double LEGEND_GAP = 10;

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
                percentOfDocuments(c.topValueShare()),
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

    /**
     * A 0..1 share as a percentage with one decimal, as the advisor's table says it: a share too small to show is
     * {@code <0.1}, not {@code 0.0}.
     */
    static String percentOfDocuments(double share) {
        return share > 0 && share < 0.0005 ? "<0.1" : String.format(Locale.ROOT, "%.1f", 100 * share);
    }

    /**
     * The legend under the candidates: the colour of every shard (the candidates' rows share the shards), and the
     * jumbo mark when a row shows one.
     */
    List<LegendPainter.Item> legend() {
        List<LegendPainter.Item> items = new ArrayList<>();
        if (comparison.candidates().isEmpty()) {
            return items;
        }
        NumberLineModel model = comparison.candidates().get(0).layout().model();
        for (int s = 0; s < model.shards().size(); s++) {
            items.add(new LegendPainter.Item(
                    LegendPainter.Kind.SHARD, model.colorOf(s), model.shards().get(s)));
        }
        if (comparison.candidates().stream().anyMatch(c -> c.layout().model().jumboCount() > 0)) {
            items.add(new LegendPainter.Item(LegendPainter.Kind.JUMBO, -1, words.text("render.legend.jumbo")));
        }
        return items;
    }

    @Override
    public double preferredHeight(Graphics2D g, double width, double density) {
        double h = MARGIN + TITLE_BLOCK;
        for (Candidate c : comparison.candidates()) {
            h += CANDIDATE_HEADER + rows.height(c.layout()) + CANDIDATE_GAP;
        }
        double inner = width - 2 * MARGIN;
        h += new LegendPainter(colors, type).height(g, legend(), inner) + LEGEND_GAP;
        Pen pen = new Pen(g);
        for (String reason : comparison.reasons()) {
            h += pen.wrap(type.body(), reason, inner).size() * REASON_LINE;
        }
        return Math.ceil(h + MARGIN);
    }

    @Override
    public void draw(Graphics2D g, double width, double height, double density) {
        Pen pen = TitleBlock.paintPage(g, type, colors, title, subtitle(), width, height);
        double left = MARGIN;
        double right = width - MARGIN;

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
        LegendPainter legendPainter = new LegendPainter(colors, type);
        List<LegendPainter.Item> legend = legend();
        legendPainter.paint(g, legend, left, y, right - left);
        y += legendPainter.height(g, legend, right - left) + LEGEND_GAP;
        // a reason is the advisor's whole sentence: it wraps rather than end in "…"
        for (String reason : comparison.reasons()) {
            for (String line : pen.wrap(type.body(), reason, right - left)) {
                pen.text(type.body(), colors.text(), line, left, y + 14);
                y += REASON_LINE;
            }
        }
    }
}
