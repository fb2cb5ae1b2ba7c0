package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WindowMongosLimitsTest {

    @ParameterizedTest(name = "heap {0} MB, {1} MB in use: {2} MB of client documents")
    @CsvSource({
        // the launchers' heap, the window after its first scenario: room for a class of 40 x 50,000 (257 MB)
        "448, 105, 263",
        // a window that holds more leaves less
        "448, 200, 168",
        // at least a sixteenth of the heap, for the Shell panel's writes
        "448, 400, 28",
        "448, 448, 28",
        // a larger heap: the room, below serve's default (all but 160 MB)
        "1024, 105, 839",
        "6144, 120, 5944",
        "100, 10, 10",
    })
    void the_window_keeps_client_documents_in_the_heap_its_own_use_and_reserve_leave(
            long heapMb, long inUseMb, long budgetMb) {
        // given a window whose heap may grow to heapMb and holds inUseMb after a full collection
        // when its mongos opens, then its budget is
        assertEquals(budgetMb << 20, WindowMongosLimits.memoryBudgetBytes(heapMb << 20, inUseMb << 20));
    }
}
