package io.shardlab.workload;

import java.util.NoSuchElementException;
import org.bson.BsonDocument;

/**
 * An {@link InsertStream} of {@code docs} documents made by a {@link DocumentGenerator}, each
 * measured with {@link BsonSize} (the exact length of its encoding, without encoding it).
 */
public final class GeneratedInsertStream implements InsertStream {

    private final String source;
    private final long docs;
    private final DocumentGenerator generator;
    private long produced;

    /**
     * @param source for messages, e.g. {@code "workload 'monotonic'"}
     * @param docs how many documents to produce, at least 1
     */
    public GeneratedInsertStream(String source, long docs, DocumentGenerator generator) {
        if (docs < 1) {
            throw new IllegalArgumentException(
                    "docs: at least 1 document, got " + docs); // untranslated: a developer's contract
        }
        this.source = source;
        this.docs = docs;
        this.generator = generator;
    }

    /** The stream of a workload: named {@code workload '<name>'}, {@code settings.docs()} long. */
    public static GeneratedInsertStream of(Workload workload, WorkloadSettings settings, DocumentGenerator generator) {
        return new GeneratedInsertStream("workload '" + workload.name() + "'", settings.docs(), generator);
    }

    @Override
    public String source() {
        return source;
    }

    @Override
    public boolean hasNext() {
        return produced < docs;
    }

    @Override
    public InsertDocument next() {
        if (produced >= docs) {
            throw new NoSuchElementException(source + ": all " + docs
                    + " documents were produced"); // untranslated: a developer's contract (hasNext first)
        }
        long ordinal = ++produced;
        BsonDocument document = generator.next(ordinal);
        return new InsertDocument(document, BsonSize.of(document), ordinal);
    }

    @Override
    public void close() {
        produced = docs;
    }
}
