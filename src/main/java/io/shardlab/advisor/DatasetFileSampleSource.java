package io.shardlab.advisor;

import io.shardlab.files.FileException;
import io.shardlab.files.InputFile;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.DatasetFile;
import io.shardlab.workload.InsertStream;
import io.shardlab.workload.WorkloadSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.concurrent.Executor;

/**
 * A dataset file as a sample, read with the workload package's readers ({@link DatasetFile}): JSON
 * Lines of Extended JSON (what {@code mongoexport} writes, one document per line), or CSV with a
 * header line, optionally gzip-compressed. File order is insertion order. A document without
 * {@code _id} gets a generated ObjectId, as a driver or {@code mongoimport} would give it.
 *
 * @param file the file; its name chooses the format ({@link DatasetFile#formatOf})
 */
public record DatasetFileSampleSource(Path file) implements SampleSource {

    /** Seed of the ObjectIds generated for documents without {@code _id}. */
    static final long ID_SEED = 1;

    public DatasetFileSampleSource {
        if (file == null) {
            throw new IllegalArgumentException("file: required"); // untranslated: a developer's contract
        }
    }

    @Override
    public Message description() {
        Path name = file.getFileName();
        return Message.of("advisor.verbatim", name == null ? file.toString() : name.toString());
    }

    @Override
    public SampleOrder order() {
        return SampleOrder.INSERTION;
    }

    @Override
    public SampleInput open() {
        return open(null);
    }

    /** Opens the file; a JSON Lines file's lines are parsed ahead on {@code parsers} (none: null). */
    @Override
    public SampleInput open(Executor parsers) {
        String source = file.toString();
        DatasetFile.Format format = DatasetFile.formatOf(source);
        long size;
        CountingInput in;
        InputFile.check(file);
        try {
            size = Files.size(file);
        } catch (IOException e) {
            throw new FileException(Message.of("files.cannotBeRead", source, RefusedInput.said(e)));
        }
        in = new CountingInput(InputFile.openRaw(file));
        InsertStream stream = DatasetFile.open(
                in, source, format, WorkloadSettings.of(Long.MAX_VALUE, ID_SEED), Long.MAX_VALUE, parsers);
        // the collection's indexes, when exported beside the file ({@link IndexListFile})
        CollectionIndexes indexes = IndexListFile.besides(file).orElse(CollectionIndexes.undeclared());
        return new SampleInput(stream, in::count, size, 0, indexes, OptionalLong.empty());
    }
}
