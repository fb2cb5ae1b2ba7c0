package io.shardlab.cli;

import io.shardlab.render.ExportSize;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.InsertDocument;
import io.shardlab.workload.InsertPreparation;
import io.shardlab.workload.SimulationSetup;

/**
 * The one place that bounds every numeric option of the command line. A command checks its options against
 * these before it reads or simulates anything, so {@code --shards 1001} is refused at once and in the same
 * words by {@code explain}, {@code simulate}, {@code export} and {@code analyze}.
 */
final class OptionBounds {

    /** {@code --shards}: a simulated cluster's shards. */
    static final OptionBound SHARDS = new OptionBound("--shards", 1, SimulationSetup.MAX_SHARDS, "cli.unit.shards");
    /**
     * {@code --chunk-size}: {@code config.settings {_id: "chunksize"}} accepts 1 to 1024 MB (mongo
     * {@code src/mongo/s/balancer_configuration.cpp}, ChunkSizeSettingsType).
     */
    static final OptionBound CHUNK_SIZE_MB = new OptionBound("--chunk-size", 1, 1024, "cli.unit.megabytes");
    /** {@code --doc-size}: from the empty document to MongoDB's 16 MiB maximum. */
    static final OptionBound DOC_SIZE = new OptionBound(
            "--doc-size",
            InsertDocument.EMPTY_DOCUMENT_SIZE,
            InsertPreparation.MAX_BSON_OBJECT_SIZE,
            "cli.unit.documentBytes");
    /** {@code --window}: inserts per window of the write distribution. */
    static final OptionBound WINDOW = new OptionBound("--window", 1, 100_000_000, "cli.unit.insertsPerWindow");
    /** {@code --rate}: inserts per simulated second. */
    static final OptionBound RATE = new OptionBound("--rate", 0.001, 1e9, "cli.unit.insertsPerSecond");
    /** {@code --balancer-rounds}: balancer rounds after the inserts. */
    static final OptionBound BALANCER_ROUNDS =
            new OptionBound("--balancer-rounds", 1, SimulateCommand.MAX_ROUNDS, "cli.unit.rounds");
    /** {@code simulate --queries}: queries of the workload's mix routed on the final layout. */
    static final OptionBound QUERIES = new OptionBound("--queries", 0, 10_000_000, "cli.unit.queries");
    /** {@code analyze --docs}: documents read from the dataset (the sample's memory is bounded as it loads). */
    static final OptionBound SAMPLE_DOCS = new OptionBound("--docs", 1, Integer.MAX_VALUE - 8, "cli.unit.documents");
    /** {@code analyze --sample-size}: documents drawn with {@code $sample}. */
    static final OptionBound SAMPLE_SIZE = new OptionBound("--sample-size", 1, 100_000_000, "cli.unit.documents");
    /** {@code --timeout}: seconds to wait for a server. */
    static final OptionBound TIMEOUT = new OptionBound("--timeout", 1, 3600, "cli.unit.seconds");
    /** {@code shell --connect-timeout}: {@link #TIMEOUT} under the name {@code shell} gives it. */
    static final OptionBound CONNECT_TIMEOUT = new OptionBound("--connect-timeout", 1, 3600, "cli.unit.seconds");
    /** {@code inspect --changes}: recent changelog entries listed. */
    static final OptionBound CHANGES = new OptionBound("--changes", 0, 1_000_000, "cli.unit.changes");
    /** {@code export --width}. */
    static final OptionBound WIDTH =
            new OptionBound("--width", ExportSize.MIN_WIDTH, ExportSize.MAX_SIDE, "cli.unit.pixels");
    /** {@code export --height} (when given). */
    static final OptionBound HEIGHT =
            new OptionBound("--height", ExportSize.MIN_HEIGHT, ExportSize.MAX_SIDE, "cli.unit.pixels");
    /** {@code export --scale}. */
    static final OptionBound SCALE = new OptionBound("--scale", ExportSize.MIN_SCALE, ExportSize.MAX_SCALE, "");

    /**
     * The heap a simulated run may plan for per document, in bytes. A run keeps every document's shard key
     * and BSON size: about 10 bytes for int64 and hashed keys (SimulatorBenchmark), more for strings and
     * compound keys, plus the write series; 64 covers them with room for the JVM's own needs.
     */
    static final long SIMULATED_BYTES_PER_DOCUMENT = 64;

    private OptionBounds() {}

    /**
     * {@code --docs} of a simulated run ({@code simulate}, {@code export}): at least 1, and no more than this
     * JVM's heap ({@code -Xmx}) holds at {@link #SIMULATED_BYTES_PER_DOCUMENT} bytes per document.
     */
    static long simulatedDocs(long docs) {
        return simulatedDocs(docs, Runtime.getRuntime().maxMemory());
    }

    /** {@link #simulatedDocs(long)} for a heap of {@code maxHeapBytes}. */
    static long simulatedDocs(long docs, long maxHeapBytes) {
        long most = Math.max(1, maxHeapBytes / SIMULATED_BYTES_PER_DOCUMENT);
        if (docs < 1) {
            throw new RefusedInput(Message.of("cli.option.docsAtLeastOne", String.valueOf(docs)));
        }
        if (docs > most) {
            throw new RefusedInput(
                    Message.of("cli.option.docsTooMany", docs, SIMULATED_BYTES_PER_DOCUMENT, maxHeapBytes >> 20, most));
        }
        return docs;
    }
}
