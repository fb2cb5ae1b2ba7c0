package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadRegistryTest {

    @Test
    void listsEveryShippedWorkloadByName() {
        assertEquals(
                List.of(
                        "monotonic",
                        "timestamp",
                        "objectid",
                        "uniform",
                        "zipf",
                        "hotspot",
                        "categorical-states",
                        "categorical-continents",
                        "age",
                        "compound-month-user",
                        "inbox",
                        "identities",
                        "presplit-minutes",
                        "zipcodes",
                        "coarse-prefix-3",
                        "coarse-prefix-12",
                        "coarse-prefix-1000",
                        "uk-addresses",
                        "us-addresses"),
                WorkloadRegistry.standard().names());
    }

    @Test
    void anUnknownNameListsTheKnownOnes() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> WorkloadRegistry.standard().named("montonic"));

        assertEquals(
                "unknown workload 'montonic'; known workloads: monotonic, timestamp, objectid, uniform, zipf, "
                        + "hotspot, categorical-states, categorical-continents, age, compound-month-user, inbox, identities, "
                        + "presplit-minutes, zipcodes, coarse-prefix-3, coarse-prefix-12, coarse-prefix-1000, uk-addresses, "
                        + "us-addresses",
                e.getMessage());
    }

    @Test
    void refusesTwoWorkloadsWithOneName() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new WorkloadRegistry(List.of(new AgeWorkload(), new AgeWorkload())));
    }
}
