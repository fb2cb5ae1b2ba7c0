package io.shardlab.mongos.jstests;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One MongoDB test file ported as a table of {@link PortedRow}s: the file, the rows as the test's {@code @CsvSource}
 * text block gives them (cells split on {@code |}), and the named set-ups its rows share ({@code $NAME} in a
 * {@code given} cell stands for the steps of set-up {@code NAME}, as a jstest's helper function or its fixture).
 *
 * @param file the MongoDB file, e.g. {@code jstests/sharding/enable_sharding.js}
 * @param rows the table
 * @param setups set-up name → its steps
 */
record PortedTable(String file, String rows, Map<String, String> setups) {

    /** A table whose rows need no shared set-up. */
    static PortedTable of(String file, String rows) {
        return new PortedTable(file, rows, Map.of());
    }

    /** The row of the cells a {@code @CsvSource} gave, its set-ups resolved. */
    PortedRow row(String releases, String test, String given, String when, String then) {
        String steps = given == null ? "" : given;
        for (Map.Entry<String, String> s : setups.entrySet()) {
            steps = steps.replace("$" + s.getKey(), s.getValue());
        }
        return PortedRow.of(releases, test, steps, when, then);
    }

    /** Every row of the table, read as {@code @CsvSource} reads it (blank lines and {@code #} comments skipped). */
    List<PortedRow> all() {
        List<PortedRow> out = new ArrayList<>();
        for (String line : rows.split("\n")) {
            if (line.isBlank() || line.strip().startsWith("#")) {
                continue;
            }
            String[] cells = line.split("\\|", -1);
            if (cells.length != 5) {
                throw new IllegalArgumentException(file + ": a row has 5 cells, got " + cells.length + ": " + line);
            }
            out.add(row(cells[0].strip(), cells[1].strip(), cells[2].strip(), cells[3].strip(), cells[4].strip()));
        }
        return out;
    }
}
