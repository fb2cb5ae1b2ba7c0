package io.shardlab.ui.lessons;

import com.sun.management.OperatingSystemMXBean;
import io.shardlab.session.AppWiring;
import io.shardlab.session.CommandLayer;
import io.shardlab.session.ExecutorSimulationThread;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.shell.ShellEngine;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import io.shardlab.workload.WorkloadRegistry;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonDocument;

/**
 * Times lesson 8's pre-split shell step (1,444 commands, 1,440 of them splits, in one loop) as the lessons panel
 * runs it, and how much of it the commands take on the simulation thread (the rest is the script's own
 * JavaScript and its calls into Java), for a profiler (JFR) or a before/after comparison in one run:
 * {@code mvn -Pbench test-compile}, then {@code java -cp target/test-classes:target/classes:<deps> io.shardlab.ui.lessons.PresplitBench [runs]}.
 * Not a test: it asserts nothing and is run by hand.
 */
final class PresplitBench {

    private PresplitBench() {}

    /** The CPU time of every thread of this process: on a busy machine, wall-clock times wait for the cores. */
    private static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        WorkloadRegistry workloads = WorkloadRegistry.standard();
        Lesson lesson = LessonCatalog.load(workloads).lessons().stream()
                .filter(l -> l.id().equals("presplit-timestamps"))
                .findFirst()
                .orElseThrow();
        for (int i = 0; i < runs; i++) {
            DaemonBackgroundTasks tasks = new DaemonBackgroundTasks();
            ExecutorSimulationThread thread =
                    new ExecutorSimulationThread(tasks.serial(ExecutorSimulationThread.THREAD_NAME));
            try {
                ExplorerEngine engine = AppWiring.explorerEngine(thread, System::nanoTime, state -> {});
                engine.paceCommandFrames(100); // as the window paces them
                engine.load(ResolvedScenario.of(lesson.scenario().toScenario(Optional.empty()), workloads));
                CommandLayer onThread = engine.shellCommandLayer();
                AtomicLong inCommands = new AtomicLong();
                AtomicLong commands = new AtomicLong();
                CommandLayer timed = new CommandLayer() {
                    @Override
                    public BsonDocument run(String database, BsonDocument command) {
                        long start = System.nanoTime();
                        if (System.getProperty("bench.names") != null) {
                            System.out.println(database + " " + command.getFirstKey() + " "
                                    + command.toJson().length());
                        }
                        try {
                            return onThread.run(database, command);
                        } finally {
                            inCommands.addAndGet(System.nanoTime() - start);
                            commands.incrementAndGet();
                        }
                    }

                    @Override
                    public void sleep(long millis, Runnable check) {
                        onThread.sleep(millis, check);
                    }
                };
                List<String> printed = new ArrayList<>();
                ShellEngine shell = new ShellEngine(timed, printed::add, System::nanoTime, 80, 80);
                // the engine starts and the scenario is in (its load runs on the simulation thread before this ping)
                shell.evaluate("db.adminCommand({ ping: 1 })", "warm-up", true, Duration.ofMinutes(1));
                inCommands.set(0);
                commands.set(0);
                long cpuBefore = processCpuNanos();
                long start = System.nanoTime();
                shell.evaluateInteractively(lesson.shellSteps().get(0).script(), Duration.ofMinutes(2));
                long took = System.nanoTime() - start;
                long cpu = processCpuNanos() - cpuBefore;
                System.out.printf(
                        "run %d: step %.2f s (%.2f s of CPU), %d commands, %.2f s of them on the simulation thread's"
                                + " lane (%s)%n",
                        i + 1,
                        took / 1e9,
                        cpu / 1e9,
                        commands.get(),
                        inCommands.get() / 1e9,
                        String.join(" / ", printed));
            } finally {
                thread.close();
                tasks.shutdown();
            }
        }
    }
}
