package io.shardlab.ui.explorer.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.session.Scenario;
import io.shardlab.sim.ShardZone;
import io.shardlab.sim.ShardingSetup;
import io.shardlab.sim.ZoneKeyRange;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The Zones… form: rows of zone, shards and range, checked as MongoDB checks them, handed to the setup form. */
class ZoneSetupViewModelTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private final List<Scenario> launched = new ArrayList<>();
    private final SetupViewModel setup = new SetupViewModel(WorkloadRegistry.standard(), launched::add);

    /** Given the monotonic workload on { counter: 1 }, 3 shards of MongoDB 7.0. */
    private ZoneSetupViewModel form() {
        setup.keyPatternProperty().set("{ counter: 1 }");
        setup.versionProperty().set(MongoVersion.V7_0);
        return setup.zoneSetup();
    }

    private static void row(ZoneSetupViewModel form, String zone, String shards, String min, String max) {
        form.addRow();
        ZoneSetupViewModel.Row row = form.rows().get(form.rows().size() - 1);
        row.zoneProperty().set(zone);
        row.shardsProperty().set(shards);
        row.minProperty().set(min);
        row.maxProperty().set(max);
    }

    @Test
    void acceptedRowsBecomeTheScenariosZonesAndTheFormApplies() {
        ZoneSetupViewModel form = form();
        row(form, "EU", "shard02, shard03", "{ counter: 0 }", "{ counter: 1000 }");
        row(form, "EU", "", "{ counter: 5000 }", "{ counter: 6000 }");
        row(form, "US", "shard01", "", "");
        assertEquals("", error(form));

        assertTrue(form.accept());

        ShardingSetup expected = new ShardingSetup(
                List.of(new ShardZone("shard02", "EU"), new ShardZone("shard03", "EU"), new ShardZone("shard01", "US")),
                List.of(
                        ZoneKeyRange.parse("EU", "{ counter: 0 }", "{ counter: 1000 }"),
                        ZoneKeyRange.parse("EU", "{ counter: 5000 }", "{ counter: 6000 }")),
                0,
                false);
        assertEquals(expected, setup.shardingProperty().get());
        assertEquals(1, launched.size(), "OK applies the setup form");
        assertEquals(expected, launched.get(0).sharding());
        assertEquals("Zones: EU, US", ENGLISH.text(SetupViewModel.zonesLabel(expected)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no zone name         |     | shard01 |                 |                  |    | false | Row 1: a zone name is required, e.g. EU
            unknown shard        | EU  | shard09 |                 |                  |    | false | sh.addShardToZone("shard09", "EU"): shard shard09 does not exist
            zone on no shard     | EU  |         | { counter: 0 }  | { counter: 10 }  |    | false | sh.updateZoneKeyRange("shardlab.events", { counter: 0 }, { counter: 10 }, "EU"): zone EU does not exist
            min above max        | EU  | shard01 | { counter: 10 } | { counter: 0 }   |    | false | sh.updateZoneKeyRange("shardlab.events", { counter: 10 }, { counter: 0 }, "EU"): min: { counter: 10 } should be less than max: { counter: 0 }
            half a range         | EU  | shard01 | { counter: 0 }  |                  |    | false | Row 1, max: a bound document is required, e.g. { region: 'EU' }
            range of another key | EU  | shard01 | { total: 0 }    | { total: 10 }    |    | false | sh.shardCollection("shardlab.events", { counter: 1 }): the proposed shard key { counter: 1 } does not match with the shard key of the existing zone { total: 0 } -->> { total: 10 }
            not a number         | EU  | shard01 |                 |                  | x8 | false | numInitialChunks: a whole number, got 'x8'
            ranged numInitial    | EU  | shard01 |                 |                  | 8  | false | sh.shardCollection("shardlab.events", { counter: 1 }, false, { numInitialChunks: 8 }): numInitialChunks is only supported when the collection is empty and has a hashed field in the shard key pattern
            presplit, ranged key | EU  | shard01 | { counter: 0 }  | { counter: 10 }  |    | true  | sh.shardCollection("shardlab.events", { counter: 1 }, false, { presplitHashedZones: true }): 'presplitHashedZones' is only supported when the collection is empty, zones are set up and shard key pattern has a hashed field
            """)
    void theFirstProblemShowsAsOneLineAndTheFormCannotBeAccepted(
            String what,
            String zone,
            String shards,
            String min,
            String max,
            String numInitialChunks,
            boolean presplit,
            String message) {
        ZoneSetupViewModel form = form();
        row(
                form,
                zone == null ? "" : zone,
                shards == null ? "" : shards,
                min == null ? "" : min,
                max == null ? "" : max);
        form.numInitialChunksProperty().set(numInitialChunks == null ? "" : numInitialChunks);
        form.presplitHashedZonesProperty().set(presplit);

        assertEquals(message, error(form));
        assertFalse(form.validProperty().get());
        assertFalse(form.accept());
        assertEquals(ShardingSetup.NONE, setup.shardingProperty().get(), "nothing changes");
        assertTrue(launched.isEmpty());
    }

    @Test
    void aRowWithoutAZoneIsNamedInChineseWhenTheUserChoseChinese() {
        ZoneSetupViewModel form = form();
        row(form, "", "shard01", "", "");

        assertEquals(
                "第 1 行：需要区域名称，例如 EU",
                Messages.of(Language.SIMPLIFIED_CHINESE)
                        .text(form.errorProperty().get()));
        assertEquals("Row 1: a zone name is required, e.g. EU", error(form));
    }

    @Test
    void aMalformedBoundNamesTheRowAndTheBound() {
        ZoneSetupViewModel form = form();
        row(form, "EU", "shard01", "{ counter: ", "{ counter: 10 }");
        assertTrue(error(form).startsWith("Row 1, min: "), error(form));
        assertFalse(error(form).contains("\n"));
    }

    @Test
    void theFormOpensOnTheScenariosSetupOneRowPerRangeAndClosingWithoutAcceptChangesNothing() {
        ShardingSetup given = new ShardingSetup(
                List.of(new ShardZone("shard01", "EU"), new ShardZone("shard02", "EU")),
                List.of(
                        ZoneKeyRange.parse("EU", "{ counter: 0 }", "{ counter: 10 }"),
                        ZoneKeyRange.parse("EU", "{ counter: 20 }", "{ counter: 30 }")),
                0,
                false);
        setup.fill(Scenario.of("{ counter: 1 }", "monotonic").withSharding(given));

        ZoneSetupViewModel form = setup.zoneSetup();

        assertEquals(2, form.rows().size());
        assertEquals("shard01, shard02", form.rows().get(0).shardsProperty().get());
        assertEquals("", form.rows().get(1).shardsProperty().get());
        assertEquals(
                BsonDocument.parse("{counter: 20}"),
                BsonDocument.parse(form.rows().get(1).minProperty().get()));
        form.removeRow(form.rows().get(1));
        assertEquals(given, setup.shardingProperty().get(), "edits wait for accept");
        assertTrue(form.accept());
        assertEquals(1, setup.shardingProperty().get().zoneRanges().size());
    }

    @Test
    void presplitHashedZonesOnAHashedSuffixIsAccepted() {
        setup.keyPatternProperty().set("{ customer: 1, counter: 'hashed' }");
        setup.versionProperty().set(MongoVersion.V7_0);
        ZoneSetupViewModel form = setup.zoneSetup();
        row(form, "EU", "shard01 shard02", "{ customer: 'a', counter: MinKey }", "{ customer: 'm', counter: MinKey }");
        form.presplitHashedZonesProperty().set(true);

        assertEquals("", error(form));
        assertEquals(List.of("shard01", "shard02", "shard03"), form.shardIds());
        assertEquals("{ customer: …, counter: … }", form.boundPrompt());
    }

    /** The form's problem in English; empty when none. */
    private static String error(ZoneSetupViewModel form) {
        Message problem = form.errorProperty().get();
        return problem == null ? "" : Messages.of(Language.ENGLISH).text(problem);
    }
}
