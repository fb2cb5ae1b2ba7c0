package io.shardlab.serve;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.bson.codecs.DocumentCodec;

/**
 * {@code serve}'s resident memory under a class (issue #32's budget: 700 MB): {@code serve} started as its own
 * process as the command line starts it (port 0, its default memory budget; since every student connects from this
 * machine's address, {@code --max-connections-per-address 400}) with the launchers' JVM
 * options, then a class of clients (30 unless told, issue #32's; issue #29's is 40), each in its own database
 * ({@code shardCollection}, hashed for even students, ranged for odd ones), insert 20,000 documents each unless told
 * (issue #29's class: 50,000) in {@code insertMany} batches of
 * {@value #BATCH}; afterwards every database is dropped. The server process's resident set with its child's (a
 * serve without a heap cap runs in a child JVM; {@code VmRSS} of {@code /proc/PID/status}) is sampled every {@value #SAMPLE_MILLIS} ms and printed over time, and at each stage
 * (idle, written, written after a full collection, dropped after a full collection) with the heap in use
 * ({@code jcmd GC.heap_info}). Beside each figure: the budget, and the documents' own BSON bytes.
 *
 * <p>Arguments: the JVM options of the server, one string (default: the launchers',
 * {@code -XX:G1HeapRegionSize=16m -Xmx448m}); the students and the documents each (default 30 and 20,000);
 * serve's own options, one string (default none, e.g. {@code --memory-budget 400}); {@code -Dserve.bench.classpath} runs another build's classes as the
 * server (default: this JVM's class path); {@code -Dserve.bench.window=true} runs the whole window instead of
 * {@code serve}, headless, accepting connections ({@code io.shardlab.ui.AcceptingWindow}, its memory budget its own).
 * A write refused for want of room (ExceededMemoryLimit, 146) ends that student's writing and is reported with the
 * documents kept by then. Run: {@code mvn -o -Pbench test-compile exec:exec@serve-memory-benchmark}.
 */
public final class ServeMemoryBenchmark {

    /** The class: how many students, each writing {@link #documentsEach} documents (the arguments set them). */
    private static int classSize = 30;

    private static int documentsEach = 20_000;
    static final int BATCH = 100;
    static final long SAMPLE_MILLIS = 250;
    static final long BUDGET_BYTES = 700L << 20;
    /** ExceededMemoryLimit: a write refused for want of room in the memory budget. */
    static final int EXCEEDED_MEMORY_LIMIT = 146;

    private static final DocumentCodec CODEC = new DocumentCodec();
    private static final Pattern HEAP_USED = Pattern.compile("total (\\d+)K, used (\\d+)K");

    private ServeMemoryBenchmark() {}

    public static void main(String[] args) throws Exception {
        String jvmOptions = args.length > 0 ? args[0] : "-XX:G1HeapRegionSize=16m -Xmx448m";
        classSize = args.length > 1 ? Integer.parseInt(args[1]) : classSize;
        documentsEach = args.length > 2 ? Integer.parseInt(args[2]) : documentsEach;
        String classPath = System.getProperty("serve.bench.classpath", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(Arrays.asList(jvmOptions.trim().split("\\s+")));
        if (Boolean.getBoolean("serve.bench.window")) {
            command.addAll(List.of(
                    "-Dglass.platform=Monocle",
                    "-Dmonocle.platform=Headless",
                    "-Dheadless.geometry=1600x1000-32",
                    "-Dprism.order=sw",
                    "-Dprism.text=t2k",
                    "-Duser.home=" + Files.createTempDirectory("shardlab-bench-home"),
                    "-cp",
                    classPath,
                    "io.shardlab.ui.AcceptingWindow"));
        } else {
            command.addAll(List.of("-cp", classPath, "io.shardlab.Main", "serve", "--port", "0"));
            // a class's students connect from one address here, each client with its monitors' connections too
            command.addAll(List.of("--max-connections-per-address", "400"));
        }
        // serve's own options, e.g. a --memory-budget that holds a larger class
        if (args.length > 3) {
            Arrays.stream(args[3].trim().split("\\s+"))
                    .filter(o -> !o.isEmpty())
                    .forEach(command::add);
        }
        Process server = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            String uri = out.readLine();
            if (uri == null || !uri.startsWith("mongodb://")) {
                throw new IllegalStateException("serve did not print its connection string: " + uri);
            }
            Thread drain = new Thread(() -> out.lines().forEach(line -> {}), "bench-serve-output");
            drain.setDaemon(true);
            drain.start();
            // a serve started without a heap cap runs in a child JVM (ServeHeapCap): its heap is the child's
            long serving = server.toHandle()
                    .descendants()
                    .findFirst()
                    .map(ProcessHandle::pid)
                    .orElse(server.pid());
            run(server.pid(), serving, uri, jvmOptions);
        } finally {
            server.destroy();
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    private static void run(long pid, long serving, String uri, String jvmOptions) throws Exception {
        System.out.printf(
                Locale.ROOT,
                "serve (pid %d, its heap in pid %d; %s): %d students x %,d documents in insertMany of %d; load average %.2f%n",
                pid,
                serving,
                jvmOptions,
                classSize,
                documentsEach,
                BATCH,
                loadAverage());
        Thread.sleep(1000);
        Stage idle = stage(pid, serving, "idle, after a full collection", true);
        AtomicLong written = new AtomicLong();
        AtomicLong bsonBytes = new AtomicLong();
        long[] peak = {0};
        long start = System.nanoTime();
        Thread sampler = new Thread(
                () -> {
                    long lastPrint = 0;
                    while (!Thread.currentThread().isInterrupted()) {
                        long rss = resident(pid);
                        peak[0] = Math.max(peak[0], rss);
                        long now = System.nanoTime() - start;
                        if (now - lastPrint >= TimeUnit.SECONDS.toNanos(2)) {
                            lastPrint = now;
                            System.out.printf(
                                    Locale.ROOT,
                                    "%6.1f s  %,9d documents  resident %,5d MB%n",
                                    now / 1e9,
                                    written.get(),
                                    rss >> 20);
                        }
                        try {
                            Thread.sleep(SAMPLE_MILLIS);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                },
                "bench-rss");
        sampler.setDaemon(true);
        sampler.start();
        List<Thread> students = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        AtomicLong refused = new AtomicLong();
        AtomicLong keptAtFirstRefusal = new AtomicLong(-1);
        List<MongoClient> clients = new ArrayList<>();
        for (int s = 0; s < classSize; s++) {
            int student = s;
            MongoClient client = MongoClients.create(uri + "?directConnection=true&appName=student" + student);
            clients.add(client);
            Thread t = new Thread(
                    () -> {
                        try {
                            String db = "student" + student;
                            client.getDatabase("admin")
                                    .runCommand(new Document("shardCollection", db + ".events")
                                            .append(
                                                    "key",
                                                    student % 2 == 0
                                                            ? new Document("userId", "hashed")
                                                            : new Document("userId", 1)));
                            MongoCollection<Document> events =
                                    client.getDatabase(db).getCollection("events");
                            long id = 0;
                            for (int b = 0; b < documentsEach / BATCH; b++) {
                                List<Document> batch = new ArrayList<>(BATCH);
                                for (int i = 0; i < BATCH; i++) {
                                    batch.add(document(student, id++));
                                }
                                events.insertMany(batch);
                                long bytes = 0;
                                for (Document d : batch) {
                                    // the driver has added the _id
                                    bytes += new RawBsonDocument(d, CODEC)
                                            .getByteBuffer()
                                            .remaining();
                                }
                                written.addAndGet(BATCH);
                                bsonBytes.addAndGet(bytes);
                            }
                        } catch (MongoBulkWriteException e) {
                            if (e.getWriteErrors().stream().allMatch(w -> w.getCode() == EXCEEDED_MEMORY_LIMIT)) {
                                // the budget is full: this student's next batch was refused, as the class's would be
                                refused.incrementAndGet();
                                keptAtFirstRefusal.compareAndSet(-1, written.get());
                            } else {
                                synchronized (failures) {
                                    failures.add(e);
                                }
                            }
                        } catch (RuntimeException e) {
                            synchronized (failures) {
                                failures.add(e);
                            }
                        }
                    },
                    "bench-student-" + student);
            students.add(t);
        }
        students.forEach(Thread::start);
        for (Thread t : students) {
            t.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (!failures.isEmpty()) {
            throw new IllegalStateException(
                    failures.size() + " students failed, first: "
                            + failures.get(0).getMessage(),
                    failures.get(0));
        }
        if (refused.get() > 0) {
            System.out.printf(
                    Locale.ROOT,
                    "REFUSED: the memory budget was full (146) at %,d documents; %d of %d students' writes refused,"
                            + " %,d documents kept of %,d%n",
                    keptAtFirstRefusal.get(),
                    refused.get(),
                    classSize,
                    written.get(),
                    (long) classSize * documentsEach);
        }
        Stage full = stage(pid, serving, "written", false);
        Stage collected = stage(pid, serving, "written, after a full collection", true);
        for (int s = 0; s < classSize; s++) {
            clients.get(s).getDatabase("student" + s).drop();
        }
        Stage dropped = stage(pid, serving, "databases dropped, after a full collection", true);
        sampler.interrupt();
        sampler.join();
        clients.forEach(MongoClient::close);
        long data = bsonBytes.get();
        System.out.printf(
                Locale.ROOT,
                "written: %,d documents in %.1f s, %,d MB of BSON (with the _id the driver adds); resident peak %,d MB: "
                        + "%.2fx the budget of %,d MB%n",
                written.get(),
                seconds,
                data >> 20,
                peak[0] >> 20,
                (double) peak[0] / BUDGET_BYTES,
                BUDGET_BYTES >> 20);
        for (Stage st : List.of(idle, full, collected, dropped)) {
            System.out.printf(
                    Locale.ROOT,
                    "%-45s resident %,5d MB (%.2fx the budget), heap used %,4d MB of %,4d MB committed (%.2fx the "
                            + "documents' BSON)%n",
                    st.name(),
                    st.resident() >> 20,
                    (double) st.resident() / BUDGET_BYTES,
                    st.heapUsed() >> 20,
                    st.heapCommitted() >> 20,
                    (double) st.heapUsed() / Math.max(1, data));
        }
        System.out.printf(
                Locale.ROOT,
                "resident peak / budget: %.2fx (goal <= 1, every document kept): %s; load average %.2f%n",
                (double) peak[0] / BUDGET_BYTES,
                peak[0] <= BUDGET_BYTES && refused.get() == 0 ? "met" : "MISSED",
                loadAverage());
    }

    /** The server's memory at one stage. */
    private record Stage(String name, long resident, long heapUsed, long heapCommitted) {}

    private static Stage stage(long pid, long serving, String name, boolean collect)
            throws IOException, InterruptedException {
        if (collect) {
            jcmd(serving, "GC.run");
            Thread.sleep(500);
        }
        Matcher m = HEAP_USED.matcher(jcmd(serving, "GC.heap_info"));
        long committed = m.find() ? Long.parseLong(m.group(1)) << 10 : -1;
        long used = committed >= 0 ? Long.parseLong(m.group(2)) << 10 : -1;
        return new Stage(name, resident(pid), used, committed);
    }

    private static String jcmd(long pid, String what) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid), what)
                .redirectErrorStream(true)
                .start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return text;
    }

    /** The resident sets of the process and its descendants, in bytes ({@code VmRSS}). */
    static long resident(long pid) {
        long total = residentOf(pid);
        for (ProcessHandle child :
                ProcessHandle.of(pid).map(h -> h.descendants().toList()).orElse(List.of())) {
            total += residentOf(child.pid());
        }
        return total;
    }

    /** The process's resident set in bytes ({@code VmRSS}), 0 once it is gone. */
    static long residentOf(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) << 10;
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static Document document(int student, long id) {
        return new Document("userId", student * 1_000_000_000L + id)
                .append("name", "student " + student)
                .append("note", "insert number " + id);
    }
}
