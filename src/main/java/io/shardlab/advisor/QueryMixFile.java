package io.shardlab.advisor;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.bson.BsonParseException;
import io.shardlab.bson.BsonPrinter;
import io.shardlab.files.InputFile;
import io.shardlab.routing.FilterParser;
import io.shardlab.routing.UnsupportedQueryException;
import io.shardlab.routing.UpdateModifiers;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Reads a query mix: JSON Lines, one operation per line, in Extended JSON or mongosh syntax:
 * <pre>
 * {"op": "find", "filter": {"customerId": 42}, "weight": 70}
 * {"op": "aggregate", "filter": {"region": "eu-west"}, "weight": 5}
 * {"op": "updateOne", "filter": {"orderNo": 17}, "update": {"$set": {"status": "paid"}}, "weight": 20}
 * {"op": "replaceOne", "filter": {"_id": 1}, "replacement": {"customerId": 42, "status": "new"}}
 * {"op": "deleteMany", "filter": {"ts": {"$lt": {"$date": "2024-01-01T00:00:00Z"}}}}
 * {"op": "findAndModify", "filter": {"customerId": 42}, "update": {"$inc": {"n": 1}}, "upsert": true}
 * </pre>
 * <ul>
 *   <li>{@code op}: {@code find}, {@code aggregate}, {@code count}, {@code distinct} (reads);
 *       {@code updateOne}, {@code updateMany}, {@code replaceOne}, {@code deleteOne},
 *       {@code deleteMany}, {@code findAndModify} (writes). For {@code aggregate}, the filter is the
 *       pipeline's leading {@code $match}.</li>
 *   <li>{@code filter}: the query filter (required).</li>
 *   <li>{@code update}: the {@code $}-operator update of {@code updateOne}, {@code updateMany} and
 *       {@code findAndModify} (a findAndModify without it removes the document);
 *       {@code replacement}: the new document of {@code replaceOne}.</li>
 *   <li>{@code upsert}: true or false (updates and findAndModify; default false).</li>
 *   <li>{@code weight}: how many times the operation occurs in the mix, a whole number, at least 1
 *       (default 1); percentages are weighted by it.</li>
 *   <li>{@code collation}: the operation's collation, e.g. {@code {"locale": "en_US", "strength": 1}}
 *       (default: none, the collection's default, taken to be simple). Under a non-simple collation
 *       an equality on a string shard-key value no longer pins one shard.</li>
 * </ul>
 * Blank lines are skipped; a file without operations is an empty mix (analyzeShardKey then
 * reports both distributions with a sample size of 0). Any other mistake stops the read with the file, the line and the problem.
 */
public final class QueryMixFile {

    private static final Set<String> FIELDS =
            Set.of("op", "filter", "update", "replacement", "upsert", "weight", "collation");

    /** The update example the refusals show: a MongoDB shape, written as MongoDB writes it. */
    private static final String SET_EXAMPLE = "{\"$set\": {...}}";

    private QueryMixFile() {}

    /**
     * Reads {@code file}.
     *
     * @throws IllegalArgumentException naming the file and line of the first mistake
     */
    public static List<SampledQuery> read(Path file) {
        try (Reader reader = InputFile.openText(file, InputFile.MAX_LINE_CHARS)) {
            return parse(reader, file.toString());
        } catch (IOException e) {
            throw new RefusedInput(
                    Message.of("advisor.queryMix.cannotRead", file.toString(), oneLine(e.getMessage())), e);
        }
    }

    /** Parses query mix text; {@code source} names it in messages. */
    public static List<SampledQuery> parse(String text, String source) {
        try {
            return parse(new StringReader(text), source);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<SampledQuery> parse(Reader text, String source) throws IOException {
        BufferedReader lines = new BufferedReader(text);
        List<SampledQuery> out = new ArrayList<>();
        long number = 0;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            number++;
            if (number == 1 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            if (line.isBlank()) {
                continue;
            }
            try {
                out.add(query(line, number));
            } catch (IllegalArgumentException e) {
                // one line, whatever control characters the mistaken text held
                throw new RefusedInput(
                        Message.of("advisor.queryMix.line", source, String.valueOf(number), RefusedInput.said(e)), e);
            }
        }
        return out;
    }

    private static SampledQuery query(String line, long number) {
        BsonDocument d;
        try {
            d = BsonLiterals.parseDocument(line.strip());
        } catch (BsonParseException e) {
            throw refused("advisor.queryMix.notDocument", oneLine(e.getMessage()));
        }
        for (String name : d.keySet()) {
            if (!FIELDS.contains(name)) {
                throw refused("advisor.queryMix.unknownField", oneLine(name));
            }
        }
        BsonValue op = d.get("op");
        if (op == null || !op.isString()) {
            throw refused("advisor.queryMix.op");
        }
        QueryCommand command;
        try {
            command = QueryCommand.of(op.asString().getValue());
        } catch (IllegalArgumentException e) {
            throw new RefusedInput(RefusedInput.said(e), e);
        }
        BsonDocument filter = document(d, "filter", true);
        try {
            FilterParser.parse(filter);
        } catch (UnsupportedQueryException e) {
            throw refused("advisor.queryMix.filter", oneLine(e.getMessage()));
        }
        BsonDocument update = document(d, "update", false);
        BsonDocument replacement = document(d, "replacement", false);
        if (command == QueryCommand.REPLACE_ONE) {
            if (replacement == null || update != null) {
                throw refused("advisor.queryMix.replaceOne");
            }
            for (String name : replacement.keySet()) {
                if (name.startsWith("$")) {
                    throw refused("advisor.queryMix.replacementOperator", oneLine(name));
                }
            }
            update = replacement;
        } else if (replacement != null) {
            throw refused("advisor.queryMix.replacementOnly");
        }
        if (command.isUpdate() && command != QueryCommand.REPLACE_ONE) {
            if (update == null) {
                throw refused("advisor.queryMix.updateNeeded", command.toString(), SET_EXAMPLE);
            }
        }
        if (update != null && command != QueryCommand.REPLACE_ONE) {
            if (update.isEmpty()) {
                throw refused("advisor.queryMix.updateEmpty", SET_EXAMPLE);
            }
            for (String name : update.keySet()) {
                if (!name.startsWith("$")) {
                    throw refused("advisor.queryMix.updateField", oneLine(name));
                }
            }
            try {
                UpdateModifiers.requireValid(update);
            } catch (UnsupportedQueryException e) {
                throw refused("advisor.queryMix.update", oneLine(e.getMessage()));
            }
        }
        if ((command.isRead() || command.isDelete()) && (update != null || d.containsKey("upsert"))) {
            throw refused("advisor.queryMix.noUpdate", command.toString());
        }
        boolean upsert = false;
        if (d.containsKey("upsert")) {
            if (!d.get("upsert").isBoolean()) {
                throw refused("advisor.queryMix.upsert");
            }
            upsert = d.getBoolean("upsert").getValue();
        }
        BsonDocument collation = document(d, "collation", false);
        if (collation != null
                && (!collation.containsKey("locale") || !collation.get("locale").isString())) {
            throw refused(
                    "advisor.queryMix.collation",
                    "{\"locale\": \"en_US\", \"strength\": 1}",
                    "{\"locale\": \"simple\"}");
        }
        return new SampledQuery(
                command,
                filter,
                update,
                upsert,
                weight(d.get("weight")),
                number,
                collation == null ? new BsonDocument() : collation);
    }

    private static BsonDocument document(BsonDocument d, String name, boolean required) {
        BsonValue v = d.get(name);
        if (v == null) {
            if (required) {
                throw refused("advisor.queryMix.required", name);
            }
            return null;
        }
        if (!v.isDocument()) {
            throw refused("advisor.queryMix.notADocument", name);
        }
        return v.asDocument();
    }

    private static long weight(BsonValue v) {
        if (v == null) {
            return 1;
        }
        if (v.isInt32() || v.isInt64()) {
            long w = v.asNumber().longValue();
            if (w >= 1) {
                return w;
            }
        } else if (v.isDouble()) {
            double w = v.asDouble().getValue();
            if (w >= 1 && w == Math.rint(w) && w < 9.0e15) {
                return (long) w;
            }
        }
        throw refused("advisor.queryMix.weight", BsonPrinter.shell(v));
    }

    private static RefusedInput refused(String key, Object... arguments) {
        return new RefusedInput(Message.of(key, arguments));
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s+", " ").strip();
    }
}
