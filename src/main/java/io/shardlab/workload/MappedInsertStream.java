package io.shardlab.workload;

import java.util.function.UnaryOperator;

/**
 * Another stream's documents, each passed through a function as it is taken: the function may return the document
 * itself (after noting something of it) or another in its place. Its source is the other stream's, and closing it
 * closes the other stream.
 */
public class MappedInsertStream implements InsertStream {

    private final InsertStream stream;
    private final UnaryOperator<InsertDocument> each;

    /** @param each called once per document, in insert order, as {@link #next()} takes it */
    public MappedInsertStream(InsertStream stream, UnaryOperator<InsertDocument> each) {
        this.stream = stream;
        this.each = each;
    }

    @Override
    public final String source() {
        return stream.source();
    }

    @Override
    public final boolean hasNext() {
        return stream.hasNext();
    }

    @Override
    public final InsertDocument next() {
        return each.apply(stream.next());
    }

    @Override
    public final void close() {
        stream.close();
    }
}
