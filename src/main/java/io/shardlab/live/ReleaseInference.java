package io.shardlab.live;

import io.shardlab.cluster.MongoVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * Finds the MongoDB release a {@link ConfigSource} came from: the one place the CLI and the GUI ask.
 * In order: the server's own answer ({@code buildInfo}); the version a dump recorded (a mongodump
 * archive's prelude {@code server_version}); the routers' {@code config.mongos.mongoVersion} (the most
 * recent ping); otherwise the metadata's shape, always reported as inferred with its evidence. The
 * shape markers and their releases, per {@code mongodb-releases.md} §4 and MongoDB's sources:
 * <ul>
 *   <li>config.chunks keyed by {@code ns} (no {@code uuid}), {@code dropped} in config.collections: FCV
 *       4.4 or older (DOCS-14450, MONGOSH-1179: "If it has a 'timestamp' field, then chunks have the new
 *       format and should be queried by 'uuid'"); 4.0, 4.2 and 4.4 write the same shape, so 4.4, the
 *       newest of them, is taken;</li>
 *   <li>{@code timestamp} in config.collections or {@code uuid} in config.chunks: 5.0 on (DOCS-14450);</li>
 *   <li>{@code maxChunkSizeBytes}, {@code defragmentCollection}, {@code defragmentationPhase} in
 *       config.collections or {@code estimatedDataSizeBytes} in config.chunks: 5.3 on
 *       ({@code configureCollectionBalancing}, "New in version 5.3"), taken as 6.0;</li>
 *   <li>{@code onCurrentShardSince} on every chunk (backfilled on upgrade), {@code enableAutoMerge} in
 *       config.collections or a {@code config.settings {_id: "automerge"}}: 6.3 / 7.0 on (SERVER-71615,
 *       SERVER-71616; docs {@code core/automerger-concept}), taken as 7.0;</li>
 *   <li>{@code unsplittable: true} in config.collections (SERVER-84637) or {@code replSetConfigVersion}
 *       in config.shards (every 8.0 dump seen; no 7.0 one): 8.0 on.</li>
 * </ul>
 * Without any of them (5.0 to 6.2) 5.0 is taken; a source with no sharded collection gets
 * {@link MongoVersion#DEFAULT}, said as assumed.
 */
public final class ReleaseInference {

    private ReleaseInference() {}

    /** The release of {@code source}'s metadata. */
    public static SourceRelease of(ConfigSource source) {
        Optional<ServerInfo> server = source.server();
        if (server.isPresent()) {
            Optional<MongoVersion> v = parse(server.get().version());
            if (v.isPresent()) {
                return new SourceRelease(
                        v.get(),
                        SourceRelease.Basis.SERVER,
                        "the server reports " + server.get().version());
            }
        }
        Optional<String> recorded = source.recordedServerVersion();
        if (recorded.isPresent() && parse(recorded.get()).isPresent()) {
            return new SourceRelease(
                    parse(recorded.get()).get(),
                    SourceRelease.Basis.DUMP,
                    "the mongodump archive's prelude records server_version " + recorded.get());
        }
        Optional<SourceRelease> routers = fromRouters(source.documents("mongos"));
        if (routers.isPresent()) {
            return routers.get();
        }
        return fromShape(
                source.documents("collections"),
                source.documents("chunks"),
                source.documents("shards"),
                source.documents("settings"));
    }

    /**
     * The release of a snapshot file: the server it was captured from ({@code capture.server.version}),
     * the release it was simulated with (source {@code "simulated MongoDB 7.0"}), else its collection's
     * chunk keying ({@code capture.collection.chunksByUuid}).
     *
     * @param source the snapshot's {@code source}
     * @param capture the snapshot's live capture section; empty for a simulated snapshot
     * @param chunksByUuid whether the captured collection's chunks were keyed by uuid
     */
    public static SourceRelease ofSnapshot(String source, BsonDocument capture, boolean chunksByUuid) {
        if (capture.isDocument("server") && capture.getDocument("server").isString("version")) {
            String text = capture.getDocument("server").getString("version").getValue();
            Optional<MongoVersion> v = parse(text);
            if (v.isPresent()) {
                return new SourceRelease(
                        v.get(),
                        SourceRelease.Basis.SNAPSHOT,
                        "the snapshot was captured from a " + "server reporting " + text);
            }
        }
        Matcher m = Pattern.compile("^simulated MongoDB (\\S+)").matcher(source);
        if (m.find() && parse(m.group(1)).isPresent()) {
            return new SourceRelease(
                    parse(m.group(1)).get(),
                    SourceRelease.Basis.SNAPSHOT,
                    "the snapshot was simulated with MongoDB " + m.group(1) + " rules");
        }
        if (capture.isDocument("collection")) {
            return chunksByUuid
                    ? inferred(
                            MongoVersion.V5_0,
                            List.of("the captured collection's chunks keyed by uuid"),
                            "release 5.0 or later",
                            "5.0 is taken")
                    : inferred(
                            MongoVersion.V4_4,
                            List.of("the captured collection's chunks keyed by ns"),
                            "release 4.0 to 4.4",
                            "4.4, the newest that writes this shape, is taken");
        }
        return new SourceRelease(
                MongoVersion.DEFAULT,
                SourceRelease.Basis.ASSUMED,
                "the snapshot does not say which release it comes from");
    }

    /** The router that pinged last, by its recorded {@code mongoVersion}. */
    static Optional<SourceRelease> fromRouters(List<BsonDocument> mongos) {
        BsonDocument newest = null;
        for (BsonDocument d : mongos) {
            if (!d.isString("mongoVersion")
                    || parse(d.getString("mongoVersion").getValue()).isEmpty()) {
                continue;
            }
            if (newest == null
                    || (d.isDateTime("ping")
                            && (!newest.isDateTime("ping")
                                    || d.getDateTime("ping").getValue()
                                            > newest.getDateTime("ping").getValue()))) {
                newest = d;
            }
        }
        if (newest == null) {
            return Optional.empty();
        }
        String text = newest.getString("mongoVersion").getValue();
        return Optional.of(new SourceRelease(
                parse(text).get(),
                SourceRelease.Basis.ROUTERS,
                "config.mongos records mongoVersion " + text
                        + (mongos.size() > 1 ? " (the router that pinged last)" : "")));
    }

    /** The release the metadata's shape implies (see the class comment). */
    static SourceRelease fromShape(
            List<BsonDocument> collections,
            List<BsonDocument> chunks,
            List<BsonDocument> shards,
            List<BsonDocument> settings) {
        if (collections.isEmpty() && chunks.isEmpty()) {
            return new SourceRelease(
                    MongoVersion.DEFAULT,
                    SourceRelease.Basis.ASSUMED,
                    "the metadata holds no sharded collection whose shape tells the release");
        }
        boolean byUuid = any(collections, d -> d.isTimestamp("timestamp"))
                || any(chunks, d -> d.containsKey("uuid") && !d.containsKey("ns"));
        if (!byUuid) {
            List<String> evidence = new ArrayList<>();
            evidence.add("config.chunks keyed by ns");
            if (any(collections, d -> d.containsKey("dropped"))) {
                evidence.add("'dropped' in config.collections");
            }
            if (!chunks.isEmpty() && all(chunks, d -> d.isArray("history"))) {
                evidence.add("'history' on every chunk (FCV 4.0 or later)");
            }
            return inferred(
                    MongoVersion.V4_4,
                    evidence,
                    "release 4.0 to 4.4",
                    "4.4, the newest that writes this shape, is taken (4.0, 4.2 and 4.4 cannot be told apart by it)");
        }
        List<String> evidence = new ArrayList<>();
        evidence.add(
                any(collections, d -> d.isTimestamp("timestamp"))
                        ? "'timestamp' in config.collections"
                        : "config.chunks keyed by uuid");
        List<String> eight = new ArrayList<>();
        if (any(
                collections,
                d -> d.isBoolean("unsplittable") && d.getBoolean("unsplittable").getValue())) {
            eight.add("'unsplittable' in config.collections");
        }
        if (any(shards, d -> d.containsKey("replSetConfigVersion"))) {
            eight.add("'replSetConfigVersion' in config.shards");
        }
        if (!eight.isEmpty()) {
            evidence.addAll(eight);
            return inferred(MongoVersion.V8_0, evidence, "release 8.0 or later", "8.0 is taken");
        }
        List<String> seven = new ArrayList<>();
        if (!chunks.isEmpty() && all(chunks, d -> d.containsKey("onCurrentShardSince"))) {
            seven.add("'onCurrentShardSince' on every chunk");
        }
        if (any(collections, d -> d.containsKey("enableAutoMerge"))) {
            seven.add("'enableAutoMerge' in config.collections");
        }
        if (any(settings, d -> new BsonString("automerge").equals(d.get("_id")))) {
            seven.add("an automerge document in config.settings");
        }
        if (!seven.isEmpty()) {
            evidence.addAll(seven);
            return inferred(
                    MongoVersion.V7_0,
                    evidence,
                    "release 6.3 to 7.3",
                    "7.0, the long-term release, is taken (8.0 would add 'replSetConfigVersion' to config.shards)");
        }
        List<String> sixPointThree = new ArrayList<>();
        for (String field : List.of("maxChunkSizeBytes", "defragmentCollection", "defragmentationPhase")) {
            if (any(collections, d -> d.containsKey(field))) {
                sixPointThree.add("'" + field + "' in config.collections");
            }
        }
        if (any(chunks, d -> d.containsKey("estimatedDataSizeBytes"))) {
            sixPointThree.add("'estimatedDataSizeBytes' in config.chunks");
        }
        if (!sixPointThree.isEmpty()) {
            evidence.addAll(sixPointThree);
            return inferred(
                    MongoVersion.V6_0,
                    evidence,
                    "release 5.3 to 6.2",
                    "6.0, the long-term release, is taken (6.3 on would add 'onCurrentShardSince' to every chunk)");
        }
        evidence.add("no 'onCurrentShardSince' on the chunks");
        return inferred(
                MongoVersion.V5_0,
                evidence,
                "release 5.0 to 6.2",
                "5.0 is taken (5.0 and 6.0 cannot be told apart without balancing settings)");
    }

    private static SourceRelease inferred(MongoVersion version, List<String> evidence, String range, String choice) {
        return new SourceRelease(
                version, SourceRelease.Basis.INFERRED, joined(evidence) + " mean " + range + "; " + choice);
    }

    private static String joined(List<String> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        return String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.get(parts.size() - 1);
    }

    private static boolean any(List<BsonDocument> docs, Predicate<BsonDocument> test) {
        for (BsonDocument d : docs) {
            if (test.test(d)) {
                return true;
            }
        }
        return false;
    }

    private static boolean all(List<BsonDocument> docs, Predicate<BsonDocument> test) {
        for (BsonDocument d : docs) {
            if (!test.test(d)) {
                return false;
            }
        }
        return true;
    }

    private static Optional<MongoVersion> parse(String text) {
        try {
            return Optional.of(MongoVersion.parse(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
