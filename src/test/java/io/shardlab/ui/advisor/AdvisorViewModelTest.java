package io.shardlab.ui.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.advisor.ShippedDataset;
import io.shardlab.advisor.Verdict;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Executor;
import javafx.beans.value.ObservableValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The advisor's ViewModel without a toolkit: same-thread executors, or queues run by hand. */
class AdvisorViewModelTest {

    static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    /** What {@code message} says in English; empty for none. */
    static String english(ObservableValue<Message> message) {
        return message.getValue() == null ? "" : ENGLISH.text(message.getValue());
    }

    @TempDir
    Path dir;

    /** An executor that keeps its tasks until the test runs them. */
    static final class Queue implements Executor {
        final Deque<Runnable> tasks = new ArrayDeque<>();

        @Override
        public void execute(Runnable task) {
            tasks.add(task);
        }

        void runAll() {
            while (!tasks.isEmpty()) {
                tasks.poll().run();
            }
        }
    }

    private static AdvisorViewModel direct() {
        return new AdvisorViewModel(Runnable::run, Runnable::run, Runnable::run);
    }

    @Test
    void loadingTheShippedZipCodesShowsTheSampleAndSuggestsKeys() {
        AdvisorViewModel vm = direct();
        assertFalse(vm.canAnalyzeProperty().get(), "no sample yet");

        vm.loadShippedDataset(ShippedDataset.ZIPCODES);

        assertEquals(42_555, vm.sampleProperty().get().numDocsSampled());
        assertTrue(
                english(vm.sampleSummaryProperty()).startsWith("zipcodes (shipped with ShardLab): 42,555 documents"),
                english(vm.sampleSummaryProperty()));
        assertFalse(vm.suggestionsProperty().isEmpty());
        assertFalse(vm.busyProperty().get());
        assertEquals(1.0, vm.progressProperty().get());
        assertFalse(vm.canAnalyzeProperty().get(), "no candidate yet");
    }

    @Test
    void analysingTwoCandidatesGivesOneRowEachAndTheRecommendation() {
        AdvisorViewModel vm = direct();
        vm.loadShippedDataset(ShippedDataset.ZIPCODES);
        vm.setShards(2);
        vm.setChunkSizeMegabytes(1);
        assertTrue(vm.addCandidate("{state: 1}"));
        assertTrue(vm.addCandidate(" {zip: 'hashed'} "));
        assertTrue(vm.canAnalyzeProperty().get());

        vm.analyze();

        List<CandidateRow> rows = vm.rowsProperty();
        assertEquals(
                List.of("{ state: 1 }", "{ zip: 'hashed' }"),
                rows.stream().map(CandidateRow::keyText).toList());
        // the ZIP codes are too little data for 2 shards of 1 MB chunks to judge writes: not called qualified
        assertEquals(
                List.of(Verdict.WRITES_NOT_JUDGED, Verdict.RECOMMENDED),
                rows.stream().map(CandidateRow::verdict).toList());
        assertTrue(
                english(vm.recommendationProperty()).startsWith("Recommended: { zip: 'hashed' }"),
                english(vm.recommendationProperty()));
        assertEquals(
                List.of("{ state: 1 } ranks lower: inserts less spread (meanMaxWriteShare "
                        + String.format(
                                java.util.Locale.ROOT,
                                "%.2f",
                                rows.get(0).report().meanMaxWriteShare()) + " against "
                        + String.format(
                                java.util.Locale.ROOT,
                                "%.2f",
                                rows.get(1).report().meanMaxWriteShare()) + ")."),
                vm.reasonsProperty().stream().map(ENGLISH::text).toList());
        assertEquals(rows.get(1), vm.selectedProperty().get(), "the recommended row is selected");
        assertEquals(62, rows.get(0).report().keyCharacteristics().numDistinctValues());
        assertTrue(rows.get(0).report().percentageOfSingleShardReads().isEmpty(), "no query mix");
        assertEquals(2, vm.reportProperty().get().settings().shards());
    }

    @Test
    void theComparisonExportsAsAPictureAndABadNameSaysWhy() throws IOException {
        AdvisorViewModel vm = direct();
        vm.loadShippedDataset(ShippedDataset.ZIPCODES);
        vm.setShards(2);
        assertTrue(vm.addCandidate("{state: 1}"));
        assertTrue(vm.addCandidate("{zip: 'hashed'}"));
        vm.analyze();

        java.nio.file.Path svg = dir.resolve("comparison.svg");
        vm.exportComparison(svg, true, ENGLISH);

        assertEquals("", english(vm.errorProperty()));
        assertEquals("Comparison exported to " + svg, english(vm.stageProperty()));
        String text = java.nio.file.Files.readString(svg);
        assertTrue(text.contains("2.  { zip: 'hashed' }  —  recommended"), "the verdicts");
        assertTrue(text.startsWith("<?xml") && text.contains("<svg"), "an SVG document");

        vm.exportComparison(dir.resolve("comparison.gif"), false, ENGLISH);
        assertEquals(
                "comparison.gif: end the name in .png, .svg or .pdf to export the comparison",
                english(vm.errorProperty()));
        assertFalse(java.nio.file.Files.exists(dir.resolve("comparison.gif")));
    }

    @Test
    void aBadCandidateIsRefusedWithMongoDbsReason() throws IOException {
        AdvisorViewModel vm = direct();

        assertFalse(vm.addCandidate("{a: -1}"));
        assertEquals(
                "Candidate {a: -1}: Shard key { a: -1 } is invalid. Non-hashed fields must be set to a value of 1 (ascending). "
                        + "Failed to parse field a",
                english(vm.errorProperty()));
        assertFalse(vm.addCandidate("{a: "));
        assertTrue(english(vm.errorProperty()).startsWith("Candidate {a:: "), english(vm.errorProperty()));

        assertTrue(vm.addCandidate("{a: 1}"));
        assertEquals("", english(vm.errorProperty()));
        assertFalse(vm.addCandidate("{a: 1.0}"));
        assertEquals("Candidate { a: 1 } is already in the list.", english(vm.errorProperty()));

        Path tagged = dir.resolve("tagged.jsonl");
        Files.writeString(tagged, "{\"tags\": [\"x\"]}\n{\"tags\": \"y\"}\n");
        vm.loadFile(tagged);
        assertFalse(vm.addCandidate("{'tags.name': 1}"));
        assertEquals(
                "Candidate { 'tags.name': 1 }: 'tags' holds an array in 1 documents; Shard key cannot contain "
                        + "array values or array descendants.",
                english(vm.errorProperty()));
    }

    @Test
    void removingACandidateAndAddingASuggestionChangeTheList() {
        AdvisorViewModel vm = direct();
        vm.loadShippedDataset(ShippedDataset.ZIPCODES);
        var suggestion = vm.suggestionsProperty().get(0);

        assertTrue(vm.addSuggestion(suggestion));
        assertFalse(vm.suggestionsProperty().contains(suggestion), "a listed key is no longer suggested");
        vm.removeCandidate(suggestion.key());

        assertTrue(vm.candidatesProperty().isEmpty());
        assertTrue(vm.suggestionsProperty().contains(suggestion));
    }

    @Test
    void cancellingKeepsWhatWasShownAndSaysSo() {
        Queue background = new Queue();
        AdvisorViewModel vm = new AdvisorViewModel(background, Runnable::run, Runnable::run);
        vm.loadShippedDataset(ShippedDataset.ZIPCODES);
        background.runAll();
        vm.addCandidate("{state: 1}");

        vm.analyze();
        assertTrue(vm.busyProperty().get());
        vm.cancel();
        background.runAll();

        assertFalse(vm.busyProperty().get());
        assertEquals("Cancelled.", english(vm.errorProperty()));
        assertTrue(vm.rowsProperty().isEmpty());
        assertTrue(vm.canAnalyzeProperty().get(), "ready to analyse again");
    }

    @Test
    void aNewerJobWinsOverAnOlderOneThatFinishesLater() throws IOException {
        Queue background = new Queue();
        AdvisorViewModel vm = new AdvisorViewModel(background, Runnable::run, Runnable::run);
        Path small = dir.resolve("small.jsonl");
        Files.writeString(small, "{\"n\": 1}\n{\"n\": 2}\n");

        vm.loadShippedDataset(ShippedDataset.ZIPCODES);
        vm.loadFile(small);
        Runnable older = background.tasks.poll();
        background.runAll();
        older.run();

        assertEquals("small.jsonl", ENGLISH.text(vm.sampleProperty().get().source()));
    }

    @Test
    void progressReachesTheScreenAtMostOnceAtATimeNewestFirst() {
        Queue ui = new Queue();
        AdvisorViewModel vm = new AdvisorViewModel(Runnable::run, ui, Runnable::run);

        vm.loadShippedDataset(ShippedDataset.ZIPCODES);

        assertTrue(ui.tasks.size() <= 2, "one progress update and the result, not one per report: " + ui.tasks.size());
        ui.runAll();
        assertEquals(42_555, vm.sampleProperty().get().numDocsSampled());
        assertEquals(1.0, vm.progressProperty().get());
    }

    @Test
    void theChunkSizeFollowsTheVersionsDefaultUntilTheUserSetsOne() {
        AdvisorViewModel vm = direct();
        assertEquals(128, vm.chunkSizeMegabytesProperty().get());

        vm.setVersion(MongoVersion.V5_0);
        assertEquals(64, vm.chunkSizeMegabytesProperty().get(), "64 MB before 6.0");
        vm.setChunkSizeMegabytes(2);
        vm.setVersion(MongoVersion.V7_0);

        assertEquals(2, vm.chunkSizeMegabytesProperty().get());
    }

    @Test
    void aQueryMixAddsSingleShardReadsAndAMistakeShowsItsLine() throws IOException {
        AdvisorViewModel vm = direct();
        vm.loadShippedDataset(ShippedDataset.ZIPCODES);
        Path bad = dir.resolve("bad.jsonl");
        Files.writeString(bad, "{\"op\": \"find\", \"filter\": {\"state\": \"CA\"}}\n{\"op\": \"sort\"}\n");
        Path good = dir.resolve("mix.jsonl");
        Files.writeString(
                good,
                "{\"op\": \"find\", \"filter\": {\"state\": \"CA\"}, \"weight\": 3}\n"
                        + "{\"op\": \"find\", \"filter\": {\"zip\": \"10001\"}}\n");

        vm.loadQueryMix(bad);
        assertTrue(
                english(vm.errorProperty()).startsWith(bad + " line 2: unknown op 'sort'"),
                english(vm.errorProperty()));
        vm.loadQueryMix(good);
        assertEquals("mix.jsonl: 2 operations, 4 reads and 0 writes by weight", english(vm.queryMixSummaryProperty()));
        vm.addCandidate("{state: 1}");
        vm.analyze();

        assertEquals(
                75.0,
                vm.rowsProperty().get(0).report().percentageOfSingleShardReads().getAsDouble());
        assertEquals(
                ShardKeyPattern.parse("{state: 1}"), vm.rowsProperty().get(0).key());
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "a load dying of {0} shows: {1}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', textBlock = """
            StackOverflowError | The input is nested too deeply to process.
            OutOfMemoryError   | The input is too large for the memory ShardLab was given
            AssertionError     | Unexpected error: broken (a ShardLab bug: please report it)
            """)
    void aLoadThatDiesOfAnErrorShowsItAndIsNoLongerBusy(String error, String shown) {
        Error failure = switch (error) {
            case "StackOverflowError" -> new StackOverflowError();
            case "OutOfMemoryError" -> new OutOfMemoryError("Java heap space");
            default -> new AssertionError("broken");
        };
        Queue background = new Queue();
        AdvisorViewModel vm = new AdvisorViewModel(
                background,
                Runnable::run,
                Runnable::run,
                (request, namespace, size, cancellation) -> new io.shardlab.advisor.SampleSource() {
                    @Override
                    public Message description() {
                        return Message.of("advisor.verbatim", namespace);
                    }

                    @Override
                    public io.shardlab.advisor.SampleOrder order() {
                        return io.shardlab.advisor.SampleOrder.values()[0];
                    }

                    @Override
                    public io.shardlab.advisor.SampleInput open() {
                        throw failure;
                    }
                });

        vm.loadLiveCollection("mongodb://127.0.0.1:1", "", "shop.orders", "100");
        assertTrue(vm.busyProperty().get(), "busy while the load runs");
        background.runAll();

        assertFalse(vm.busyProperty().get());
        assertTrue(english(vm.errorProperty()).startsWith(shown), english(vm.errorProperty()));
        assertEquals(1, english(vm.errorProperty()).lines().count());
    }

    @Test
    void eachRowCarriesTheReadsAndWritesPerRangeForTheHeatStrips() throws java.io.IOException {
        Path mix = dir.resolve("strips.jsonl");
        Files.writeString(mix, "{\"op\": \"find\", \"filter\": {\"state\": \"CA\"}, \"weight\": 9}\n");
        AdvisorViewModel vm = direct();
        vm.loadShippedDataset(ShippedDataset.ZIPCODES);
        vm.loadQueryMix(mix);
        assertTrue(vm.addCandidate("{state: 1}"));

        vm.analyze();

        CandidateRow row = vm.rowsProperty().get(0);
        assertEquals(
                9,
                row.layout().numReadsByRange().stream()
                        .mapToLong(Long::longValue)
                        .sum(),
                "one range holds CA");
        assertEquals(List.of(), row.layout().numWritesByRange(), "no writes: no strip");
        assertTrue(
                ENGLISH.text(row.rangeLegend())
                        .startsWith("Under the line, per range of the key from MinKey to MaxKey: reads "
                                + "(numReadsByRange, "),
                ENGLISH.text(row.rangeLegend()));
        assertTrue(ENGLISH.text(row.rangeLegend()).endsWith("busiest 9)."), ENGLISH.text(row.rangeLegend()));
        assertTrue(
                english(vm.caveatProperty()).startsWith("The data (")
                        && english(vm.caveatProperty())
                                .endsWith(
                                        "even 1 MB chunks, MongoDB's smallest, are too large for it: sample more documents."),
                "the sample-size caveat leads the results: " + english(vm.caveatProperty()));
    }

    @Test
    void loadingASampleWithoutACandidatesFieldsRemovesItAndSaysSo() throws java.io.IOException {
        Path other = dir.resolve("other.jsonl");
        Files.writeString(other, "{\"sku\": 1}\n{\"sku\": 2}\n");
        AdvisorViewModel vm = direct();
        vm.loadShippedDataset(ShippedDataset.ZIPCODES);
        assertTrue(vm.addCandidate("{state: 1}"));
        assertTrue(vm.addCandidate("{sku: 1, state: 1}"));

        vm.loadFile(other);

        assertEquals(
                List.of("{ sku: 1, state: 1 }"),
                vm.candidatesProperty().stream().map(Object::toString).toList(),
                "a key with one field in the new sample stays, and is judged with its findings");
        assertEquals("Removed { state: 1 }: the new sample has none of its fields.", english(vm.stageProperty()));
    }
}
