package io.shardlab.ui.explorer.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.session.Scenario;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.workload.StreamStep;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The setup form: its release picker (every release line, each with what changes in it) and what a lesson's scenario keeps when edited. */
class SetupViewModelTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private final List<Scenario> launched = new ArrayList<>();
    private final SetupViewModel vm = new SetupViewModel(WorkloadRegistry.standard(), launched::add);

    @ParameterizedTest(name = "{0} set up, {1} in the cluster: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # set up | in the cluster (-1: none on show) | the summary's shards
            3        | -1                                | 3 shards
            3        | 3                                 | 3 shards
            3        | 4                                 | 4 shards now (3 in the set-up)
            1        | 2                                 | 2 shards now (one in the set-up)
            2        | 1                                 | one shard now (2 in the set-up)
            """)
    void theFoldedSummarySaysTheClustersShardsWhenTheShellChangedThem(int setUp, int inCluster, String expected) {
        // given a set-up of setUp shards
        vm.shardsProperty().set(setUp);

        // when the cluster on show has inCluster (a shard the Shell added or removed)
        vm.showClusterShards(inCluster);

        // then the folded summary says what the status bar says
        String summary = ENGLISH.text(vm.summaryProperty().get());
        assertTrue(summary.contains(" · " + expected + " · "), summary);
    }

    @Test
    void thePickerListsEveryReleaseLineFrom40ToTheNewestAndThePatchBeforeA603StyleSwitch() {
        List<MongoVersion> versions = vm.versions();
        assertTrue(versions.containsAll(MongoVersion.releaseLines()), versions.toString());
        assertTrue(versions.contains(MongoVersion.parse("6.0.2")), versions.toString());
        assertEquals(MongoVersion.V4_0.major(), versions.get(0).major());
        assertEquals(
                MongoVersion.releaseLines().get(MongoVersion.releaseLines().size() - 1),
                versions.get(versions.size() - 1));
        for (MongoVersion v : versions) {
            String summary = vm.versionSummary(v);
            assertFalse(summary.isBlank() || summary.contains("\n"), v + ": " + summary);
        }
    }

    @Test
    void aForkedLayoutsPatchReleaseJoinsThePickerSoThePickerNamesIt() {
        // given a scenario on a patch release the picker does not list (a config dump of 7.0.14)
        MongoVersion patch = MongoVersion.parse("7.0.14");
        assertFalse(vm.versions().contains(patch));

        // when the form shows it
        vm.fill(Scenario.of("{ customerId: 1 }", "monotonic").withVersion(patch));

        // then the picker lists it among the others, in release order, and it is the one picked
        assertTrue(vm.versions().contains(patch), vm.versions().toString());
        assertEquals(patch, vm.versionProperty().get());
        List<MongoVersion> sorted = new ArrayList<>(vm.versions());
        java.util.Collections.sort(sorted);
        assertEquals(sorted, vm.versions());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            4.2   | auto-split runs on the shard primary
            5.2   | default chunk size 128 MB
            6.0   | from 6.0.3: no auto-split
            6.0.2 | not yet: no auto-split
            7.0   | AutoMerger
            7.2   | 1 chunk per shard
            """)
    void eachEntrySaysWhatChangesInThatRelease(String version, String words) {
        assertTrue(
                vm.versionSummary(MongoVersion.parse(version)).contains(words),
                vm.versionSummary(MongoVersion.parse(version)));
        assertEquals("MongoDB " + version, ENGLISH.text(vm.versionLabel(MongoVersion.parse(version))));
    }

    @Test
    void choosingAReleaseChangesTheDefaultChunkSizeItNames() {
        vm.versionProperty().set(MongoVersion.parse("5.1"));
        assertEquals("default (64 MB)", ENGLISH.text(vm.chunkSizeLabel(0)));
        vm.versionProperty().set(MongoVersion.parse("5.2"));
        assertEquals("default (128 MB)", ENGLISH.text(vm.chunkSizeLabel(0)));
    }

    @Test
    void aLessonsTimedStepsStayWithItsStreamAndShardsAndGoWhenEitherChanges() {
        // given a lesson's scenario on 3 shards that adds shard04 after 1,000 documents
        Scenario lesson = Scenario.of("{ counter: 1 }", "monotonic")
                .withShards(3)
                .withSteps(List.of(StreamStep.addShard(1_000, "shard04")));
        vm.fill(lesson);

        // when only the release changes, the step plays
        vm.versionProperty().set(MongoVersion.parse("4.4"));
        vm.apply();
        assertEquals(lesson.steps(), launched.get(launched.size() - 1).steps());

        // when the shard count changes (shard04 would already exist), it does not
        vm.shardsProperty().set(4);
        vm.apply();
        assertEquals(List.of(), launched.get(launched.size() - 1).steps());

        // nor when the stream changes (its documents are another stream's)
        vm.fill(lesson);
        vm.chooseWorkload(vm.workloadsProperty().stream()
                .filter(w -> !w.id().equals("monotonic"))
                .findFirst()
                .orElseThrow());
        vm.apply();
        assertEquals(List.of(), launched.get(launched.size() - 1).steps());
    }

    @Test
    void aForksStreamOverItsLayoutsKeyJoinsTheMenuAndPlaysOnApply() {
        // given a fork of a layout on { region: 1, orderId: 1 }, whose stream the menu does not list
        String stream = "uniform:region=string,orderId=number";
        assertFalse(vm.workloadsProperty().stream().anyMatch(w -> w.id().equals(stream)));

        // when the form shows it and it is applied
        vm.fill(Scenario.of("{ region: 1, orderId: 1 }", stream));
        vm.apply();

        // then the picked workload is that stream, with its fields, and the applied scenario plays it
        assertEquals(stream, vm.workloadProperty().get().id());
        assertEquals(
                List.of("_id", "region", "orderId"), vm.workloadProperty().get().fields());
        assertEquals(stream, launched.get(launched.size() - 1).workload());
    }
}
