package io.shardlab.advisor;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.bson.BsonParseException;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A collection's indexes exported beside its dataset file: {@code FILE.indexes.json} next to
 * {@code FILE} (e.g. {@code orders.jsonl.indexes.json} for {@code orders.jsonl}), in Extended JSON or
 * mongosh syntax, holding any of
 * <ul>
 *   <li>the array {@code db.orders.getIndexes()} prints, i.e. the {@code listIndexes} cursor's
 *       {@code firstBatch}: {@code [{v: 2, key: {_id: 1}, name: "_id_"}, {v: 2, key: {customerId: 1},
 *       name: "customerId_1", unique: true}]};</li>
 *   <li>the whole {@code listIndexes} reply, {@code {cursor: {firstBatch: [...], ...}, ok: 1}};</li>
 *   <li>one index document per line.</li>
 * </ul>
 * The file lists every index, the {@code _id} index included; a collection whose list has none is
 * taken as given.
 */
public final class IndexListFile {

    /** What is appended to a dataset file's name to find its index export. */
    public static final String SUFFIX = ".indexes.json";

    private IndexListFile() {}

    /** The export beside {@code dataset}, if there is one. */
    public static Optional<CollectionIndexes> besides(Path dataset) {
        Path file = dataset.resolveSibling(dataset.getFileName() + SUFFIX);
        return Files.isRegularFile(file) ? Optional.of(read(file)) : Optional.empty();
    }

    /**
     * Reads {@code file}.
     *
     * @throws IllegalArgumentException naming the file and the problem
     */
    public static CollectionIndexes read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new RefusedInput(Message.of("files.noSuchFile", file));
        } catch (IOException e) {
            throw new RefusedInput(Message.of("advisor.indexFile.unreadable", file, String.valueOf(e.getMessage())));
        }
        Path name = file.getFileName();
        return parse(text, name == null ? file.toString() : name.toString());
    }

    /** Parses an index export; {@code source} names it in messages and reports. */
    public static CollectionIndexes parse(String text, String source) {
        String body = text.startsWith("\uFEFF") ? text.substring(1).strip() : text.strip();
        if (body.isEmpty()) {
            throw new RefusedInput(Message.of(
                    "advisor.indexFile.empty",
                    source,
                    "[{\"v\": 2, \"key\": {\"_id\": 1}, \"name\": \"_id_\"}]",
                    "db.collection.getIndexes()")); // untranslated: the mongosh method
        }
        List<BsonDocument> entries = new ArrayList<>();
        try {
            if (body.startsWith("[")) {
                entries.addAll(documents(
                        BsonLiterals.parseDocument("{indexes: " + body + "}").get("indexes"), source));
            } else if (body.lines().filter(l -> !l.isBlank()).count() > 1 && !body.contains("firstBatch")) {
                long number = 0;
                for (String line : body.lines().toList()) {
                    number++;
                    if (!line.isBlank()) {
                        entries.add(line(line, source, number));
                    }
                }
            } else {
                BsonDocument d = BsonLiterals.parseDocument(body);
                BsonValue cursor = d.get("cursor");
                if (cursor != null && cursor.isDocument() && cursor.asDocument().containsKey("firstBatch")) {
                    entries.addAll(documents(cursor.asDocument().get("firstBatch"), source));
                } else {
                    entries.add(d);
                }
            }
        } catch (BsonParseException e) {
            throw new RefusedInput(Message.of("advisor.indexFile.notAList", source, e.getMessage()));
        }
        List<IndexSpec> indexes = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            try {
                indexes.add(IndexSpec.of(entries.get(i)));
            } catch (IllegalArgumentException e) {
                throw new RefusedInput(Message.of("advisor.indexFile.index", source, i + 1, RefusedInput.said(e)), e);
            }
        }
        return CollectionIndexes.declared(indexes, source);
    }

    private static BsonDocument line(String line, String source, long number) {
        try {
            return BsonLiterals.parseDocument(line.strip());
        } catch (BsonParseException e) {
            throw new RefusedInput(Message.of("advisor.indexFile.notADocumentLine", source, number, e.getMessage()));
        }
    }

    private static List<BsonDocument> documents(BsonValue array, String source) {
        if (array == null || !array.isArray()) {
            throw new RefusedInput(Message.of("advisor.indexFile.notAnArray", source));
        }
        List<BsonDocument> out = new ArrayList<>();
        BsonArray a = array.asArray();
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).isDocument()) {
                throw new RefusedInput(Message.of("advisor.indexFile.notADocument", source, i + 1));
            }
            out.add(a.get(i).asDocument());
        }
        return out;
    }
}
