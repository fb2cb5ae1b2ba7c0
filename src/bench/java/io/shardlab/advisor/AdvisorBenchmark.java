package io.shardlab.advisor;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Hand-rolled benchmark of the shard key advisor (run with {@code mvn -Pbench verify}). Budget
 * (the advisor's issue): a 1,000,000-document sample with 5 candidates in under 30 s on a 2-core
 * machine, from reading the file to the report, as {@code analyze} does it.
 *
 * <p>The sample is a JSON Lines file of orders written by this class (seeded): an ObjectId
 * {@code _id}, an order number that counts up, a customer drawn from a skewed distribution, a
 * timestamp, a region (8 values, skewed), a status and an amount; about 120 bytes each as BSON.
 */
public final class AdvisorBenchmark {

    private static final String[] REGIONS = {
        "us-east", "us-west", "eu-west", "eu-central", "ap-south", "ap-east", "sa-east", "af-south"
    };
    private static final int[] REGION_WEIGHTS = {30, 20, 20, 10, 8, 6, 4, 2};
    private static final String[] STATUS = {"new", "paid", "shipped", "delivered", "returned"};

    private AdvisorBenchmark() {}

    public static void main(String[] args) throws IOException {
        int docs = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        Path file = Files.createTempFile("shardlab-advisor-bench", ".jsonl");
        try {
            write(file, docs);
            System.out.printf(Locale.ROOT, "sample: %,d documents, %,d bytes of JSON Lines%n", docs, Files.size(file));
            ExecutorService pool = Executors.newFixedThreadPool(2);
            long cpu0 = cpuNanos();
            long t0 = System.nanoTime();
            Sample sample = new SampleLoader(ProgressListener.NONE, CancelToken.none(), pool)
                    .load(new DatasetFileSampleSource(file), Long.MAX_VALUE);
            long t1 = System.nanoTime();
            long cpu1 = cpuNanos();
            List<ShardKeyPattern> keys = List.of(
                    ShardKeyPattern.parse("{customerId: 1}"),
                    ShardKeyPattern.parse("{orderNo: 1}"),
                    ShardKeyPattern.parse("{region: 1, customerId: 1}"),
                    ShardKeyPattern.parse("{_id: 'hashed'}"),
                    ShardKeyPattern.parse("{ts: 1}"));
            AdvisorReport report;
            try {
                report = new ShardKeyAdvisor(pool)
                        .analyze(
                                sample,
                                keys,
                                List.of(),
                                AdvisorSettings.of(MongoVersion.V8_0, 4).withChunkSizeMegabytes(1),
                                ProgressListener.NONE,
                                CancelToken.none());
            } finally {
                pool.shutdown();
            }
            long t2 = System.nanoTime();
            double total = (t2 - t0) / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "read: %.1f s (CPU %.1f s), analyse %d candidates: %.1f s, total %.1f s (budget 30 s: %s); "
                            + "CPU %.1f s%n",
                    (t1 - t0) / 1e9,
                    (cpu1 - cpu0) / 1e9,
                    keys.size(),
                    (t2 - t1) / 1e9,
                    total,
                    total < 30 ? "met" : "MISSED",
                    (cpuNanos() - cpu0) / 1e9);
            System.out.println(
                    "recommended: " + report.recommendation().reasons().get(0));
        } finally {
            Files.deleteIfExists(file);
        }
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
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
