package io.shardlab.live;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.ActiveMigration;
import io.shardlab.cluster.ActiveWindow;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.InvalidShardKeyException;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.time.Instant;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The anti-corruption layer for the small config collections: turns config.shards,
 * config.databases, config.collections, config.tags and config.settings documents into ShardLab
 * types. A document that does not have MongoDB's shape is reported as a {@link MetadataProblem}
 * and skipped; decoding never fails.
 *
 * <p>Shapes: docs {@code reference/config-database} (shards, databases, collections, tags,
 * settings); mongo {@code src/mongo/s/catalog/type_database.idl} and {@code type_collection.idl}
 * (6.0 era); {@code type_tags.cpp} ({@code toBSON} writes {@code ns, tag, min, max}, as quoted in
 * reference/mongodb-sharding.md §3.5); the balancer settings of
 * {@code src/mongo/s/balancer_configuration.cpp} as quoted there in §3.6.
 */
final class ConfigCatalogDecoder {

    /** {@code "hh:mm"} as the server's {@code toPointInTime} scans it: {@code "%d:%d"}, text after it ignored. */
    private static final Pattern TIME_OF_DAY =
            Pattern.compile("\\s*\\+?(\\d{1,9}):\\s*\\+?(\\d{1,9}).*", Pattern.DOTALL);

    private final List<MetadataProblem> problems = new ArrayList<>();

    /** The problems found so far, in the order found. */
    List<MetadataProblem> problems() {
        return List.copyOf(problems);
    }

    private void problem(String namespace, String key, Object... arguments) {
        problems.add(new MetadataProblem(namespace, Message.of(key, arguments)));
    }

    /** config.shards: {@code {_id, host, state, tags?, draining?, topologyTime?, …}}. */
    List<Shard> shards(List<BsonDocument> docs) {
        Map<String, Shard> shards = new TreeMap<>();
        for (BsonDocument doc : docs) {
            if (!doc.isString("_id") || doc.getString("_id").getValue().isBlank()) {
                problem("", "live.problem.shardNoId", oneLine(doc));
                continue;
            }
            String id = doc.getString("_id").getValue();
            String host = doc.isString("host") ? doc.getString("host").getValue() : "";
            if (host.isEmpty()) {
                problem("", "live.problem.shardNoHost", id);
            }
            Set<String> zones = new LinkedHashSet<>();
            if (doc.containsKey("tags")) {
                if (doc.isArray("tags")) {
                    for (BsonValue tag : doc.getArray("tags")) {
                        if (tag.isString()) {
                            zones.add(tag.asString().getValue());
                        } else {
                            problem("", "live.problem.shardZoneNotString", id, BsonPrinter.shell(tag));
                        }
                    }
                } else {
                    problem("", "live.problem.shardTagsNotArray", id);
                }
            }
            boolean draining =
                    doc.isBoolean("draining") && doc.getBoolean("draining").getValue();
            // maxSize (MB) as addShard wrote it before 6.2 (mongo src/mongo/s/catalog/type_shard.cpp)
            long maxSize = 0;
            if (doc.containsKey("maxSize")) {
                if (doc.isNumber("maxSize") && doc.getNumber("maxSize").longValue() >= 0) {
                    maxSize = doc.getNumber("maxSize").longValue();
                } else {
                    problem("", "live.problem.shardMaxSize", id, BsonPrinter.shell(doc.get("maxSize")));
                }
            }
            boolean tagsListed = doc.isArray("tags");
            if (shards.put(id, new Shard(id, host, zones, draining, maxSize, tagsListed)) != null) {
                problem("", "live.problem.shardTwice", id);
            }
        }
        return List.copyOf(shards.values());
    }

    /** config.databases: {@code {_id, primary, partitioned?, version}}. */
    List<DatabaseEntry> databases(List<BsonDocument> docs) {
        List<DatabaseEntry> out = new ArrayList<>();
        for (BsonDocument doc : docs) {
            if (!doc.isString("_id")) {
                problem("", "live.problem.databaseNoId", oneLine(doc));
                continue;
            }
            String name = doc.getString("_id").getValue();
            String primary = doc.isString("primary") ? doc.getString("primary").getValue() : "";
            if (primary.isEmpty()) {
                problem("", "live.problem.databaseNoPrimary", name);
            }
            Boolean partitioned =
                    doc.isBoolean("partitioned") ? doc.getBoolean("partitioned").getValue() : null;
            out.add(new DatabaseEntry(name, primary, partitioned));
        }
        out.sort(Comparator.comparing(DatabaseEntry::name));
        return out;
    }

    /**
     * config.collections, without dropped collections ({@code dropped: true}, 4.4 and before) and
     * without the tracked unsharded collections of 8.0 ({@code unsplittable: true}).
     */
    List<CollectionEntry> collections(List<BsonDocument> docs) {
        return entries(docs, false);
    }

    /**
     * config.collections' tracked unsharded collections of 8.0+ ({@code unsplittable: true}, key {@code {_id: 1}},
     * one chunk), whose chunk in config.chunks names their shard. A malformed one is left out silently: it is already
     * reported as a problem by {@link #collections} when it has no {@code _id}, and is no sharded collection else.
     */
    List<CollectionEntry> unsplittableCollections(List<BsonDocument> docs) {
        return entries(docs.stream().filter(d -> isTrue(d, "unsplittable")).toList(), true);
    }

    private List<CollectionEntry> entries(List<BsonDocument> docs, boolean unsplittable) {
        List<CollectionEntry> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (BsonDocument doc : docs) {
            if (!doc.isString("_id") || !doc.getString("_id").getValue().contains(".")) {
                if (!unsplittable) {
                    problem("", "live.problem.collectionNoId", oneLine(doc));
                }
                continue;
            }
            String ns = doc.getString("_id").getValue();
            if (isTrue(doc, "dropped") || isTrue(doc, "unsplittable") != unsplittable) {
                continue;
            }
            if (!doc.isDocument("key")) {
                problem(ns, "live.problem.collectionNoKey");
                continue;
            }
            ShardKeyPattern key;
            try {
                key = ShardKeyPattern.of(doc.getDocument("key"));
            } catch (InvalidShardKeyException e) {
                problem(
                        ns,
                        "live.problem.collectionKeyInvalid",
                        BsonPrinter.shell(doc.getDocument("key")),
                        e.getMessage());
                continue;
            }
            if (!seen.add(ns)) {
                problem(ns, "live.problem.collectionTwice");
                continue;
            }
            var uuid = doc.isBinary("uuid") ? doc.getBinary("uuid") : null;
            if (uuid != null
                    && uuid.getType() != BsonBinarySubType.UUID_STANDARD.getValue()
                    && uuid.getType() != BsonBinarySubType.UUID_LEGACY.getValue()) {
                problem(ns, "live.problem.uuidSubtype", String.valueOf(uuid.getType()));
            }
            boolean byUuid = doc.isTimestamp("timestamp");
            Instant start = null;
            if (byUuid) {
                start = Instant.ofEpochSecond(
                        Integer.toUnsignedLong(doc.getTimestamp("timestamp").getTime()));
            } else if (doc.isObjectId("lastmodEpoch")) {
                start = Instant.ofEpochSecond(Integer.toUnsignedLong(
                        doc.getObjectId("lastmodEpoch").getValue().getTimestamp()));
            }
            out.add(new CollectionEntry(ns, key, isTrue(doc, "unique"), uuid, byUuid, start, flags(doc)));
        }
        out.sort(Comparator.comparing(CollectionEntry::namespace));
        return out;
    }

    /**
     * The unsharded collections of a {@code $listClusterCatalog} reply run with {@code {shards: true, tracked: true}}:
     * documents {@code {db, ns, type, info, options, idIndex?, sharded, tracked, shardKey?, shards}} (mongo
     * {@code src/mongo/db/pipeline/document_source_list_cluster_catalog.cpp}: {@code sharded} is false for an
     * untracked or {@code unsplittable} collection, {@code shards} the chunks' shards of a tracked one and the database
     * primary of an untracked one). Views hold no data and are left out, as are the {@code admin}, {@code config}
     * and {@code local} databases and {@code system.} collections, which the board does not place; a document
     * without a namespace or a shard is a problem and left out.
     */
    List<UnshardedCollection> clusterCatalog(List<BsonDocument> docs) {
        List<UnshardedCollection> out = new ArrayList<>();
        for (BsonDocument doc : docs) {
            if (!doc.isString("ns") || !doc.getString("ns").getValue().contains(".")) {
                problems.add(new MetadataProblem("", Message.of("live.problem.catalogNoNamespace", oneLine(doc))));
                continue;
            }
            String ns = doc.getString("ns").getValue();
            String db = ns.substring(0, ns.indexOf('.'));
            boolean internal = db.equals("admin")
                    || db.equals("config")
                    || db.equals("local")
                    || ns.substring(db.length() + 1).startsWith("system.");
            boolean view =
                    doc.isString("type") && doc.getString("type").getValue().equals("view");
            if (internal || view || isTrue(doc, "sharded")) {
                continue;
            }
            if (!doc.isArray("shards")
                    || doc.getArray("shards").isEmpty()
                    || !doc.getArray("shards").get(0).isString()) {
                problems.add(new MetadataProblem(ns, Message.of("live.problem.catalogNoShard", ns)));
                continue;
            }
            out.add(new UnshardedCollection(
                    ns, doc.getArray("shards").get(0).asString().getValue(), isTrue(doc, "tracked")));
        }
        return out;
    }

    /**
     * {@code doc}'s chunk size {@code field} as a whole number (a fraction is cut, as MongoDB's
     * {@code safeInt64} does), null when absent; {@link SourceLayout#chunkSize()} checks its range.
     *
     * @throws RefusedInput naming the field and its value when it is not a number
     */
    static Long chunkSize(BsonDocument doc, String field) {
        if (!doc.containsKey(field)) {
            return null;
        }
        if (!doc.isNumber(field)) {
            throw new RefusedInput(Message.of("live.refused.chunkSizeNotANumber", field, oneLine(doc)));
        }
        return doc.getNumber(field).longValue();
    }

    private static BalancingFlags flags(BsonDocument doc) {
        return new BalancingFlags(
                isTrue(doc, "noBalance"),
                bool(doc, "allowMigrations"),
                bool(doc, "permitMigrations"),
                chunkSize(doc, "maxChunkSizeBytes"),
                bool(doc, "noAutoSplit"),
                bool(doc, "defragmentCollection"),
                bool(doc, "enableAutoMerge"));
    }

    /**
     * The migrations the balancer has in progress for one collection, from config.migrations
     * documents {@code {ns, min, max, fromShard, toShard, chunkVersion, waitForDelete, forceJumbo, …}}
     * (mongo {@code src/mongo/db/s/balancer/type_migration.cpp}; the same fields in every release
     * ShardLab reads, {@code maxChunkSizeBytes} and {@code secondaryThrottle} added later). A
     * document that does not parse is a problem of the collection, and is left out.
     */
    List<ActiveMigration> migrations(CollectionEntry entry, List<BsonDocument> docs, List<Shard> shards) {
        Set<String> ids = new HashSet<>();
        shards.forEach(s -> ids.add(s.id()));
        List<ActiveMigration> out = new ArrayList<>();
        String ns = entry.namespace();
        for (BsonDocument doc : ofNamespace(docs, ns)) {
            if (!doc.isString("fromShard") || !doc.isString("toShard")) {
                problem(ns, "live.problem.migrationNoShards", oneLine(doc));
                continue;
            }
            String from = doc.getString("fromShard").getValue();
            String to = doc.getString("toShard").getValue();
            ShardKey min = bound(doc.get("min"), entry.key(), ns, Message.of("live.problem.bound.migrationMin"));
            ShardKey max = bound(doc.get("max"), entry.key(), ns, Message.of("live.problem.bound.migrationMax"));
            if (min == null || max == null) {
                continue;
            }
            if (min.compareTo(max) >= 0 || from.equals(to) || !ids.contains(from) || !ids.contains(to)) {
                problem(ns, "live.problem.migrationInvalid", min.toString(), max.toString(), from, to);
                continue;
            }
            out.add(new ActiveMigration(min, max, from, to));
        }
        return out;
    }

    /** The documents of {@code docs} whose {@code ns} is {@code namespace}. */
    private static List<BsonDocument> ofNamespace(List<BsonDocument> docs, String namespace) {
        return docs.stream()
                .filter(d -> d.isString("ns") && d.getString("ns").getValue().equals(namespace))
                .toList();
    }

    /** The zone ranges of one collection from config.tags documents {@code {ns, min, max, tag}}. */
    List<ZoneRange> zones(CollectionEntry entry, List<BsonDocument> tags, List<Shard> shards) {
        Set<String> assigned = new HashSet<>();
        shards.forEach(s -> assigned.addAll(s.zones()));
        List<ZoneRange> out = new ArrayList<>();
        String ns = entry.namespace();
        for (BsonDocument doc : ofNamespace(tags, ns)) {
            if (!doc.isString("tag") || doc.getString("tag").getValue().isBlank()) {
                problem(ns, "live.problem.zoneNoName", oneLine(doc));
                continue;
            }
            String zone = doc.getString("tag").getValue();
            ShardKey min = bound(doc.get("min"), entry.key(), ns, Message.of("live.problem.bound.zoneMin", zone));
            ShardKey max = bound(doc.get("max"), entry.key(), ns, Message.of("live.problem.bound.zoneMax", zone));
            if (min == null || max == null) {
                continue;
            }
            if (min.compareTo(max) >= 0) {
                problem(ns, "live.problem.zoneEmpty", zone, min.toString(), max.toString());
                continue;
            }
            out.add(new ZoneRange(min, max, zone));
            if (!assigned.contains(zone)) {
                problem(ns, "live.problem.zoneUnassigned", min.toString(), max.toString(), zone);
            }
        }
        out.sort((a, b) -> a.min().compareTo(b.min()));
        for (int i = 1; i < out.size(); i++) {
            if (out.get(i - 1).max().compareTo(out.get(i).min()) > 0) {
                ZoneRange before = out.get(i - 1);
                ZoneRange after = out.get(i);
                problem(
                        entry.namespace(),
                        "live.problem.zonesOverlap",
                        before.min().toString(),
                        before.max().toString(),
                        before.zone(),
                        after.min().toString(),
                        after.max().toString(),
                        after.zone());
            }
        }
        return out;
    }

    /**
     * A bound document ({@code {a: 1, b: MinKey}}) as a shard key; null with a problem when it is
     * not an object with exactly the pattern's fields in order.
     */
    ShardKey bound(BsonValue value, ShardKeyPattern pattern, String ns, Message what) {
        ShardKey key = BoundDocument.toKey(value, pattern);
        if (key == null && value == null) {
            problem(ns, "live.problem.boundMissing", what);
        } else if (key == null) {
            problem(ns, "live.problem.boundFields", what, BsonPrinter.shell(value), pattern.toString());
        }
        return key;
    }

    /**
     * config.settings' balancer {@code activeWindow} as the server reads it (mongo
     * {@code src/mongo/s/balancer_configuration.cpp}, {@code BalancerSettingsType::fromBSON} and
     * {@code toPointInTime}): {@code start} and {@code stop} are both non-empty strings, each a time of day
     * {@code "h:m"} (the server scans {@code "%d:%d"}: hours 0 to 23 and minutes 0 to 59, {@code "9:00"} as well as
     * {@code "09:00"}, anything after the minutes ignored), and they differ. A negative hour or minute, which the server's check
     * ({@code hh / 24 || mm / 60}) lets through as a time of the previous day, is refused here.
     *
     * @throws IllegalArgumentException with the server's message, when it refuses the document
     */
    static ActiveWindow activeWindow(BsonDocument window) {
        if (window.isEmpty()) {
            throw new IllegalArgumentException("activeWindow not specified"); // untranslated: the server's message
        }
        if (!window.isString("start")
                || !window.isString("stop")
                || window.getString("start").getValue().isEmpty()
                || window.getString("stop").getValue().isEmpty()) {
            throw new IllegalArgumentException(
                    "must specify both start and stop of balancing window: " + oneLine(window)); // untranslated: server
        }
        LocalTime start = timeOfDay(window.getString("start").getValue());
        LocalTime stop = timeOfDay(window.getString("stop").getValue());
        if (start == null || stop == null) {
            throw new IllegalArgumentException(
                    "activeWindow format is  { start: \"hh:mm\" , stop: \"hh:mm\" }"); // untranslated: server
        }
        if (start.equals(stop)) {
            throw new IllegalArgumentException("start and stop times must be different"); // untranslated: server
        }
        return new ActiveWindow(start, stop);
    }

    /** The time of day {@code text} names, or null when it is not one. */
    private static LocalTime timeOfDay(String text) {
        Matcher m = TIME_OF_DAY.matcher(text);
        if (!m.matches()) {
            return null;
        }
        int hours = Integer.parseInt(m.group(1));
        int minutes = Integer.parseInt(m.group(2));
        return hours < 24 && minutes < 60 ? LocalTime.of(hours, minutes) : null;
    }

    /**
     * The balancer state from the balancerStatus reply when there is one, else from config.settings.
     *
     * @param server the live server, for the default chunk size of its version; null offline
     */
    BalancerState balancer(List<BsonDocument> settings, BsonDocument balancerStatus, ServerInfo server) {
        BsonDocument balancer = setting(settings, "balancer");
        BsonDocument chunkSize = setting(settings, "chunksize");
        BsonDocument autoSplit = setting(settings, "autosplit");
        BsonDocument autoMerge = setting(settings, "automerge");
        String mode;
        String source;
        Boolean inRound = null;
        Long rounds = null;
        if (balancerStatus != null && balancerStatus.isString("mode")) {
            mode = balancerStatus.getString("mode").getValue();
            source = BalancerState.FROM_BALANCER_STATUS;
            inRound = balancerStatus.isBoolean("inBalancerRound")
                    ? balancerStatus.getBoolean("inBalancerRound").getValue()
                    : null;
            rounds = balancerStatus.isNumber("numBalancerRounds")
                    ? balancerStatus.getNumber("numBalancerRounds").longValue()
                    : null;
        } else {
            source = BalancerState.FROM_SETTINGS;
            if (balancer != null && isTrue(balancer, "stopped")) {
                mode = "off";
            } else if (balancer != null && balancer.isString("mode")) {
                mode = balancer.getString("mode").getValue();
            } else {
                mode = "full";
            }
        }
        ActiveWindow window = null;
        if (balancer != null && balancer.isDocument("activeWindow")) {
            BsonDocument w = balancer.getDocument("activeWindow");
            try {
                window = activeWindow(w);
            } catch (IllegalArgumentException e) {
                problem("", "live.problem.activeWindowRefused", oneLine(w), e.getMessage());
            }
        }
        Integer sizeMB = null;
        String sizeSource;
        if (chunkSize != null && chunkSize.containsKey("value")) {
            sizeMB = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, chunkSize(chunkSize, "value")));
            sizeSource = BalancerState.FROM_SETTINGS;
        } else if (server != null) {
            // ChunkSizeSettingsType::kDefaultMaxChunkSizeBytes: 64 MB before 6.0, 128 MB from 6.0
            // (mongo src/mongo/s/balancer_configuration.cpp).
            sizeMB = server.isAtLeast(6, 0, 0) ? 128 : 64;
            sizeSource = "default for " + server.version(); // untranslated: a value captures and --json record
        } else {
            sizeSource = "not set; the default is 64 MB before 6.0 and 128 MB from 6.0"; // untranslated: recorded
        }
        boolean split = autoSplit == null
                || !autoSplit.isBoolean("enabled")
                || autoSplit.getBoolean("enabled").getValue();
        Boolean merge = autoMerge != null && autoMerge.isBoolean("enabled")
                ? autoMerge.getBoolean("enabled").getValue()
                : null;
        return new BalancerState(mode, source, inRound, rounds, window, sizeMB, sizeSource, split, merge);
    }

    private static BsonDocument setting(List<BsonDocument> settings, String id) {
        for (BsonDocument doc : settings) {
            if (doc.isString("_id") && doc.getString("_id").getValue().equals(id)) {
                return doc;
            }
        }
        return null;
    }

    private static boolean isTrue(BsonDocument doc, String field) {
        return doc.isBoolean(field) && doc.getBoolean(field).getValue();
    }

    private static Boolean bool(BsonDocument doc, String field) {
        return doc.isBoolean(field) ? doc.getBoolean(field).getValue() : null;
    }

    static String oneLine(BsonValue doc) {
        String text = BsonPrinter.shell(doc);
        return text.length() > 200 ? text.substring(0, 197) + "..." : text;
    }
}
