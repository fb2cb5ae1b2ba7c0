package io.shardlab.cluster;

import io.shardlab.bson.BsonDepth;
import io.shardlab.bson.BsonPrinter;
import io.shardlab.bson.BsonTooDeepException;
import io.shardlab.files.AtomicFile;
import io.shardlab.files.InputFile;
import io.shardlab.key.InvalidShardKeyException;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInvalidOperationException;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.json.JsonParseException;
import org.bson.json.JsonReader;

/**
 * ShardLab's snapshot file: one sharded collection's chunk layout, written by {@code simulate
 * --snapshot-out} (and a live-cluster capture) and read by {@code explain --snapshot}. Pure JSON
 * with MongoDB Extended JSON v2 values, versioned:
 *
 * <pre>
 * {"format": "shardlab-snapshot", "version": 1,
 *  "namespace": "test.orders", "key": {"counter": 1}, "unique": false,
 *  "capturedAt": "2024-01-01T00:00:00Z", "source": "simulated MongoDB 8.0",
 *  "shards": [{"_id": "shard01", "host": "shard01/…", "tags": ["NYC"], "draining": false, "maxSize": 0}],
 *  "zones": [{"tag": "NYC", "min": {…}, "max": {…}}],
 *  "chunks": [{"min": {"counter": {"$minKey": 1}}, "max": {"counter": {"$numberLong": "1000"}},
 *              "shard": "shard01", "jumbo": false, "lastmod": {"$timestamp": {"t": 1, "i": 0}},
 *              "docs": 999, "bytes": 52947}]}
 * </pre>
 *
 * <p>Shapes follow MongoDB's config collections: shards as in {@code config.shards} ({@code _id},
 * {@code host}, {@code tags}, {@code draining}; {@code tags} written and read as config.shards has it: absent for a
 * shard never in a zone, {@code []} for one whose last zone was removed, {@link Shard#tagsListed}), zones as in {@code config.tags} ({@code tag},
 * {@code min}, {@code max}), chunks as in {@code config.chunks} ({@code min}, {@code max},
 * {@code shard}, {@code jumbo}, {@code lastmod}). Bounds and {@code lastmod} are canonical Extended
 * JSON; the key pattern is relaxed ({@code {"a": 1}}, {@code {"a": "hashed"}}). {@code docs} and
 * {@code bytes} (what each chunk holds) are given for every chunk or for none. Chunks are in key
 * order and tile {@code [MinKey, MaxKey)}.
 *
 * <p>A snapshot captured from a live cluster may also carry {@code "capture"}: a document with what
 * the live reader saw besides the layout (balancer, per-shard data, recent chunk changes, notes),
 * written and read by {@code io.shardlab.live}. Other readers keep it as is.
 *
 * <p>Writing is atomic: the text goes to a temporary file in the target's directory, which then
 * replaces the target, so a reader never sees half a snapshot. Reading streams the chunk list.
 * Every problem is reported in one line naming the file and, for a chunk, its index.
 */
public final class SnapshotFile {

    /** The value of the {@code format} field. */
    public static final String FORMAT = "shardlab-snapshot";
    /** The format version this class writes and the newest it reads. */
    public static final int VERSION = 1;

    private static final Set<String> TOP_LEVEL = Set.of(
            "format",
            "version",
            "namespace",
            "key",
            "unique",
            "capturedAt",
            "source",
            "shards",
            "zones",
            "chunks",
            "capture");

    /**
     * What a snapshot file holds.
     *
     * @param cluster the collection and its cluster
     * @param chunkStatistics what each chunk holds, one per chunk in key order, or empty when unknown
     * @param capturedAt when the layout was captured (simulated or real time)
     * @param source where it came from, e.g. {@code "simulated MongoDB 8.0"} or a host name
     * @param capture what a live capture recorded besides the layout, or null
     */
    public record Contents(
            ClusterSnapshot cluster,
            List<ChunkStatistics> chunkStatistics,
            Instant capturedAt,
            String source,
            BsonDocument capture) {

        /** Contents without a live capture section. */
        public Contents(
                ClusterSnapshot cluster, List<ChunkStatistics> chunkStatistics, Instant capturedAt, String source) {
            this(cluster, chunkStatistics, capturedAt, source, null);
        }

        public Contents {
            if (cluster == null || capturedAt == null || source == null) {
                throw new IllegalArgumentException("cluster/capturedAt/source: required");
            }
            chunkStatistics = List.copyOf(chunkStatistics);
            if (!chunkStatistics.isEmpty()) {
                if (chunkStatistics.size() != cluster.chunks().size()) {
                    throw new IllegalArgumentException("chunkStatistics: " + chunkStatistics.size() + " entries for "
                            + cluster.chunks().size() + " chunks");
                }
                for (int i = 0; i < chunkStatistics.size(); i++) {
                    if (!chunkStatistics.get(i).chunk().equals(cluster.chunks().get(i))) {
                        throw new IllegalArgumentException("chunkStatistics[" + i + "]: is for "
                                + chunkStatistics.get(i).chunk() + ", not "
                                + cluster.chunks().get(i));
                    }
                }
            }
        }
    }

    private SnapshotFile() {}

    // ---- writing -------------------------------------------------------------------------------

    /**
     * Writes {@code contents} to {@code file} atomically ({@link AtomicFile}: temporary file, then rename).
     *
     * @throws io.shardlab.files.FileException naming the file and the reason when it cannot be written
     */
    public static void write(Path file, Contents contents) {
        AtomicFile.write(file, out -> {
            Writer text = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            write(text, contents);
            text.flush();
        });
    }

    /** Writes {@code contents} as snapshot JSON text to {@code out} (not closed). */
    public static void write(Writer out, Contents contents) throws IOException {
        Writer w = out instanceof BufferedWriter ? out : new BufferedWriter(out);
        ClusterSnapshot c = contents.cluster();
        ShardKeyPattern key = c.key();
        w.write("{\"format\": " + string(FORMAT) + ", \"version\": " + VERSION + ",\n");
        w.write(" \"namespace\": " + string(c.namespace()) + ", \"key\": " + BsonPrinter.relaxedJson(key.toDocument())
                + ", \"unique\": " + c.unique() + ",\n");
        w.write(" \"capturedAt\": " + string(contents.capturedAt().toString()) + ", \"source\": "
                + string(contents.source()) + ",\n");
        w.write(" \"shards\": [");
        for (int i = 0; i < c.shards().size(); i++) {
            Shard s = c.shards().get(i);
            BsonArray tags = new BsonArray();
            s.zones().stream().sorted().forEach(z -> tags.add(new BsonString(z)));
            w.write((i == 0 ? "\n  " : ",\n  ") + "{\"_id\": " + string(s.id()) + ", \"host\": " + string(s.host())
                    + (s.tagsListed() ? ", \"tags\": " + BsonPrinter.canonicalJson(tags) : "")
                    + ", \"draining\": " + s.draining()
                    + (s.maxSizeMB() > 0 ? ", \"maxSize\": " + s.maxSizeMB() : "") + "}");
        }
        w.write("],\n \"zones\": [");
        for (int i = 0; i < c.zones().size(); i++) {
            ZoneRange z = c.zones().get(i);
            w.write((i == 0 ? "\n  " : ",\n  ") + "{\"tag\": " + string(z.zone()) + ", \"min\": "
                    + BsonPrinter.canonicalJson(z.min().toDocument(key)) + ", \"max\": "
                    + BsonPrinter.canonicalJson(z.max().toDocument(key)) + "}");
        }
        w.write("],\n \"chunks\": [");
        List<ChunkStatistics> stats = contents.chunkStatistics();
        for (int i = 0; i < c.chunks().size(); i++) {
            Chunk ch = c.chunks().get(i);
            w.write((i == 0 ? "\n  " : ",\n  ") + "{\"min\": "
                    + BsonPrinter.canonicalJson(ch.min().toDocument(key))
                    + ", \"max\": " + BsonPrinter.canonicalJson(ch.max().toDocument(key))
                    + ", \"shard\": " + string(ch.shard()) + ", \"jumbo\": " + ch.jumbo()
                    + ", \"lastmod\": "
                    + BsonPrinter.canonicalJson(
                            new BsonTimestamp(ch.version().major(), ch.version().minor())));
            if (!stats.isEmpty()) {
                w.write(", \"docs\": " + stats.get(i).documents() + ", \"bytes\": "
                        + stats.get(i).bytes());
            }
            w.write("}");
        }
        w.write("]");
        if (contents.capture() != null) {
            w.write(",\n \"capture\": " + BsonPrinter.canonicalJson(contents.capture()));
        }
        w.write("}\n");
        w.flush();
    }

    private static String string(String text) {
        return BsonPrinter.canonicalJson(new BsonString(text));
    }

    // ---- reading -------------------------------------------------------------------------------

    /**
     * Reads a snapshot file.
     *
     * @throws IllegalArgumentException with a one-line message naming the file and the problem
     */
    public static Contents read(Path file) {
        try (Reader in = InputFile.openText(file, InputFile.MAX_LINE_CHARS)) {
            return read(in, file.toString());
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage());
        }
    }

    /**
     * Reads snapshot text named {@code source} (for messages).
     *
     * @throws IllegalArgumentException with a one-line message naming the source and the problem
     */
    public static Contents read(Reader in, String source) {
        return new Parser(in instanceof BufferedReader ? in : new BufferedReader(in), source).parse();
    }

    /** One pass over the JSON; chunks are converted as they stream by once the key is known. */
    private static final class Parser {
        private final JsonReader reader;
        private final String source;
        private final Map<String, BsonValue> fields = new HashMap<>();
        private final List<BsonDocument> pendingChunks = new ArrayList<>();
        private final List<Chunk> chunks = new ArrayList<>();
        private final List<long[]> stats = new ArrayList<>();
        private ShardKeyPattern key;

        Parser(Reader in, String source) {
            this.reader = new JsonReader(in);
            this.source = source;
        }

        Contents parse() {
            try {
                reader.readStartDocument();
                while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
                    String name = reader.readName();
                    if (!TOP_LEVEL.contains(name)) {
                        throw problem("unknown field '" + name + "'; a version " + VERSION + " snapshot has "
                                + String.join(", ", new TreeSet<>(TOP_LEVEL)));
                    }
                    if (fields.containsKey(name) || (name.equals("chunks") && !chunks.isEmpty())) {
                        throw problem("the field '" + name + "' appears twice");
                    }
                    if (name.equals("chunks")) {
                        readChunks();
                        fields.put(name, new BsonArray());
                    } else {
                        fields.put(name, BsonDepth.readValue(reader));
                        if (name.equals("format")) {
                            checkFormat();
                        } else if (name.equals("version")) {
                            checkVersion();
                        } else if (name.equals("key")) {
                            readKey();
                        }
                    }
                }
                reader.readEndDocument();
            } catch (Problem e) {
                throw e;
            } catch (BsonTooDeepException e) {
                throw problem(e.getMessage());
            } catch (JsonParseException | BsonInvalidOperationException | IllegalArgumentException e) {
                // the reader and the value constructors it calls (base64, dates, numbers) refuse in several ways
                throw problem("not valid snapshot JSON: " + e.getMessage());
            }
            return assemble();
        }

        private void checkFormat() {
            BsonValue format = fields.get("format");
            if (!format.isString() || !format.asString().getValue().equals(FORMAT)) {
                throw problem("not a ShardLab snapshot: \"format\" is " + BsonPrinter.relaxedJson(format)
                        + ", expected \"" + FORMAT + "\"");
            }
        }

        private void checkVersion() {
            BsonValue version = fields.get("version");
            if (!version.isInt32() && !version.isInt64()) {
                throw problem("\"version\" must be a whole number, got " + BsonPrinter.relaxedJson(version));
            }
            long v = version.asNumber().longValue();
            if (v > VERSION) {
                throw problem("snapshot version " + v + " was written by a newer ShardLab; this one reads up to "
                        + "version " + VERSION);
            }
            if (v < 1) {
                throw problem("\"version\" must be at least 1, got " + v);
            }
        }

        private void readKey() {
            BsonValue k = fields.get("key");
            if (!k.isDocument()) {
                throw problem(
                        "\"key\" must be a shard key pattern such as {\"a\": 1}, got " + BsonPrinter.relaxedJson(k));
            }
            try {
                key = ShardKeyPattern.of(k.asDocument());
            } catch (InvalidShardKeyException e) {
                throw problem("\"key\": " + e.getMessage());
            }
            for (BsonDocument pending : pendingChunks) {
                addChunk(pending);
            }
            pendingChunks.clear();
        }

        private void readChunks() {
            if (reader.getCurrentBsonType() != BsonType.ARRAY) {
                throw problem("\"chunks\" must be an array");
            }
            reader.readStartArray();
            while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
                if (reader.getCurrentBsonType() != BsonType.DOCUMENT) {
                    throw problem("chunk " + (chunks.size() + pendingChunks.size()) + " is not a document");
                }
                // each chunk is held to MongoDB's nesting limit as the config.chunks document it stands for
                BsonDocument chunk = BsonDepth.readDocument(reader, 0);
                if (key == null) {
                    pendingChunks.add(chunk);
                } else {
                    addChunk(chunk);
                }
            }
            reader.readEndArray();
        }

        private void addChunk(BsonDocument d) {
            String where = "chunk " + chunks.size();
            for (String f : d.keySet()) {
                if (!Set.of("min", "max", "shard", "jumbo", "lastmod", "docs", "bytes")
                        .contains(f)) {
                    throw problem(where + " has the unknown field '" + f + "'");
                }
            }
            ShardKey min = bound(d, "min", where);
            ShardKey max = bound(d, "max", where);
            String shard = requiredString(d, "shard", where);
            boolean jumbo = d.containsKey("jumbo") && bool(d.get("jumbo"), where + " \"jumbo\"");
            BsonValue lastmod = d.get("lastmod");
            if (lastmod == null || !lastmod.isTimestamp()) {
                throw problem(where + " needs \"lastmod\" as a Timestamp, e.g. {\"$timestamp\": {\"t\": 1, \"i\": 0}}");
            }
            ChunkVersion version = new ChunkVersion(
                    lastmod.asTimestamp().getTime(), lastmod.asTimestamp().getInc());
            try {
                chunks.add(new Chunk(min, max, shard, jumbo, version));
            } catch (IllegalArgumentException e) {
                throw problem(where + ": " + e.getMessage());
            }
            boolean hasDocs = d.containsKey("docs");
            boolean hasBytes = d.containsKey("bytes");
            if (hasDocs != hasBytes) {
                throw problem(where + " has \"" + (hasDocs ? "docs" : "bytes") + "\" without \""
                        + (hasDocs ? "bytes" : "docs") + "\"");
            }
            stats.add(
                    hasDocs
                            ? new long[] {
                                count(d.get("docs"), where + " \"docs\""), count(d.get("bytes"), where + " \"bytes\"")
                            }
                            : null);
        }

        private ShardKey bound(BsonDocument d, String name, String where) {
            BsonValue v = d.get(name);
            if (v == null || !v.isDocument()) {
                throw problem(where + " needs \"" + name + "\" as a bound document with the key's fields " + key);
            }
            return keyOf(v.asDocument(), where + " \"" + name + "\"");
        }

        /** A bound document: exactly the key's fields, in order; hashed fields NumberLong, MinKey or MaxKey. */
        private ShardKey keyOf(BsonDocument bound, String where) {
            List<String> names = List.copyOf(bound.keySet());
            List<String> expected = key.fields().stream().map(KeyField::path).toList();
            if (!names.equals(expected)) {
                throw problem(where + " has the fields " + names + ", but the key " + key + " has " + expected);
            }
            BsonValue[] vals = new BsonValue[names.size()];
            for (int i = 0; i < vals.length; i++) {
                BsonValue v = bound.get(names.get(i));
                BsonType t = v.getBsonType();
                if (key.fields().get(i).hashed()
                        && t != BsonType.INT64
                        && t != BsonType.MIN_KEY
                        && t != BsonType.MAX_KEY) {
                    throw problem(where + ": the hashed field '" + names.get(i)
                            + "' must hold a NumberLong, MinKey or MaxKey, got " + BsonPrinter.canonicalJson(v));
                }
                if (t == BsonType.ARRAY) {
                    throw problem(where + ": a shard key bound cannot hold an array");
                }
                vals[i] = v;
            }
            return ShardKey.of(vals);
        }

        private Contents assemble() {
            for (String required : List.of(
                    "format", "version", "namespace", "key", "unique", "capturedAt", "source", "shards", "chunks")) {
                if (!fields.containsKey(required)) {
                    throw problem("the field \"" + required + "\" is missing");
                }
            }
            String namespace = string(fields.get("namespace"), "\"namespace\"");
            boolean unique = bool(fields.get("unique"), "\"unique\"");
            String source = string(fields.get("source"), "\"source\"");
            Instant capturedAt;
            try {
                capturedAt = Instant.parse(string(fields.get("capturedAt"), "\"capturedAt\""));
            } catch (DateTimeParseException e) {
                throw problem("\"capturedAt\" must be an ISO-8601 instant such as 2024-01-01T00:00:00Z, got "
                        + BsonPrinter.relaxedJson(fields.get("capturedAt")));
            }
            List<Shard> shards = shards();
            Set<String> shardIds = new HashSet<>();
            shards.forEach(s -> shardIds.add(s.id()));
            if (chunks.isEmpty()) {
                throw problem("\"chunks\" is empty; a sharded collection has at least one chunk");
            }
            for (int i = 0; i < chunks.size(); i++) {
                if (!shardIds.contains(chunks.get(i).shard())) {
                    throw problem("chunk " + i + " is on the shard '"
                            + chunks.get(i).shard() + "', which is not listed in \"shards\"");
                }
            }
            ChunkMap map;
            try {
                map = new ChunkMap(chunks);
            } catch (InvalidChunkMapException e) {
                throw problem("the chunks do not tile the key space: " + e.getMessage());
            }
            ClusterSnapshot cluster;
            try {
                cluster = new ClusterSnapshot(namespace, key, unique, shards, map, zones());
            } catch (IllegalArgumentException e) {
                throw problem(e.getMessage());
            }
            BsonValue capture = fields.get("capture");
            if (capture != null && !capture.isDocument()) {
                throw problem("\"capture\" must be a document, got " + BsonPrinter.relaxedJson(capture));
            }
            return new Contents(
                    cluster, statistics(), capturedAt, source, capture == null ? null : capture.asDocument());
        }

        private List<ChunkStatistics> statistics() {
            long known = stats.stream().filter(s -> s != null).count();
            if (known == 0) {
                return List.of();
            }
            if (known != stats.size()) {
                throw problem("\"docs\" and \"bytes\" are given for " + known + " of " + stats.size()
                        + " chunks; give them for every chunk or for none");
            }
            List<ChunkStatistics> out = new ArrayList<>(stats.size());
            for (int i = 0; i < stats.size(); i++) {
                out.add(new ChunkStatistics(chunks.get(i), stats.get(i)[0], stats.get(i)[1]));
            }
            return out;
        }

        private List<Shard> shards() {
            BsonValue v = fields.get("shards");
            if (!v.isArray() || v.asArray().isEmpty()) {
                throw problem("\"shards\" must be a non-empty array of {\"_id\": …} documents");
            }
            List<Shard> out = new ArrayList<>();
            Set<String> ids = new HashSet<>();
            for (int i = 0; i < v.asArray().size(); i++) {
                String where = "shard " + i;
                BsonDocument d = document(v.asArray().get(i), where);
                String id = requiredString(d, "_id", where);
                if (!ids.add(id)) {
                    throw problem("the shard '" + id + "' is listed twice");
                }
                String host = d.containsKey("host") ? string(d.get("host"), where + " \"host\"") : "";
                Set<String> tags = new HashSet<>();
                if (d.containsKey("tags")) {
                    if (!d.get("tags").isArray()) {
                        throw problem(where + " \"tags\" must be an array of zone names");
                    }
                    for (BsonValue t : d.getArray("tags")) {
                        tags.add(string(t, where + " \"tags\""));
                    }
                }
                boolean draining = d.containsKey("draining") && bool(d.get("draining"), where + " \"draining\"");
                long maxSize = d.containsKey("maxSize") ? count(d.get("maxSize"), where + " \"maxSize\"") : 0;
                out.add(new Shard(id, host, tags, draining, maxSize, d.containsKey("tags")));
            }
            return out;
        }

        private List<ZoneRange> zones() {
            BsonValue v = fields.get("zones");
            if (v == null) {
                return List.of();
            }
            if (!v.isArray()) {
                throw problem("\"zones\" must be an array");
            }
            List<ZoneRange> out = new ArrayList<>();
            for (int i = 0; i < v.asArray().size(); i++) {
                String where = "zone " + i;
                BsonDocument d = document(v.asArray().get(i), where);
                String tag = requiredString(d, "tag", where);
                ShardKey min = bound(d, "min", where);
                ShardKey max = bound(d, "max", where);
                try {
                    out.add(new ZoneRange(min, max, tag));
                } catch (IllegalArgumentException ex) {
                    throw problem(where + ": " + ex.getMessage());
                }
            }
            List<ZoneRange> sorted =
                    out.stream().sorted((a, b) -> a.min().compareTo(b.min())).toList();
            for (int i = 1; i < sorted.size(); i++) {
                if (sorted.get(i - 1).max().compareTo(sorted.get(i).min()) > 0) {
                    throw problem("the zone ranges of " + sorted.get(i - 1).zone() + " and "
                            + sorted.get(i).zone() + " overlap");
                }
            }
            return out;
        }

        /** An item of an array of documents, {@code where} naming it in the refusal when it is not a document. */
        private BsonDocument document(BsonValue item, String where) {
            if (!item.isDocument()) {
                throw problem(where + " is not a document");
            }
            return item.asDocument();
        }

        private String requiredString(BsonDocument d, String name, String where) {
            if (!d.containsKey(name)) {
                throw problem(where + " needs \"" + name + "\"");
            }
            return string(d.get(name), where + " \"" + name + "\"");
        }

        private String string(BsonValue v, String what) {
            if (!v.isString()) {
                throw problem(what + " must be a string, got " + BsonPrinter.relaxedJson(v));
            }
            return v.asString().getValue();
        }

        private boolean bool(BsonValue v, String what) {
            if (!v.isBoolean()) {
                throw problem(what + " must be true or false, got " + BsonPrinter.relaxedJson(v));
            }
            return v.asBoolean().getValue();
        }

        private long count(BsonValue v, String what) {
            if ((!v.isInt32() && !v.isInt64()) || v.asNumber().longValue() < 0) {
                throw problem(what + " must be a whole number not below 0, got " + BsonPrinter.relaxedJson(v));
            }
            return v.asNumber().longValue();
        }

        private IllegalArgumentException problem(String text) {
            return new Problem(source + ": " + text.replaceAll("\\s+", " ").strip());
        }

        /** A refusal already worded with the source's name. */
        private static final class Problem extends IllegalArgumentException {
            private static final long serialVersionUID = 1L;

            Problem(String message) {
                super(message);
            }
        }
    }
}
