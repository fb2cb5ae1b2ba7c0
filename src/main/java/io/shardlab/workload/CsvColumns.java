package io.shardlab.workload;

import io.shardlab.bson.BsonDepth;
import io.shardlab.text.Message;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonBoolean;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * The columns a CSV header declares, and how a record's text becomes a document.
 *
 * <p>Header: one field name per column, distinct and not empty. A dotted name such as
 * {@code address.city} makes an embedded document, as mongoimport does for CSV. The header may give
 * every column a type in mongoimport's {@code --columnsHaveTypes} syntax, {@code name.type()}
 * (mongoimport docs; TOOLS-67 / DOCS-8094), with the types {@code auto()}, {@code string()},
 * {@code int32()}, {@code int64()}, {@code double()}, {@code decimal()} and {@code boolean()}; the
 * other mongoimport types (binary, date…) are refused with a message. Either every column is typed
 * or none is. A dotted name nests one embedded document per dot, up to MongoDB's limit
 * ({@link BsonDepth#MAX_DEPTH}).
 *
 * <p>Untyped columns, and {@code auto()}, type each value on its own:
 * <ul>
 *   <li>an integer without a leading zero or sign other than {@code -} ({@code 0}, {@code 42},
 *       {@code -7}) becomes an Int32 when it fits, else an Int64, else a Decimal128;</li>
 *   <li>a decimal number ({@code 3.25}, {@code -0.5}, {@code 1e6}, {@code 2.5E-3}) becomes a Double;</li>
 *   <li>{@code true} and {@code false} become booleans;</li>
 *   <li>anything else, including the empty value and numbers written with leading zeros such as
 *       the ZIP code {@code 01001}, stays a string.</li>
 * </ul>
 * A typed column refuses a value it cannot hold, naming the line and column.
 */
public final class CsvColumns {

    private static final Pattern TYPED = Pattern.compile("^(.+)\\.([A-Za-z_0-9]+)\\((.*)\\)$");
    private static final Pattern INTEGER = Pattern.compile("-?(0|[1-9][0-9]*)");
    private static final Pattern DECIMAL = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
    private static final Set<String> UNSUPPORTED = Set.of("binary", "date", "date_go", "date_ms", "date_oracle");

    /** How one column's text becomes a value. */
    public enum ColumnType {
        AUTO,
        STRING,
        INT32,
        INT64,
        DOUBLE,
        DECIMAL,
        BOOLEAN
    }

    /** One column: its field path split at dots, and its type. */
    private record Column(String name, String[] path, ColumnType type) {}

    private final String source;
    private final List<Column> columns;

    private CsvColumns(String source, List<Column> columns) {
        this.source = source;
        this.columns = columns;
    }

    /**
     * The columns of a header record.
     *
     * @param source the file name, for messages
     * @param line the header's line
     * @throws DatasetException naming the bad header field
     */
    public static CsvColumns fromHeader(String source, long line, List<String> header) {
        int typed = 0;
        for (String name : header) {
            if (TYPED.matcher(name).matches()) {
                typed++;
            }
        }
        boolean withTypes = typed == header.size();
        if (typed > 0 && !withTypes) {
            throw new DatasetException(source, line, Message.of("workload.csv.someTyped", typed, header.size()));
        }
        List<Column> columns = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String raw : header) {
            String name = raw;
            ColumnType type = ColumnType.AUTO;
            if (withTypes) {
                Matcher m = TYPED.matcher(raw);
                m.matches();
                name = m.group(1);
                type = parseType(source, line, raw, m.group(2), m.group(3));
            }
            if (name.isEmpty() || name.startsWith(".") || name.endsWith(".") || name.contains("..")) {
                throw new DatasetException(source, line, Message.of("workload.csv.emptyName", raw));
            }
            if (name.indexOf('\0') >= 0) {
                throw new DatasetException(
                        source, line, Message.of("workload.csv.nul", abbreviate(name.replace("\0", "\\0"))));
            }
            if (!seen.add(name)) {
                throw new DatasetException(source, line, Message.of("workload.csv.twice", name));
            }
            String[] path = name.split("\\.");
            // the record's outermost document is depth 0, each part before the last one level deeper
            if (path.length - 1 > BsonDepth.MAX_DEPTH) {
                throw new DatasetException(
                        source,
                        line,
                        Message.of("workload.csv.tooDeep", abbreviate(name), path.length, BsonDepth.TOO_DEEP));
            }
            columns.add(new Column(name, path, type));
        }
        for (Column a : columns) {
            for (Column b : columns) {
                if (b.name().startsWith(a.name() + ".")) {
                    throw new DatasetException(
                            source, line, Message.of("workload.csv.valueAndDocument", a.name(), b.name()));
                }
            }
        }
        return new CsvColumns(source, List.copyOf(columns));
    }

    private static ColumnType parseType(String source, long line, String raw, String type, String argument) {
        String lower = type.toLowerCase(Locale.ROOT);
        if (UNSUPPORTED.contains(lower)) {
            throw new DatasetException(source, line, Message.of("workload.csv.typeUnsupported", type, raw));
        }
        ColumnType t = switch (lower) {
            case "auto" -> ColumnType.AUTO;
            case "string" -> ColumnType.STRING;
            case "int32" -> ColumnType.INT32;
            case "int64" -> ColumnType.INT64;
            case "double" -> ColumnType.DOUBLE;
            case "decimal" -> ColumnType.DECIMAL;
            case "boolean", "bool" -> ColumnType.BOOLEAN;
            default -> throw new DatasetException(source, line, Message.of("workload.csv.typeUnknown", type, raw));
        };
        if (!argument.isEmpty()) {
            throw new DatasetException(source, line, Message.of("workload.csv.typeArgument", type, raw));
        }
        return t;
    }

    /** Number of columns. */
    public int size() {
        return columns.size();
    }

    /** The field names, in column order. */
    public List<String> names() {
        return columns.stream().map(Column::name).toList();
    }

    /**
     * The document of one record.
     *
     * @param line the record's first line, for messages
     * @throws DatasetException if the record has another number of fields than the header, or a
     *         value does not fit its column's type
     */
    public BsonDocument toDocument(List<String> record, long line) {
        if (record.size() != columns.size()) {
            throw new DatasetException(
                    source,
                    line,
                    Message.of("workload.csv.fieldCount", record.size(), columns.size(), String.join(",", names())));
        }
        BsonDocument document = new BsonDocument();
        for (int i = 0; i < columns.size(); i++) {
            Column column = columns.get(i);
            BsonValue value = convert(column, record.get(i), line);
            BsonDocument parent = document;
            String[] path = column.path();
            for (int p = 0; p < path.length - 1; p++) {
                BsonValue child = parent.get(path[p]);
                if (child == null) {
                    child = new BsonDocument();
                    parent.append(path[p], child);
                }
                parent = child.asDocument();
            }
            parent.append(path[path.length - 1], value);
        }
        return document;
    }

    private BsonValue convert(Column column, String text, long line) {
        try {
            return switch (column.type()) {
                case AUTO -> auto(text);
                case STRING -> new BsonString(text);
                case INT32 -> new BsonInt32(Integer.parseInt(text.strip()));
                case INT64 -> new BsonInt64(Long.parseLong(text.strip()));
                case DOUBLE -> new BsonDouble(Double.parseDouble(text.strip()));
                case DECIMAL -> new BsonDecimal128(Decimal128.parse(text.strip()));
                case BOOLEAN -> bool(text);
            };
        } catch (NumberFormatException e) {
            throw new DatasetException(
                    source,
                    line,
                    Message.of(
                            "workload.csv.badValue",
                            text,
                            column.name(),
                            column.type().name().toLowerCase(Locale.ROOT)));
        }
    }

    private static BsonValue bool(String text) {
        return switch (text.strip()) {
            case "true" -> BsonBoolean.TRUE;
            case "false" -> BsonBoolean.FALSE;
            default -> throw new NumberFormatException(text);
        };
    }

    /** The value an untyped column gives {@code text}; see the class comment for the rules. */
    public static BsonValue auto(String text) {
        if (INTEGER.matcher(text).matches()) {
            try {
                long v = Long.parseLong(text);
                return v == (int) v ? new BsonInt32((int) v) : new BsonInt64(v);
            } catch (NumberFormatException tooBig) {
                try {
                    return new BsonDecimal128(new Decimal128(new BigDecimal(text)));
                } catch (NumberFormatException tooBigForDecimal) {
                    return new BsonString(text);
                }
            }
        }
        if (DECIMAL.matcher(text).matches()) {
            double d = Double.parseDouble(text);
            return Double.isInfinite(d) ? new BsonString(text) : new BsonDouble(d);
        }
        if (text.equals("true")) {
            return BsonBoolean.TRUE;
        }
        if (text.equals("false")) {
            return BsonBoolean.FALSE;
        }
        return new BsonString(text);
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }
}
