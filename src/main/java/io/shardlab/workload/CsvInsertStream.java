package io.shardlab.workload;

import io.shardlab.text.Message;
import java.io.Reader;
import java.util.List;

/**
 * Replays a CSV file with a header: one document per record, in file order (see
 * {@link CsvRecordReader} for the syntax and {@link CsvColumns} for the header and value types).
 * Streams the file; at most {@code limit} documents.
 */
public final class CsvInsertStream extends DatasetInsertStream {

    private final CsvRecordReader records;
    private final CsvColumns columns;
    private final InsertPreparation preparation;

    /**
     * Reads the header at once; the records as the stream is iterated.
     *
     * @param text the CSV text; closed with the stream
     * @param source the file name, for messages
     * @param limit the most documents to produce
     * @throws DatasetException if the file is empty or the header is bad
     */
    public CsvInsertStream(Reader text, String source, WorkloadSettings settings, long limit) {
        super(source, limit);
        this.records = new CsvRecordReader(text, source);
        try {
            List<String> header = records.next();
            if (header == null) {
                throw new DatasetException(source, 0, Message.of("workload.dataset.csvEmpty"));
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
    InsertDocument readNext() {
        List<String> record = records.next();
        if (record == null) {
            return null;
        }
        long line = records.recordLine();
        return preparation.prepare(columns.toDocument(record, line), line);
    }

    @Override
    void closeInput() {
        records.close();
    }
}
