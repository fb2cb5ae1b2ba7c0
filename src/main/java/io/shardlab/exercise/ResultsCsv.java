package io.shardlab.exercise;

import io.shardlab.files.AtomicFile;
import io.shardlab.text.Messages;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.Function;

/**
 * The class's results as a CSV file, one row per student and exercise: {@code student, database, exercise, status,
 * when passed, hint}. Status is {@code pass} or {@code not yet} (keys a spreadsheet filters on, in English); "when
 * passed" is the first moment the check held,
 * ISO-8601 in UTC, empty when it never did; the hint is said in the teacher's language; fields with a comma, a
 * quote or a line break are quoted (RFC 4180).
 * Written atomically ({@link AtomicFile}): a reader sees the old file or the new one.
 */
public final class ResultsCsv {

    /** The header row. */
    public static final String HEADER = "student,database,exercise,status,when passed,hint";

    private ResultsCsv() {}

    /**
     * The file's text.
     *
     * @param student the student's name for a database (their mongosh {@code appName}), or the database itself
     * @param words the language the hints are said in
     */
    public static String text(List<ClassProgress.Result> results, Function<String, String> student, Messages words) {
        StringBuilder b = new StringBuilder(HEADER).append("\r\n");
        for (ClassProgress.Result r : results) {
            b.append(field(student.apply(r.database())))
                    .append(',')
                    .append(field(r.database()))
                    .append(',')
                    .append(field(r.exercise()))
                    .append(',')
                    .append(r.passed() ? "pass" : "not yet") // untranslated: the column's values, for a spreadsheet
                    .append(',')
                    .append(r.passedAt()
                            .map(DateTimeFormatter.ISO_INSTANT::format)
                            .orElse(""))
                    .append(',')
                    .append(field(r.hint().map(words::text).orElse("")))
                    .append("\r\n");
        }
        return b.toString();
    }

    /**
     * Replaces {@code target} with the results.
     *
     * @throws io.shardlab.files.FileException naming the file and the reason when it cannot be written
     */
    public static void write(
            Path target, List<ClassProgress.Result> results, Function<String, String> student, Messages words) {
        String text = text(results, student, words);
        AtomicFile.write(target, out -> {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            w.write(text);
            w.flush();
        });
    }

    private static String field(String value) {
        if (value.contains(",") || value.contains("\"") || value.contains("\n") || value.contains("\r")) {
            return "\"" + value.replace("\"", "\"\"") + "\"";
        }
        return value;
    }
}
