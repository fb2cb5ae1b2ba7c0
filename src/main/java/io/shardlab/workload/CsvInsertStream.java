package io.shardlab.workload;

import java.io.Reader;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Replays a CSV file with a header: one document per record, in file order (see
 * {@link CsvRecordReader} for the syntax and {@link CsvColumns} for the header and value types).
 * Streams the file; at most {@code limit} documents.
 */
public final class CsvInsertStream implements InsertStream {

    private final String source;
    private final CsvRecordReader records;
    private final CsvColumns columns;
    private final InsertPreparation preparation;
    private final long limit;
    private long produced;
    private InsertDocument pending;
    private boolean exhausted;

    /**
     * Reads the header at once; the records as the stream is iterated.
     *
     * @param text the CSV text; closed with the stream
     * @param source the file name, for messages
     * @param limit the most documents to produce
     * @throws DatasetException if the file is empty or the header is bad
     */
    public CsvInsertStream(Reader text, String source, WorkloadSettings settings, long limit) {
        this.source = source;
        this.records = new CsvRecordReader(text, source);
        this.limit = limit;
        try {
            List<String> header = records.next();
            if (header == null) {
                throw new DatasetException(source, 0, "the file is empty; a CSV dataset starts with a header line");
            }
            this.columns = CsvColumns.fromHeader(source, records.recordLine(), header);
        } catch (RuntimeException e) {
            records.close();
            throw e;
        }
        this.preparation = new InsertPreparation(source, settings);
    }

    /** The header's field names. */
    public List<String> fields() {
        return columns.names();
    }

    @Override
    public String source() {
        return source;
    }

    @Override
    public boolean hasNext() {
        if (pending != null) {
            return true;
        }
        if (exhausted || produced >= limit) {
            return false;
        }
        List<String> record = records.next();
        if (record == null) {
            exhausted = true;
            return false;
        }
        long line = records.recordLine();
        pending = preparation.prepare(columns.toDocument(record, line), line);
        return true;
    }

    @Override
    public InsertDocument next() {
        if (!hasNext()) {
            throw new NoSuchElementException(source + ": no more documents");
        }
        InsertDocument next = pending;
        pending = null;
        produced++;
        return next;
    }

    @Override
    public void close() {
        exhausted = true;
        records.close();
    }
}
