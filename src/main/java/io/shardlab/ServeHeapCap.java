package io.shardlab;

import io.shardlab.serve.MongosServer;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The heap cap {@code serve} runs under when its JVM was started without one (plain {@code java -jar shardlab.jar
 * serve}). Without a cap the JVM grows its heap toward a quarter of the machine's memory and keeps what it took: a
 * class of 30 students × 20,000 documents made {@code serve} 3.4 GB resident with 175 MB of heap in use
 * ({@code ServeMemoryBenchmark}), against 0.54 GB under the launchers' options ({@value #REGION_OPTION}
 * {@value #HEAP_OPTION}, the pom's {@code app.jvmOption} and {@code app.heapOption}: the installers' launchers pass
 * them, and the default memory budget of 288 MB of documents fits them; a larger {@code --memory-budget} gets its
 * documents' room more). So a {@code serve} without a cap of its own runs in a child JVM with them: same Java, same class path, the parent's other options, standard streams
 * inherited; the parent waits and exits with the child's status, and passes SIGINT / SIGTERM on (the child saves its
 * data file on either, as {@code serve} does) and then exits with the child's status too.
 *
 * <p>Any heap option of the user's ({@code -Xmx}, {@code -XX:MaxHeapSize}, {@code -XX:MaxRAM…}) is kept as given, as is
 * a JVM with an agent (a debugger or profiler attached to this process, not to a child).
 */
final class ServeHeapCap {

    /** The launchers' G1 region size (pom: {@code app.jvmOption}). */
    static final String REGION_OPTION = "-XX:G1HeapRegionSize=16m";

    /** The launchers' heap cap (pom: {@code app.heapOption}). */
    static final String HEAP_OPTION = "-Xmx448m";

    /** The launchers' heap, in MB: {@link #HEAP_OPTION}. */
    static final long HEAP_MB = 448;

    /** The heap besides the documents', in MB: the launchers' heap over serve's default memory budget (288 MB). */
    static final long HEAP_BESIDES_DOCUMENTS_MB = MongosServer.Settings.HEAP_BESIDES_DOCUMENTS_MB;

    /** Set in the child, so that it never starts another. */
    static final String CAPPED_PROPERTY = "shardlab.serveHeapCapped";

    private static final List<String> USERS_CAP =
            List.of("-Xmx", "-XX:MaxHeapSize=", "-XX:MaxRAM=", "-XX:MaxRAMPercentage=", "-XX:MaxRAMFraction=");
    private static final List<String> AGENTS =
            List.of("-agentlib:", "-agentpath:", "-javaagent:", "-Xrunjdwp", "-Xdebug", "-XX:StartFlightRecording");

    private ServeHeapCap() {}

    /** Whether {@code args} run {@code serve} in a JVM started with {@code jvmArguments} that needs the cap. */
    static boolean needed(String[] args, List<String> jvmArguments) {
        List<String> given = Arrays.asList(args);
        if (args.length == 0
                || !args[0].equals("serve")
                || given.contains("--help")
                || given.contains("-h")
                || given.contains("--version")
                || given.contains("-V")) {
            return false;
        }
        for (String a : jvmArguments) {
            if (a.startsWith("-D" + CAPPED_PROPERTY)
                    || USERS_CAP.stream().anyMatch(a::startsWith)
                    || AGENTS.stream().anyMatch(a::startsWith)) {
                return false;
            }
        }
        return true;
    }

    /** Whether this JVM runs {@code args} as {@code serve} that needs the cap. */
    static boolean needed(String[] args) {
        return needed(args, ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    /**
     * The heap {@code args} need, in MB: the launchers' {@value #HEAP_MB}, or a {@code --memory-budget} larger than the
     * default's plus {@value #HEAP_BESIDES_DOCUMENTS_MB} (a budget that is not a number: the child says so).
     */
    static long heapMegabytes(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String value = args[i].startsWith("--memory-budget=")
                    ? args[i].substring("--memory-budget=".length())
                    : args[i].equals("--memory-budget") && i + 1 < args.length ? args[i + 1] : null;
            if (value != null) {
                try {
                    return Math.max(HEAP_MB, Long.parseLong(value.trim()) + HEAP_BESIDES_DOCUMENTS_MB);
                } catch (NumberFormatException e) {
                    return HEAP_MB;
                }
            }
        }
        return HEAP_MB;
    }

    /**
     * The child's command line: the launchers' options (the heap as {@link #heapMegabytes} says), the parent's, the
     * marker, then {@link Main} with {@code args}.
     */
    static List<String> command(String java, List<String> jvmArguments, String classPath, String[] args) {
        List<String> command = new ArrayList<>(List.of(java, REGION_OPTION, "-Xmx" + heapMegabytes(args) + "m"));
        command.addAll(jvmArguments);
        command.addAll(List.of("-D" + CAPPED_PROPERTY + "=true", "-cp", classPath, Main.class.getName()));
        command.addAll(Arrays.asList(args));
        return command;
    }

    /**
     * Runs {@code args} in a child JVM under the cap and returns its exit status; this JVM's end (SIGINT, SIGTERM)
     * ends the child first, as the signal would have ended {@code serve}.
     */
    static int runInChild(String[] args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = command(
                java,
                ManagementFactory.getRuntimeMXBean().getInputArguments(),
                System.getProperty("java.class.path"),
                args);
        Process child;
        try {
            child = new ProcessBuilder(command).inheritIO().start();
        } catch (IOException e) {
            System.err.println("serve: cannot start Java (" + java + ") with a heap cap: " + e.getMessage()
                    + "; start it with -Xmx448m instead");
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(child), "serve-heap-cap"));
        try {
            return child.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            child.destroy();
            return 1;
        }
    }

    /** This JVM is ending (a signal): ends the child as the signal would have, and exits with its status. */
    private static void stop(Process child) {
        child.destroy();
        try {
            // serve exits 0 on SIGINT / SIGTERM once it has saved; so does this JVM then, not 130 / 143
            Runtime.getRuntime().halt(child.waitFor());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
