package io.shardlab.cli;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.Workload;
import io.shardlab.workload.WorkloadSettings;
import java.nio.file.Path;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * The options of a simulated run that {@code simulate} and {@code export} share: what is inserted
 * ({@code --workload} or {@code --dataset}, {@code --docs}), under which rules ({@code --mongodb-version},
 * {@code --chunk-size}, {@code --doc-size}), the seed, and how the writes are windowed and paced
 * ({@code --window}, {@code --rate}). Use it as a picocli mixin. Every check fails with an
 * {@link IllegalArgumentException} of one line naming the option.
 */
final class SimulationOptions {

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Input input;

    /** Exactly one of a dataset file and a named workload. */
    static final class Input {
        @Option(names = "--dataset", paramLabel = "FILE")
        Path dataset;

        @Option(names = "--workload", paramLabel = "NAME")
        String workload;
    }

    @Option(names = "--docs", paramLabel = "N")
    Long docs;

    @Option(names = "--mongodb-version", descriptionKey = "simulation.mongodb-version", paramLabel = "V")
    String mongodbVersion;

    @Option(names = "--chunk-size", descriptionKey = "simulation.chunk-size", paramLabel = "MB")
    Integer chunkSizeMb;

    @Option(names = "--doc-size", paramLabel = "BYTES")
    Integer docSize;

    @Option(names = "--seed", descriptionKey = "simulation.seed", paramLabel = "S", defaultValue = "1")
    long seed;

    @Option(names = "--window", paramLabel = "W", defaultValue = "1000")
    int window;

    @Option(names = "--rate", paramLabel = "DOCS_PER_SEC", defaultValue = "1000")
    double rate;

    /** Whether a workload or a dataset was given. */
    boolean hasInput() {
        return input != null;
    }

    /** The named workload, or null for a dataset or no input. */
    String workloadName() {
        return input == null ? null : input.workload;
    }

    /** Whether any simulation option other than the defaults was given (they mean nothing without an input). */
    boolean anyGiven() {
        return docs != null || mongodbVersion != null || chunkSizeMb != null || docSize != null;
    }

    /** How many documents and which seed: --docs, else 100000 for a workload, else the whole file. */
    WorkloadSettings settings(Workload workload) {
        return WorkloadSettings.of(
                docs != null ? docs : workload != null ? WorkloadSettings.DEFAULT_DOCS : Long.MAX_VALUE, seed);
    }

    /** The maximum chunk size asked for in bytes, 0 when not given. */
    long chunkSizeBytes() {
        return chunkSizeMb == null ? 0 : chunkSizeMb * 1024L * 1024L;
    }

    /** The document size floor asked for in bytes, 0 when not given. */
    int docSizeBytes() {
        return docSize == null ? 0 : docSize;
    }

    /** The version asked for; only call when {@link #mongodbVersion} is set. */
    MongoVersion parseVersion() {
        return OptionValue.named("--mongodb-version", mongodbVersion, MongoVersion::parseModelled);
    }

    /** Checks the ranges of the options. */
    void check() {
        if (docs != null) {
            OptionBounds.simulatedDocs(docs);
        }
        OptionBounds.CHUNK_SIZE_MB.checkIfGiven(chunkSizeMb);
        OptionBounds.DOC_SIZE.checkIfGiven(docSize);
        OptionBounds.WINDOW.check(window);
        OptionBounds.RATE.check(rate);
        if (docs != null && input == null) {
            throw new RefusedInput(Message.of("cli.simulate.docsNeedInput"));
        }
    }
}
