package io.shardlab.render;

import io.shardlab.advisor.AdvisorReport;
import io.shardlab.advisor.CandidateReport;
import io.shardlab.advisor.LayoutMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The shard key advisor's comparison as one picture, for the exporters: a title and the settings the
 * sample was judged against; per candidate, in the order given, its verdict, its numbers (the
 * comparison table's columns), its replayed layout as a number line scaled by data size (where the
 * documents ended up) and, under the line, the query mix's reads and then writes per range of the key
 * (analyzeShardKey's {@code numReadsByRange} / {@code numWritesByRange}) as heat strips; then the
 * advisor's reasons. The same report gives the same picture.
 *
 * <p>Not thread-safe: one painter per thread.
 */
public final class CandidateComparisonPainter implements Picture {

    static final double MARGIN = 40;
    static final double TITLE_BLOCK = 80;
    /** Left of the lines: the words "layout", "reads", "writes". */
    static final double GUTTER = 64;

    static final double BAR = 26;
    static final double STRIP = 12;
    static final double STRIP_GAP = 3;
    static final double CANDIDATE_HEADER = 42;
    static final double CANDIDATE_GAP = 26;
    static final double REASON_LINE = 20;

    private final AdvisorReport report;
    private final ThemeColors colors;
    private final Typography type = Typography.standard();
    private final String title;

    /**
     * @param title the picture's title; empty for "Shard key candidates for <sample source>"
     */
    public CandidateComparisonPainter(AdvisorReport report, Theme theme, String title) {
        this.report = report;
        this.colors = new ThemeColors(theme);
        this.title = title == null || title.isBlank() ? "Shard key candidates for " + report.sampleSource() : title;
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
                report.settings().version(),
                report.settings().shards(),
                report.settings().chunkSizeMegabytes(),
                count(report.candidates().size(), "candidate"),
                report.queries().isEmpty()
                        ? "no query mix"
                        : "query mix of " + count(report.queries().size(), "operation"));
    }

    /** One candidate's numbers, the comparison table's columns in its words. */
    static String numbers(CandidateReport c) {
        StringBuilder b = new StringBuilder(String.format(
                Locale.ROOT,
                "%,d distinct values · top value %.1f %% · %s · %s, %d jumbo · fullest shard %.0f %% · write share %.0f %%",
                c.keyCharacteristics().numDistinctValues(),
                100 * c.keyCharacteristics().topValueShare(),
                c.keyCharacteristics().monotonicity().type().value(),
                count(c.layout().chunks(), "chunk"),
                c.layout().jumboChunks(),
                100 * c.layout().maxShardDocShare(),
                100 * c.meanMaxWriteShare()));
        c.readWrite()
                .filter(rw -> !rw.read().isEmpty())
                .ifPresent(rw -> b.append(String.format(
                        Locale.ROOT, " · single-shard reads %.0f %%", rw.read().percentageOfSingleShardReads())));
        return b.toString();
    }

    /** The candidate's standing: recommended, ruled out (by a disqualifying finding) or qualified. */
    String verdict(int index) {
        if (report.recommendation().index().isPresent()
                && report.recommendation().index().getAsInt() == index) {
            return "recommended";
        }
        return report.candidates().get(index).disqualified() ? "ruled out" : "qualified";
    }

    /**
     * A replayed layout as a number line model scaled by data size (documents and bytes per chunk from
     * the replay): the comparison asks where the documents ended up.
     */
    public static NumberLineModel dataSizeModel(LayoutMetrics layout) {
        return NumberLineModel.of(
                new LayoutData(layout.snapshot(), Optional.of(ChunkSizes.of(layout.chunkStatistics()))),
                Scale.DATA_SIZE);
    }

    @Override
    public double preferredHeight(Graphics2D g, double width, double density) {
        double h = MARGIN + TITLE_BLOCK;
        for (CandidateReport c : report.candidates()) {
            h += candidateHeight(c) + CANDIDATE_GAP;
        }
        return Math.ceil(h + report.recommendation().reasons().size() * REASON_LINE + MARGIN);
    }

    private static double candidateHeight(CandidateReport c) {
        return CANDIDATE_HEADER
                + NumberLinePainter.height(dataSizeModel(c.layout()), BAR)
                + strips(c).size() * (STRIP_GAP + STRIP);
    }

    private static List<List<Long>> strips(CandidateReport c) {
        List<List<Long>> out = new ArrayList<>();
        c.readWrite().ifPresent(rw -> {
            if (!rw.read().numReadsByRange().isEmpty()) {
                out.add(rw.read().numReadsByRange());
            }
            if (!rw.write().numWritesByRange().isEmpty()) {
                out.add(rw.write().numWritesByRange());
            }
        });
        return out;
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

        double lineX = left + GUTTER;
        double lineWidth = Math.max(4, right - lineX);
        int columns = (int) Math.max(1, Math.round(lineWidth * density));
        NumberLinePainter line = new NumberLinePainter(colors, type);
        RangeHeatPainter heat = new RangeHeatPainter(colors);
        double y = MARGIN + TITLE_BLOCK;
        for (int i = 0; i < report.candidates().size(); i++) {
            CandidateReport c = report.candidates().get(i);
            String verdict = verdict(i);
            String head = (i + 1) + ".  " + c.key() + "  —  " + verdict;
            pen.text(
                    type.heading(),
                    verdict.equals("ruled out") ? colors.mutedText() : colors.text(),
                    pen.fit(type.heading(), head, right - left),
                    left,
                    y + 16);
            pen.text(type.label(), colors.mutedText(), pen.fit(type.label(), numbers(c), right - left), left, y + 34);
            y += CANDIDATE_HEADER;
            NumberLineModel model = dataSizeModel(c.layout());
            NumberLineFrame frame = NumberLineFrame.compute(
                    model, Viewport.FULL, lineWidth, columns, pen.measure(type.label()), KeyLabelFormat.standard());
            java.awt.geom.Rectangle2D bar = line.paint(g, frame, Highlight.none(), lineX, y, BAR);
            pen.text(
                    type.small(),
                    colors.mutedText(),
                    "layout",
                    left,
                    pen.baselineCentered(type.small(), bar.getCenterY()));
            y += NumberLinePainter.height(model, BAR);
            List<List<Long>> strips = strips(c);
            boolean reads = c.readWrite()
                    .map(rw -> !rw.read().numReadsByRange().isEmpty())
                    .orElse(false);
            for (int s = 0; s < strips.size(); s++) {
                y += STRIP_GAP;
                List<Long> counts = strips.get(s);
                heat.paint(g, RangeHeatStrip.of(counts, Math.min(columns, counts.size())), lineX, y, lineWidth, STRIP);
                pen.text(
                        type.small(),
                        colors.mutedText(),
                        s == 0 && reads ? "reads" : "writes",
                        left,
                        pen.baselineCentered(type.small(), y + STRIP / 2));
                y += STRIP;
            }
            y += CANDIDATE_GAP;
        }
        for (String reason : report.recommendation().reasons()) {
            pen.text(type.body(), colors.text(), pen.fit(type.body(), reason, right - left), left, y + 14);
            y += REASON_LINE;
        }
    }

    private static String count(long n, String noun) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? noun : noun + "s");
    }
}
