package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The clients' commands take turns in the order they asked, a long batch's next slice behind those waiting. */
class CommandTurnsTest {

    @Test
    void aSliceAskingAgainQueuesBehindTheCommandAlreadyWaiting() throws Exception {
        CommandTurns turns = new CommandTurns();
        List<String> ran = new CopyOnWriteArrayList<>();
        Thread ping = new Thread(() -> turns.take(() -> ran.add("ping")));

        // given a batch's first slice running while another client's ping waits for its turn
        turns.take(() -> {
            ran.add("slice 1");
            ping.start();
            while (!turns.someoneWaits()) {
                Thread.onSpinWait();
            }
            return null;
        });
        // when the batch asks for the turn of its next slice
        turns.take(() -> ran.add("slice 2"));
        ping.join();

        // then the ping ran in between
        assertEquals(List.of("slice 1", "ping", "slice 2"), ran);
    }
}
