package io.shardlab.workload;

import io.shardlab.text.Message;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.zip.GZIPInputStream;

/**
 * The US ZIP codes shipped with ShardLab ({@value #RESOURCE}, derived from the npm package
 * {@code zipcodes} 8.0.0, BSD licence; see {@code assets/datasets/zipcodes/README.md}), held in
 * memory in file order (sorted by ZIP code). Immutable once loaded.
 */
public final class ZipCodeTable {

    /** The class-path resource of the dataset. */
    public static final String RESOURCE = "/io/shardlab/datasets/zipcodes.csv.gz"; // untranslated: a resource path

    /** The header the resource starts with. */
    static final List<String> HEADER = List.of(
            "zip.string()", // untranslated: a field of the shipped file's header
            "city.string()", // untranslated: a field of the shipped file's header
            "state.string()", // untranslated: a field of the shipped file's header
            "latitude.double()", // untranslated: a field of the shipped file's header
            "longitude.double()"); // untranslated: a field of the shipped file's header

    /** One row. */
    public record ZipCode(String zip, String city, String state, double latitude, double longitude) {}

    private final List<ZipCode> rows;

    private ZipCodeTable(List<ZipCode> rows) {
        this.rows = List.copyOf(rows);
    }

    /** Reads the shipped resource (about 42,000 rows). */
    public static ZipCodeTable load() {
        InputStream in = ZipCodeTable.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IllegalStateException(RESOURCE + " is missing from the class path; the build must include it");
        }
        try (CsvRecordReader records = new CsvRecordReader(
                new InputStreamReader(new GZIPInputStream(in, 1 << 16), StandardCharsets.UTF_8), RESOURCE)) {
            List<String> header = records.next();
            if (!HEADER.equals(header)) {
                throw new IllegalStateException(RESOURCE + ": unexpected header " + header + ", expected " + HEADER);
            }
            List<ZipCode> rows = new ArrayList<>(43_000);
            for (List<String> r = records.next(); r != null; r = records.next()) {
                if (r.size() != HEADER.size()) {
                    throw new DatasetException(
                            RESOURCE, records.recordLine(), Message.of("workload.dataset.fieldCount", HEADER.size()));
                }
                rows.add(new ZipCode(
                        r.get(0), r.get(1), r.get(2), Double.parseDouble(r.get(3)), Double.parseDouble(r.get(4))));
            }
            return new ZipCodeTable(rows);
        } catch (IOException e) {
            String cause = e.getMessage();
            throw new UncheckedIOException(RESOURCE + ": cannot read: " + cause, e); // untranslated: a build fault
        }
    }

    /** A supplier that loads the table on first use and then keeps it (for the workload registry). */
    public static Supplier<ZipCodeTable> lazy() {
        return new Supplier<>() {
            private ZipCodeTable table;

            @Override
            public synchronized ZipCodeTable get() {
                if (table == null) {
                    table = load();
                }
                return table;
            }
        };
    }

    /** The rows in file order. */
    public List<ZipCode> rows() {
        return rows;
    }

    /** Number of rows. */
    public int size() {
        return rows.size();
    }

    /** The distinct state codes, sorted. */
    public List<String> states() {
        return rows.stream().map(ZipCode::state).distinct().sorted().toList();
    }
}
