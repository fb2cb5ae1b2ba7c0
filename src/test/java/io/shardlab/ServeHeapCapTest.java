package io.shardlab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** When {@code serve} runs under the launchers' heap cap in a child JVM, and the child's command line. */
class ServeHeapCapTest {

    @ParameterizedTest(name = "args [{0}], JVM options [{1}]: child {2}")
    @CsvSource(delimiter = '|', textBlock = """
            serve --port 0                | -Dfile.encoding=UTF-8                  | true
            serve                         | ''                                     | true
            serve --port 0                | -Xmx2g                                 | false
            serve --port 0                | -XX:MaxHeapSize=1g                     | false
            serve --port 0                | -XX:MaxRAMPercentage=10                | false
            serve --port 0                | -agentlib:jdwp=transport=dt_socket     | false
            serve --port 0                | -Dshardlab.serveHeapCapped=true        | false
            serve --help                  | ''                                     | false
            serve -V                      | ''                                     | false
            analyze --dataset orders.json | ''                                     | false
            ''                            | ''                                     | false
            """)
    void aServeWithoutACapOfItsOwnRunsInAChild(String args, String jvmOptions, boolean child) {
        // given the command's arguments and the JVM's options
        String[] given = args.isEmpty() ? new String[0] : args.split(" ");
        List<String> jvm = jvmOptions.isEmpty() ? List.of() : Arrays.asList(jvmOptions.split(" "));

        // when / then
        assertEquals(child, ServeHeapCap.needed(given, jvm));
    }

    @ParameterizedTest(name = "serve {0}: -Xmx{1}m")
    @CsvSource(delimiter = '|', textBlock = """
            --port 0                          | 448
            --memory-budget 288               | 448
            --memory-budget 100               | 448
            --memory-budget 1000              | 1160
            --memory-budget=2000 --port 0     | 2160
            --memory-budget lots              | 448
            """)
    void theHeapIsTheLaunchersOrTheBudgetsDocumentsAndTheRest(String args, long megabytes) {
        // given serve's arguments
        String[] given = ("serve " + args).split(" ");

        // then the child's heap: the launchers' 448 MB, or a larger budget's documents and 160 MB besides
        assertEquals(megabytes, ServeHeapCap.heapMegabytes(given));
    }

    @Test
    void theChildGetsTheLaunchersOptionsTheParentsAndTheMarkerBeforeMain() {
        // given a parent started with one option of its own
        List<String> command = ServeHeapCap.command(
                "/jdk/bin/java", List.of("-Dfile.encoding=UTF-8"), "shardlab.jar", new String[] {"serve", "--port", "0"
                });

        // then the child runs Main with the same arguments under the cap, marked so that it starts no other child
        assertEquals(
                List.of(
                        "/jdk/bin/java",
                        "-XX:G1HeapRegionSize=16m",
                        "-Xmx448m",
                        "-Dfile.encoding=UTF-8",
                        "-Dshardlab.serveHeapCapped=true",
                        "-cp",
                        "shardlab.jar",
                        "io.shardlab.Main",
                        "serve",
                        "--port",
                        "0"),
                command);
    }
}
