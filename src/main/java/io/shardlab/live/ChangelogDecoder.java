package io.shardlab.live;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Turns config.changelog entries into {@link ChunkChange}s. Entry shape: {@code {_id, server,
 * clientAddr, time, what, ns, details}} (docs {@code reference/config-database}); the
 * {@code details} of each kind are described on {@link ChunkSplit}, {@link ChunkMigration} and
 * {@link ChunkMerge}.
 *
 * <p>Entries are skipped, and counted in a note, when their collection is not sharded now, when they
 * are older than the collection's current incarnation (a drop and re-shard, or a refined key), or
 * when their bounds do not have the current shard key's fields.
 */
final class ChangelogDecoder {

    /** Decoded changes, oldest first, and notes about skipped entries. */
    record Result(List<ChunkChange> changes, List<Message> notes) {}

    private ChangelogDecoder() {}

    static Result decode(List<BsonDocument> docs, Map<String, CollectionEntry> collections) {
        List<BsonDocument> sorted = new ArrayList<>();
        for (BsonDocument doc : docs) {
            if (doc.isDateTime("time") && doc.isString("ns") && doc.isString("what")) {
                sorted.add(doc);
            }
        }
        sorted.sort(Comparator.comparingLong(d -> d.getDateTime("time").getValue()));
        Map<String, int[]> skipped = new TreeMap<>();
        List<ChunkChange> out = new ArrayList<>();
        Map<String, MultiSplit> pendingByNs = new TreeMap<>();
        for (BsonDocument doc : sorted) {
            String ns = doc.getString("ns").getValue();
            CollectionEntry entry = collections.get(ns);
            if (entry == null) {
                continue;
            }
            Instant time = Instant.ofEpochMilli(doc.getDateTime("time").getValue());
            if (entry.incarnationStart() != null
                    && time.getEpochSecond() < entry.incarnationStart().getEpochSecond()) {
                skipped.computeIfAbsent(ns, k -> new int[2])[0]++;
                continue;
            }
            BsonDocument details = doc.isDocument("details") ? doc.getDocument("details") : new BsonDocument();
            String what = doc.getString("what").getValue();
            MultiSplit pending = pendingByNs.get(ns);
            if (pending != null && !(what.equals("multi-split") && pending.matches(ns, details))) {
                out.add(pending.toChange());
                pendingByNs.remove(ns);
                pending = null;
            }
            ShardKeyPattern key = entry.key();
            ChunkChange change = null;
            boolean understood = true;
            switch (what) {
                case "split" -> {
                    change = split(time, ns, key, details);
                    understood = change != null;
                }
                case "multi-split" -> {
                    ShardKey min = bound(details.get("before"), "min", key);
                    ShardKey max = bound(details.get("before"), "max", key);
                    ShardKey piece = bound(details.get("chunk"), "min", key);
                    if (min == null || max == null || piece == null) {
                        understood = false;
                    } else {
                        if (pending == null) {
                            pending = new MultiSplit(
                                    time,
                                    ns,
                                    min,
                                    max,
                                    version(sub(details, "before"), "lastmod"),
                                    details.isNumber("of")
                                            ? details.getNumber("of").intValue()
                                            : -1,
                                    string(details, "owningShard"),
                                    key(details));
                            pendingByNs.put(ns, pending);
                        }
                        if (piece.compareTo(min) > 0 && piece.compareTo(max) < 0) {
                            pending.points.add(piece);
                        }
                    }
                }
                case "moveChunk.commit" -> {
                    ShardKey min = BoundDocument.toKey(details.get("min"), key);
                    ShardKey max = BoundDocument.toKey(details.get("max"), key);
                    String from = string(details, "from");
                    String to = string(details, "to");
                    if (min == null || max == null || from == null || to == null || min.compareTo(max) >= 0) {
                        understood = false;
                    } else {
                        change = new ChunkMigration(time, ns, min, max, from, to);
                    }
                }
                case "merge" -> {
                    change = merge(time, ns, key, details);
                    understood = change != null;
                }
                default -> {}
            }
            if (!understood) {
                skipped.computeIfAbsent(ns, k -> new int[2])[1]++;
            }
            if (change != null) {
                out.add(change);
            }
        }
        pendingByNs.values().forEach(p -> out.add(p.toChange()));
        out.sort(Comparator.comparing(ChunkChange::time));
        List<Message> notes = new ArrayList<>();
        skipped.forEach((ns, counts) -> {
            if (counts[0] > 0) {
                notes.add(Message.of("live.note.entriesPredate", ns, counts[0]));
            }
            if (counts[1] > 0) {
                notes.add(Message.of(
                        "live.note.entriesNotUnderstood",
                        ns,
                        counts[1],
                        collections.get(ns).key().toString()));
            }
        });
        return new Result(out, notes);
    }

    private static ChunkSplit split(Instant time, String ns, ShardKeyPattern key, BsonDocument details) {
        ShardKey min = bound(details.get("before"), "min", key);
        ShardKey max = bound(details.get("before"), "max", key);
        ShardKey point = bound(details.get("left"), "max", key);
        ShardKey right = bound(details.get("right"), "min", key);
        if (min == null
                || max == null
                || point == null
                || (right != null && !right.equals(point))
                || point.compareTo(min) <= 0
                || point.compareTo(max) >= 0) {
            return null;
        }
        return new ChunkSplit(
                time,
                ns,
                min,
                max,
                version(sub(details, "before"), "lastmod"),
                List.of(point),
                2,
                string(details, "owningShard"));
    }

    private static ChunkMerge merge(Instant time, String ns, ShardKeyPattern key, BsonDocument details) {
        if (details.isArray("merged")) {
            List<ShardKey[]> ranges = new ArrayList<>();
            String shard = string(details, "owningShard");
            for (BsonValue v : details.getArray("merged")) {
                ShardKey min = bound(v, "min", key);
                ShardKey max = bound(v, "max", key);
                if (min == null || max == null) {
                    return null;
                }
                ranges.add(new ShardKey[] {min, max});
                if (shard == null && v.isDocument() && v.asDocument().isString("shard")) {
                    shard = v.asDocument().getString("shard").getValue();
                }
            }
            if (ranges.size() < 2) {
                return null;
            }
            ranges.sort((a, b) -> a[0].compareTo(b[0]));
            List<ShardKey> inner = new ArrayList<>();
            for (int i = 1; i < ranges.size(); i++) {
                if (!ranges.get(i)[0].equals(ranges.get(i - 1)[1])) {
                    return null;
                }
                inner.add(ranges.get(i)[0]);
            }
            return new ChunkMerge(
                    time, ns, ranges.get(0)[0], ranges.get(ranges.size() - 1)[1], inner, ranges.size(), shard);
        }
        ShardKey min = BoundDocument.toKey(details.get("min"), key);
        ShardKey max = BoundDocument.toKey(details.get("max"), key);
        if (min == null || max == null || min.compareTo(max) >= 0) {
            return null;
        }
        int chunks =
                details.isNumber("numChunks") ? details.getNumber("numChunks").intValue() : -1;
        return new ChunkMerge(time, ns, min, max, null, chunks, string(details, "owningShard"));
    }

    /**
     * A version as changelog details write it: a Timestamp (4.4/5.0 {@code appendLegacyWithField}),
     * the positional array {@code [v, epoch, timestamp]}, or an object {@code {e, t, v}} or
     * {@code {0: v, …}} (mongo {@code src/mongo/s/chunk_version.idl}); null otherwise.
     */
    static ChunkVersion version(BsonDocument parent, String field) {
        if (parent == null) {
            return null;
        }
        BsonValue v = parent.get(field);
        if (v != null && v.isArray() && !v.asArray().isEmpty()) {
            v = v.asArray().get(0);
        } else if (v != null && v.isDocument()) {
            BsonDocument d = v.asDocument();
            v = d.containsKey("v") ? d.get("v") : d.get("0");
        }
        if (v == null || !v.isTimestamp()) {
            return null;
        }
        long major = Integer.toUnsignedLong(v.asTimestamp().getTime());
        long minor = Integer.toUnsignedLong(v.asTimestamp().getInc());
        return major > Integer.MAX_VALUE || minor > Integer.MAX_VALUE
                ? null
                : new ChunkVersion((int) major, (int) minor);
    }

    private static ShardKey bound(BsonValue parent, String field, ShardKeyPattern key) {
        return parent != null && parent.isDocument()
                ? BoundDocument.toKey(parent.asDocument().get(field), key)
                : null;
    }

    private static BsonDocument sub(BsonDocument doc, String field) {
        return doc.isDocument(field) ? doc.getDocument(field) : null;
    }

    private static String string(BsonDocument doc, String field) {
        return doc.isString(field) ? doc.getString(field).getValue() : null;
    }

    private static String key(BsonDocument details) {
        BsonValue before = details.get("before");
        return before == null ? "" : BsonPrinter.canonicalJson(before);
    }

    /** The entries of one multi-split, gathered until an entry of another change arrives. */
    private static final class MultiSplit {
        final Instant time;
        final String ns;
        final ShardKey min;
        final ShardKey max;
        final ChunkVersion before;
        final int pieces;
        final String shard;
        final String beforeKey;
        final List<ShardKey> points = new ArrayList<>();

        MultiSplit(
                Instant time,
                String ns,
                ShardKey min,
                ShardKey max,
                ChunkVersion before,
                int pieces,
                String shard,
                String beforeKey) {
            this.time = time;
            this.ns = ns;
            this.min = min;
            this.max = max;
            this.before = before;
            this.pieces = pieces;
            this.shard = shard;
            this.beforeKey = beforeKey;
        }

        boolean matches(String otherNs, BsonDocument details) {
            return ns.equals(otherNs) && beforeKey.equals(key(details));
        }

        ChunkSplit toChange() {
            List<ShardKey> sorted = points.stream().distinct().sorted().toList();
            return new ChunkSplit(time, ns, min, max, before, sorted, pieces, shard);
        }
    }
}
