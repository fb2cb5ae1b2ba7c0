package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.ShardKey;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.WorkloadRegistry;
import java.util.List;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ResolvedScenarioTest {

    private static final WorkloadRegistry WORKLOADS = WorkloadRegistry.standard();

    @Test
    void a_scenario_resolves_to_its_key_workload_sorted_distinct_split_points_and_filter() {
        Scenario scenario = Scenario.of("{ counter: 1 }", "monotonic")
                .withSplitPoints(List.of("{ counter: 300 }", "{ counter: 100 }", "{counter: NumberLong(100)}"))
                .withQueryFilter("{ counter: { $gte: 5 } }");

        ResolvedScenario resolved = ResolvedScenario.of(scenario, WORKLOADS);

        assertEquals("{ counter: 1 }", resolved.key().toString());
        assertEquals("monotonic", resolved.source().label());
        assertEquals(List.of(ShardKey.of(new BsonInt64(100)), ShardKey.of(new BsonInt64(300))), resolved.splitPoints());
        assertTrue(resolved.filter().orElseThrow().containsKey("counter"));
    }

    @ParameterizedTest(name = "{0} / {1} / {2}: {3}")
    @CsvSource(delimiter = '|', textBlock = """
            {}              | monotonic  | { counter: 5 }         | keyPattern: Shard key is empty
            { a: -1 }       | monotonic  | { a: 5 }               | keyPattern: Shard key { a: -1 } is invalid. Non-hashed fields must be set to a value of 1 (ascending). Failed to parse field a
            { counter: 1 }  | nosuch     | { counter: 5 }         | workload: unknown workload 'nosuch'; known workloads: monotonic, timestamp, objectid, uniform, zipf, hotspot, categorical-states, categorical-continents, age, compound-month-user, inbox, identities, presplit-minutes, zipcodes, coarse-prefix-3, coarse-prefix-12, coarse-prefix-1000, uk-addresses, us-addresses
            { counter: 1 }  | monotonic  | { other: 5 }           | splitPoints[0]: { other: 5 } is not a key of { counter: 1 }; a split point names exactly the fields counter
            { counter: 1 }  | monotonic  | { counter: [1, 2] }    | splitPoints[0]: Shard key element counter: [ 1, 2 ] is not valid for storage
            { u: 'hashed' } | uniform    | { u: 5 }               | splitPoints[0]: the hashed field 'u' takes a hash value, a NumberLong, as config.chunks stores it; got { u: 5 }
            { counter: 1 }  | monotonic  | { counter: MinKey() }  | splitPoints[0]: { counter: MinKey() } is a bound of the whole key space, not a split point inside it
            """)
    void a_scenario_that_cannot_be_understood_is_refused_naming_the_field(
            String key, String workload, String point, String message) {
        Scenario scenario = Scenario.of(key, workload).withSplitPoints(List.of(point));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> ResolvedScenario.of(scenario, WORKLOADS));
        assertEquals(message, e.getMessage());
    }

    @Test
    void a_dataset_path_must_name_an_existing_file_of_a_known_format() {
        IllegalArgumentException missing = assertThrows(
                IllegalArgumentException.class,
                () -> ResolvedScenario.of(Scenario.of("{ a: 1 }", "file:/nowhere/data.jsonl"), WORKLOADS));
        assertEquals("workload: /nowhere/data.jsonl: no such file", missing.getMessage());
        IllegalArgumentException format = assertThrows(
                IllegalArgumentException.class,
                () -> ResolvedScenario.of(Scenario.of("{ a: 1 }", "file:/nowhere/data.xml"), WORKLOADS));
        assertTrue(
                format.getMessage().startsWith("workload: /nowhere/data.xml: unknown dataset format"),
                format.getMessage());
    }

    @Test
    void the_scenario_record_checks_its_ranges() {
        assertEquals(
                "shards: between 1 and 16, got 17",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> Scenario.of("{a: 1}", "uniform").withShards(17))
                        .getMessage());
        assertEquals(
                "chunkSizeMegabytes: between 1 and 1024 MB, or 0 for the version's default, got 2048",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> Scenario.of("{a: 1}", "uniform").withChunkSizeMegabytes(2048))
                        .getMessage());
        assertEquals(
                "namespace: expected 'db.collection', got 'events'",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> Scenario.of("{a: 1}", "uniform").withNamespace("events"))
                        .getMessage());
        assertTrue(Scenario.of("{a: 1}", "uniform")
                .withQueryFilter("  ")
                .queryFilter()
                .isEmpty());
    }

    @ParameterizedTest(name = "{0} / {1} / {2}: {3}")
    @CsvSource(delimiter = '|', textBlock = """
            { counter: 1 }  | nosuch     | { counter: 5 }         | workload：未知的工作负载 'nosuch'；已知的工作负载：monotonic, timestamp, objectid, uniform, zipf, hotspot, categorical-states, categorical-continents, age, compound-month-user, inbox, identities, presplit-minutes, zipcodes, coarse-prefix-3, coarse-prefix-12, coarse-prefix-1000, uk-addresses, us-addresses
            { counter: 1 }  | monotonic  | { other: 5 }           | splitPoints[0]：{ other: 5 } 不是 { counter: 1 } 的键；分割点必须恰好包含这些字段：counter
            { u: 'hashed' } | uniform    | { u: 5 }               | splitPoints[0]：哈希字段 'u' 取哈希值，即 config.chunks 为数据块边界存储的 NumberLong；实际为 { u: 5 }
            { counter: 1 }  | monotonic  | { counter: MinKey() }  | splitPoints[0]：{ counter: MinKey() } 是整个键空间的边界，不是其中的分割点
            { counter: 1 }  | file:/nowhere/data.jsonl | { counter: 5 } | workload：/nowhere/data.jsonl：没有这个文件
            """)
    void a_scenario_that_cannot_be_understood_is_refused_in_chinese_naming_the_field(
            String key, String workload, String point, String message) {
        Scenario scenario = Scenario.of(key, workload).withSplitPoints(List.of(point));

        RefusedInput e = assertThrows(RefusedInput.class, () -> ResolvedScenario.of(scenario, WORKLOADS));

        assertEquals(message, Messages.of(Language.SIMPLIFIED_CHINESE).text(e.said()));
    }

    @Test
    void the_scenario_record_says_its_ranges_in_chinese() {
        Messages chinese = Messages.of(Language.SIMPLIFIED_CHINESE);
        assertEquals(
                "shards：应在 1 到 16 之间，实际为 17",
                chinese.text(assertThrows(
                                RefusedInput.class,
                                () -> Scenario.of("{a: 1}", "uniform").withShards(17))
                        .said()));
        assertEquals(
                "chunkSizeMegabytes：应在 1 到 1024 MB 之间，或为 0 表示该版本的默认值，实际为 2048",
                chinese.text(assertThrows(
                                RefusedInput.class,
                                () -> Scenario.of("{a: 1}", "uniform").withChunkSizeMegabytes(2048))
                        .said()));
        assertEquals(
                "namespace：应为 'db.collection'（数据库.集合），实际为 'events'",
                chinese.text(assertThrows(
                                RefusedInput.class,
                                () -> Scenario.of("{a: 1}", "uniform").withNamespace("events"))
                        .said()));
    }
}
