package io.shardlab.live;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.text.Message;
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
 *       in config.shards (every 8.0 dump seen; no 7.0 one): 8.0 on;</li>
 *   <li>a {@code removeShard.stopShardDraining} entry in config.changelog: 8.3 on ({@link #fromChangelog}),
 *       read before the shape.</li>
 * </ul>
 * Without any of them (5.0 to 6.2) 5.0 is taken; a source with no sharded collection gets
 * {@link MongoVersion#DEFAULT}, said as assumed.
 */
public final class ReleaseInference {

    private static final String COLLECTIONS = "config.collections";

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
                        Message.of("live.release.serverReports", server.get().version()));
            }
        }
        Optional<String> recorded = source.recordedServerVersion();
        if (recorded.isPresent() && parse(recorded.get()).isPresent()) {
            return new SourceRelease(
                    parse(recorded.get()).get(),
                    SourceRelease.Basis.DUMP,
                    Message.of("live.release.dumpRecords", recorded.get()));
        }
        Optional<SourceRelease> routers = fromRouters(source.documents("mongos"));
        if (routers.isPresent()) {
            return routers.get();
        }
        Optional<SourceRelease> changelog = fromChangelog(source.documents("changelog"));
        if (changelog.isPresent()) {
            return changelog.get();
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
                        v.get(), SourceRelease.Basis.SNAPSHOT, Message.of("live.release.snapshotServer", text));
            }
        }
        Matcher m = Pattern.compile("^simulated MongoDB (\\S+)").matcher(source); // untranslated: a snapshot's source
        if (m.find() && parse(m.group(1)).isPresent()) {
            return new SourceRelease(
                    parse(m.group(1)).get(),
                    SourceRelease.Basis.SNAPSHOT,
                    Message.of("live.release.snapshotSimulated", m.group(1)));
        }
        if (capture.isDocument("collection")) {
            return chunksByUuid
                    ? inferred(
                            MongoVersion.V5_0,
                            List.of(Message.of("live.release.capturedByUuid")),
                            orLater(MongoVersion.V5_0),
                            taken(MongoVersion.V5_0))
                    : inferred(
                            MongoVersion.V4_4,
                            List.of(Message.of("live.release.capturedByNs")),
                            range(MongoVersion.V4_0, MongoVersion.V4_4),
                            Message.of("live.release.choice.newest44"));
        }
        return new SourceRelease(
                MongoVersion.DEFAULT, SourceRelease.Basis.ASSUMED, Message.of("live.release.snapshotUnknown"));
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
                Message.of(mongos.size() > 1 ? "live.release.routersLast" : "live.release.routers", text)));
    }

    /**
     * 8.3 or later when config.changelog records a {@code removeShard.stopShardDraining}, which only the
     * {@code stopShardDraining} command of 8.3 writes (mongo {@code sharding_catalog_manager_shard_operations.cpp},
     * {@code stopDrain}; docs release-notes/8.3 "Remove Shard Changes").
     */
    static Optional<SourceRelease> fromChangelog(List<BsonDocument> changelog) {
        if (!any(changelog, d -> new BsonString("removeShard.stopShardDraining").equals(d.get("what")))) {
            return Optional.empty();
        }
        return Optional.of(inferred(
                MongoVersion.V8_3,
                List.of(Message.of("live.release.stopShardDraining")),
                orLater(MongoVersion.V8_3),
                taken(MongoVersion.V8_3)));
    }

    /** The release the metadata's shape implies (see the class comment). */
    static SourceRelease fromShape(
            List<BsonDocument> collections,
            List<BsonDocument> chunks,
            List<BsonDocument> shards,
            List<BsonDocument> settings) {
        if (collections.isEmpty() && chunks.isEmpty()) {
            return new SourceRelease(
                    MongoVersion.DEFAULT, SourceRelease.Basis.ASSUMED, Message.of("live.release.noShape"));
        }
        boolean byUuid = any(collections, d -> d.isTimestamp("timestamp"))
                || any(chunks, d -> d.containsKey("uuid") && !d.containsKey("ns"));
        if (!byUuid) {
            List<Message> evidence = new ArrayList<>();
            evidence.add(Message.of("live.release.chunksByNs"));
            if (any(collections, d -> d.containsKey("dropped"))) {
                evidence.add(fieldIn("dropped", COLLECTIONS));
            }
            if (!chunks.isEmpty() && all(chunks, d -> d.isArray("history"))) {
                evidence.add(Message.of("live.release.historyOnEveryChunk"));
            }
            return inferred(
                    MongoVersion.V4_4,
                    evidence,
                    range(MongoVersion.V4_0, MongoVersion.V4_4),
                    Message.of("live.release.choice.newest44Alike"));
        }
        List<Message> evidence = new ArrayList<>();
        evidence.add(
                any(collections, d -> d.isTimestamp("timestamp"))
                        ? fieldIn("timestamp", COLLECTIONS)
                        : Message.of("live.release.chunksByUuid"));
        List<Message> eight = new ArrayList<>();
        if (any(
                collections,
                d -> d.isBoolean("unsplittable") && d.getBoolean("unsplittable").getValue())) {
            eight.add(fieldIn("unsplittable", COLLECTIONS));
        }
        if (any(shards, d -> d.containsKey("replSetConfigVersion"))) {
            eight.add(fieldIn("replSetConfigVersion", "config.shards"));
        }
        if (!eight.isEmpty()) {
            evidence.addAll(eight);
            return inferred(MongoVersion.V8_0, evidence, orLater(MongoVersion.V8_0), taken(MongoVersion.V8_0));
        }
        List<Message> seven = new ArrayList<>();
        if (!chunks.isEmpty() && all(chunks, d -> d.containsKey("onCurrentShardSince"))) {
            seven.add(Message.of("live.release.onCurrentShardSinceOnEveryChunk"));
        }
        if (any(collections, d -> d.containsKey("enableAutoMerge"))) {
            seven.add(fieldIn("enableAutoMerge", COLLECTIONS));
        }
        if (any(settings, d -> new BsonString("automerge").equals(d.get("_id")))) {
            seven.add(Message.of("live.release.automergeSetting"));
        }
        if (!seven.isEmpty()) {
            evidence.addAll(seven);
            return inferred(
                    MongoVersion.V7_0,
                    evidence,
                    range(MongoVersion.V6_3, MongoVersion.V7_3),
                    Message.of("live.release.choice.seven"));
        }
        List<Message> sixPointThree = new ArrayList<>();
        for (String field : List.of("maxChunkSizeBytes", "defragmentCollection", "defragmentationPhase")) {
            if (any(collections, d -> d.containsKey(field))) {
                sixPointThree.add(fieldIn(field, COLLECTIONS));
            }
        }
        if (any(chunks, d -> d.containsKey("estimatedDataSizeBytes"))) {
            sixPointThree.add(fieldIn("estimatedDataSizeBytes", "config.chunks"));
        }
        if (!sixPointThree.isEmpty()) {
            evidence.addAll(sixPointThree);
            return inferred(
                    MongoVersion.V6_0,
                    evidence,
                    range(MongoVersion.V5_3, MongoVersion.V6_2),
                    Message.of("live.release.choice.six"));
        }
        evidence.add(Message.of("live.release.noOnCurrentShardSince"));
        return inferred(
                MongoVersion.V5_0,
                evidence,
                range(MongoVersion.V5_0, MongoVersion.V6_2),
                Message.of("live.release.choice.five"));
    }

    private static SourceRelease inferred(MongoVersion version, List<Message> evidence, Message range, Message choice) {
        return new SourceRelease(
                version,
                SourceRelease.Basis.INFERRED,
                Message.of("live.release.shape", joined(evidence), range, choice));
    }

    /** {@code "a, b and c"} in the user's language. */
    private static Message joined(List<Message> parts) {
        Message said = parts.get(0);
        for (int i = 1; i < parts.size() - 1; i++) {
            said = Message.of("live.release.listNext", said, parts.get(i));
        }
        return parts.size() == 1 ? said : Message.of("live.release.listLast", said, parts.get(parts.size() - 1));
    }

    private static Message fieldIn(String field, String collection) {
        return Message.of("live.release.fieldIn", field, collection);
    }

    private static Message range(MongoVersion oldest, MongoVersion newest) {
        return Message.of("live.release.range", oldest.toString(), newest.toString());
    }

    private static Message orLater(MongoVersion oldest) {
        return Message.of("live.release.orLater", oldest.toString());
    }

    private static Message taken(MongoVersion version) {
        return Message.of("live.release.taken", version.toString());
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
