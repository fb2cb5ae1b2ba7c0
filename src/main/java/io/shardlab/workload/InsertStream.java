package io.shardlab.workload;

import java.util.Iterator;

/**
 * A finite, ordered stream of documents to insert: a generated workload or the replay of a
 * dataset file. Iteration order is insert order. Streams are single-use and not thread-safe.
 *
 * <p>Errors in the input (a line that is not a document, a value of the wrong type) surface from
 * {@link #hasNext()} or {@link #next()} as an {@link IllegalArgumentException} whose one-line
 * message names {@link #source()} and the line; nothing is skipped silently.
 */
public interface InsertStream extends Iterator<InsertDocument>, AutoCloseable {

    /** What the documents come from, for messages: {@code "workload 'monotonic'"} or a file name. */
    String source();

    /** Releases the file behind the stream, if any. Idempotent. */
    @Override
    void close();
}
