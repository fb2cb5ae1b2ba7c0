package io.shardlab.advisor;

import com.sun.management.OperatingSystemMXBean;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.bson.BsonDocument;

/**
 * Hand-rolled benchmark of the shard key advisor (run with {@code mvn -Pbench verify}; alone: {@code mvn -o -Pbench
 * test-compile exec:exec@advisor-benchmark}). It times what {@code analyze} does, from reading the file to the
 * report, on a pool of two threads as the command's: a 1,000,000-document sample with 5 candidates.
 *
 * <p>Beside it, in the same JVM and turn by turn, runs its peer, {@link #bareParse}: one thread reading the same
 * file line by line and parsing each line into a document with the driver's own JSON parser ({@link
 * BsonDocument#parse}), the least any reader of the file does before a key is looked at, and a peer that does not
 * move when ShardLab's parser does. The figure is the ratio of the analysis's wall time to the peer's, which
 * holds when the machine's speed drifts with other work; CPU seconds (every thread's: the collector's and the
 * compiler's too) are printed beside them, with their ratio, the steadier figure on a loaded machine. Goal (issue
 * #32): {@code analyze} of this sample in 5 s on a quiet 2-core machine, where the bare parse takes 2.1 s (its
 * CPU time measured here), so the analysis on two threads within {@value #GOAL_RATIO} × the one-thread bare parse;
 * the benchmark fails (exit status 1) when the median ratio misses it by more than half the spread of the runs'
 * ratios.
 *
 * <p>The sample is a JSON Lines file of orders written by this class (seeded): an ObjectId {@code _id}, an order
 * number that counts up, a customer drawn from a skewed distribution, a timestamp, a region (8 values, skewed), a
 * status and an amount; about 120 bytes each as BSON. Arguments: documents (1,000,000), runs (3; the median ratio counts).
 */
public final class AdvisorBenchmark {

    private static final String[] REGIONS = {
        "us-east", "us-west", "eu-west", "eu-central", "ap-south", "ap-east", "sa-east", "af-south"
    };
    private static final int[] REGION_WEIGHTS = {30, 20, 20, 10, 8, 6, 4, 2};
    private static final String[] STATUS = {"new", "paid", "shipped", "delivered", "returned"};
    private static final List<ShardKeyPattern> KEYS = List.of(
            ShardKeyPattern.parse("{customerId: 1}"),
            ShardKeyPattern.parse("{orderNo: 1}"),
            ShardKeyPattern.parse("{region: 1, customerId: 1}"),
            ShardKeyPattern.parse("{_id: 'hashed'}"),
            ShardKeyPattern.parse("{ts: 1}"));

    /** The goal: the analysis's wall time over the one-thread bare parse's (5 s over 2.1 s). */
    private static final double GOAL_RATIO = 2.4;

    private AdvisorBenchmark() {}

    public static void main(String[] args) throws IOException {
        int docs = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path file = Files.createTempFile("shardlab-advisor-bench", ".jsonl");
        try {
            write(file, docs);
            System.out.printf(
                    Locale.ROOT,
                    "sample: %,d documents, %,d bytes of JSON Lines; %d processors, load average %.2f%n",
                    docs,
                    Files.size(file),
                    Runtime.getRuntime().availableProcessors(),
                    ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            // warm-up of both on a fifth of the sample, not counted
            Path warmUp = Files.createTempFile("shardlab-advisor-bench-warm-up", ".jsonl");
            try {
                write(warmUp, Math.max(1, docs / 5));
                bareParse(warmUp);
                analyze(warmUp);
            } finally {
                Files.deleteIfExists(warmUp);
            }
            double[] ratios = new double[runs];
            for (int r = 0; r < runs; r++) {
                long cpu0 = cpuNanos();
                long t0 = System.nanoTime();
                long parsed = bareParse(file);
                long t1 = System.nanoTime();
                long cpu1 = cpuNanos();
                Timing analysis = analyze(file);
                long cpu2 = cpuNanos();
                if (parsed != docs) {
                    throw new IllegalStateException("the bare parse read " + parsed + " documents of " + docs);
                }
                double peer = (t1 - t0) / 1e9;
                ratios[r] = analysis.total() / peer;
                System.out.printf(
                        Locale.ROOT,
                        "run %d: analyze %.1f s (read %.1f s, analyse %d candidates %.1f s; CPU %.1f s), bare parse on "
                                + "one thread %.1f s (CPU %.1f s): %.2fx (CPU %.2fx); load average %.2f%n",
                        r + 1,
                        analysis.total(),
                        analysis.read(),
                        KEYS.size(),
                        analysis.total() - analysis.read(),
                        (cpu2 - cpu1) / 1e9,
                        peer,
                        (cpu1 - cpu0) / 1e9,
                        ratios[r],
                        (double) (cpu2 - cpu1) / (cpu1 - cpu0),
                        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            }
            Arrays.sort(ratios);
            double median = ratios[runs / 2];
            double noise = (ratios[runs - 1] - ratios[0]) / 2;
            boolean met = median <= GOAL_RATIO + noise;
            System.out.printf(
                    Locale.ROOT,
                    "analyze / bare parse: median %.2fx of %d runs (goal <= %.2fx, noise %.2f): %s%n",
                    median,
                    runs,
                    GOAL_RATIO,
                    noise,
                    met ? "met" : "MISSED");
            if (!met) {
                System.exit(1);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Wall seconds of one analysis, all of it and its reading part. */
    private record Timing(double total, double read) {}

    /** What {@code analyze} does: the sample loaded with its lines parsed on the pool, then the candidates. */
    private static Timing analyze(Path file) {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            long t0 = System.nanoTime();
            Sample sample = new SampleLoader(ProgressListener.NONE, CancelToken.none(), pool)
                    .load(new DatasetFileSampleSource(file), Long.MAX_VALUE);
            long t1 = System.nanoTime();
            AdvisorReport report = new ShardKeyAdvisor(pool)
                    .analyze(
                            sample,
                            KEYS,
                            List.of(),
                            AdvisorSettings.of(MongoVersion.V8_0, 4).withChunkSizeMegabytes(1),
                            ProgressListener.NONE,
                            CancelToken.none());
            long t2 = System.nanoTime();
            if (report.candidates().size() != KEYS.size()) {
                throw new IllegalStateException("the report lacks candidates: " + report.candidates());
            }
            return new Timing((t2 - t0) / 1e9, (t1 - t0) / 1e9);
        } finally {
            pool.shutdown();
        }
    }

    /** The peer: the file's lines parsed into documents on this thread; returns how many. */
    private static long bareParse(Path file) throws IOException {
        long n = 0;
        long fields = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.isBlank()) {
                    fields += BsonDocument.parse(line).size();
                    n++;
                }
            }
        }
        if (fields < n) {
            throw new IllegalStateException("a parsed document is empty");
        }
        return n;
    }

    private static void write(Path file, int docs) throws IOException {
        SplittableRandom random = new SplittableRandom(7);
        long ms = 1_704_067_200_000L;
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < docs; i++) {
                ms += random.nextInt(200);
                int customer = (int) (Math.pow(1 - random.nextDouble(), -1 / 1.2)) % 200_000;
                out.write(String.format(
                        Locale.ROOT,
                        "{\"_id\":{\"$oid\":\"%08x%016x\"},\"orderNo\":%d,"
                                + "\"customerId\":%d,\"ts\":{\"$date\":{\"$numberLong\":\"%d\"}},\"region\":\"%s\","
                                + "\"status\":\"%s\",\"amount\":%.2f}%n",
                        ms / 1000,
                        i,
                        i + 1,
                        customer,
                        ms,
                        region(random),
                        STATUS[random.nextInt(STATUS.length)],
                        random.nextDouble() * 500));
            }
        }
    }

    private static String region(SplittableRandom random) {
        int r = random.nextInt(100);
        for (int i = 0; i < REGIONS.length; i++) {
            r -= REGION_WEIGHTS[i];
            if (r < 0) {
                return REGIONS[i];
            }
        }
        return REGIONS[REGIONS.length - 1];
    }

    private static long cpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
