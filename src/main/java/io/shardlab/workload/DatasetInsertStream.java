package io.shardlab.workload;

import io.shardlab.text.Message;
import java.util.NoSuchElementException;

/**
 * The part every dataset file stream shares: read ahead one document, stop at the end of the file or
 * after {@code limit} documents, and name the file in messages; a file without a document is refused.
 * Subclasses only read their format.
 */
abstract class DatasetInsertStream implements InsertStream {

    private final String source;
    private final long limit;
    private long produced;
    private InsertDocument pending;
    private boolean exhausted;

    /**
     * @param source the file name, for messages
     * @param limit the most documents to produce
     */
    DatasetInsertStream(String source, long limit) {
        this.source = source;
        this.limit = limit;
    }

    /** The next document of the file, prepared for insertion, or null at the end of the file. */
    abstract InsertDocument readNext();

    /** Closes the underlying file. */
    abstract void closeInput();

    @Override
    public final String source() {
        return source;
    }

    @Override
    public final boolean hasNext() {
        if (pending != null) {
            return true;
        }
        if (exhausted || produced >= limit) {
            return false;
        }
        pending = readNext();
        if (pending == null) {
            exhausted = true;
            if (produced == 0) {
                // one rule for every command and the GUI: a dataset is judged or replayed on at least one document
                throw new DatasetException(source, 0, Message.of("workload.dataset.noDocuments"));
            }
            return false;
        }
        return true;
    }

    @Override
    public final InsertDocument next() {
        if (!hasNext()) {
            throw new NoSuchElementException(
                    source + ": no more documents"); // untranslated: a developer's contract (hasNext first)
        }
        InsertDocument next = pending;
        pending = null;
        produced++;
        return next;
    }

    @Override
    public final void close() {
        exhausted = true;
        closeInput();
    }
}
