package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.render.CandidateComparison.Candidate;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * The shard key comparison picture: drawn from render's own records, each candidate's row picture painted by
 * the painter the advisor's window uses.
 */
class CandidateComparisonPainterTest {

    private static final LayoutData TWELVE_CHUNKS = Diagrams.twelveChunks().layout();

    private static Candidate candidate(String verdict, OptionalDouble reads, List<Long> readsByRange) {
        return new Candidate(
                "{ x: 1 }",
                verdict,
                verdict.equals("ruled out"),
                12_345,
                0.012,
                "not monotonic",
                12,
                1,
                0.3,
                0.25,
                reads,
                new CandidateLayout(TWELVE_CHUNKS, readsByRange, List.of(1L, 2L)));
    }

    private static CandidateComparison comparison(List<Candidate> candidates, int queries) {
        return new CandidateComparison(
                "zipcodes.json", MongoVersion.V7_0, 4, 128, queries, candidates, List.of("Why { x: 1 }."));
    }

    @Test
    void theSubtitleNamesTheClusterTheSampleWasJudgedAgainstAndTheQueryMix() {
        CandidateComparisonPainter withMix = new CandidateComparisonPainter(
                comparison(List.of(candidate("recommended", OptionalDouble.of(80), List.of(3L))), 5),
                Theme.light(),
                "");
        CandidateComparisonPainter withoutMix = new CandidateComparisonPainter(
                comparison(List.of(candidate("recommended", OptionalDouble.empty(), List.of())), 0), Theme.light(), "");

        assertEquals("Shard key candidates for zipcodes.json", withMix.title());
        assertEquals(
                "MongoDB 7.0 · 4 shards · 128 MB chunks · 1 candidate · query mix of 5 operations", withMix.subtitle());
        assertEquals("MongoDB 7.0 · 4 shards · 128 MB chunks · 1 candidate · no query mix", withoutMix.subtitle());
    }

    @Test
    void aCandidatesNumbersAreTheTableColumnsInItsWords() {
        assertEquals(
                "12,345 distinct values · top value 1.2 % · not monotonic · 12 chunks, 1 jumbo · fullest shard 30 % "
                        + "· write share 25 % · single-shard reads 80 %",
                CandidateComparisonPainter.numbers(candidate("qualified", OptionalDouble.of(80), List.of(3L))));
        assertEquals(
                "12,345 distinct values · top value 1.2 % · not monotonic · 12 chunks, 1 jumbo · fullest shard 30 % "
                        + "· write share 25 %",
                CandidateComparisonPainter.numbers(candidate("qualified", OptionalDouble.empty(), List.of())));
    }

    @Test
    void eachCandidateTakesItsHeaderItsRowPictureAndAGap() {
        // given: a candidate with a reads and a writes strip, one with the writes strip only
        Candidate both = candidate("recommended", OptionalDouble.of(80), List.of(3L, 0L));
        Candidate writesOnly = candidate("ruled out", OptionalDouble.empty(), List.of());
        CandidateComparisonPainter painter =
                new CandidateComparisonPainter(comparison(List.of(both, writesOnly), 2), Theme.light(), "");
        double line = NumberLinePainter.height(both.layout().model(), CandidateComparisonPainter.BAR);

        // then: the row picture is the line and, per strip, a gap and a strip half the bar high
        CandidateLayoutPainter rows = new CandidateLayoutPainter(
                new ThemeColors(Theme.light()), Typography.standard(), CandidateComparisonPainter.BAR, 64);
        assertEquals(line + 2 * (2 + 13), rows.height(both.layout()));
        assertEquals(line + (2 + 13), rows.height(writesOnly.layout()));
        double candidates = 2 * (CandidateComparisonPainter.CANDIDATE_HEADER + CandidateComparisonPainter.CANDIDATE_GAP)
                + rows.height(both.layout())
                + rows.height(writesOnly.layout());
        // and under them the shards' legend, one row, then the reason's one line
        double legend = new LegendPainter(new ThemeColors(Theme.light()), Typography.standard())
                .height(Diagrams.scratch(), painter.legend(), 1400 - 2 * CandidateComparisonPainter.MARGIN);
        assertEquals(LegendPainter.ROW, legend);
        assertEquals(
                Math.ceil(2 * CandidateComparisonPainter.MARGIN
                        + CandidateComparisonPainter.TITLE_BLOCK
                        + candidates
                        + legend
                        + CandidateComparisonPainter.LEGEND_GAP
                        + CandidateComparisonPainter.REASON_LINE),
                painter.preferredHeight(Diagrams.scratch(), 1400, 1));
    }

    @Test
    void theExportKeepsItsWordsAsTextBesideTheLinesAndStrips() {
        CandidateComparisonPainter painter = new CandidateComparisonPainter(
                comparison(List.of(candidate("recommended", OptionalDouble.of(80), List.of(3L))), 1),
                Theme.light(),
                "Two keys");

        String svg = new SvgExporter().render(painter, new ExportSize(1400, 0, 1));

        for (String text : List.of(
                "Two keys", "1.  { x: 1 }  —  recommended", ">layout<", ">reads<", ">writes<", "Why { x: 1 }.")) {
            assertTrue(svg.contains(text), text);
        }
    }

    @Test
    void aTopValueTooSmallToShowReadsLessThanATenthOfAPercentAsInTheTable() {
        assertEquals("<0.1", CandidateComparisonPainter.percentOfDocuments(0.0001));
        assertEquals("0.0", CandidateComparisonPainter.percentOfDocuments(0));
        assertEquals("1.2", CandidateComparisonPainter.percentOfDocuments(0.012));
    }

    @Test
    void theLegendNamesEveryShardsColourAndAReasonWrapsWhole() {
        String longReason = "{ x: 1 } ranks lower: a tie on write spread (meanMaxWriteShare 0.25 against 0.26), "
                + "then fewer distinct values (12,345 against 99,999), so the one listed first is named here.";
        CandidateComparisonPainter painter = new CandidateComparisonPainter(
                new CandidateComparison(
                        "zipcodes.json",
                        MongoVersion.V7_0,
                        4,
                        128,
                        0,
                        List.of(candidate("recommended", OptionalDouble.empty(), List.of())),
                        List.of(longReason)),
                Theme.light(),
                "");

        List<String> shards = candidate("recommended", OptionalDouble.empty(), List.of())
                .layout()
                .model()
                .shards();
        assertEquals(
                shards,
                painter.legend().stream()
                        .filter(i -> i.kind() == LegendPainter.Kind.SHARD)
                        .map(LegendPainter.Item::text)
                        .toList());
        String svg = new SvgExporter().render(painter, new ExportSize(600, 0, 1));
        for (String shard : shards) {
            assertTrue(svg.contains(">" + shard + "<"), shard);
        }
        // every word of the reason is on the picture, its last included: wrapped, not cut
        for (String word : longReason.split(" ")) {
            assertTrue(svg.contains(word.replace("<", "&lt;")), word);
        }
    }

    @Test
    void aCandidatesLayoutNeedsChunkSizesForItsLineScaledByData() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new CandidateLayout(
                        new LayoutData(TWELVE_CHUNKS.snapshot(), Optional.empty()), List.of(), List.of()));
        assertEquals(
                "layout: required with per-chunk sizes, the candidate's line is scaled by data size", e.getMessage());
    }
}
