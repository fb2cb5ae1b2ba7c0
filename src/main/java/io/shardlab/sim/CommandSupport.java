package io.shardlab.sim;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.Shard;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/** Argument checks shared by the commands, with MongoDB's texts. */
final class CommandSupport {

    private CommandSupport() {}

    /**
     * "Can't execute {@code cmd} on unsharded collection {@code ns}" (mongo
     * {@code s/commands/cluster_move_chunk_cmd.cpp}, {@code cluster_merge_chunks_cmd.cpp}), or empty.
     */
    static Optional<String> requireSharded(ClusterState state, String command, String namespace) {
        if (state.collection() == null || !state.collection().namespace().equals(namespace)) {
            return Optional.of("Can't execute " + command + " on unsharded collection " + namespace);
        }
        return Optional.empty();
    }

    /**
     * {@link #requireSharded} as a refusal: NamespaceNotSharded, as mongos answers for an unsharded
     * collection ({@code getShardedCollectionRoutingInfoWithRefresh} in the cluster commands).
     */
    static Optional<Refusal> requireShardedRefusal(ClusterState state, String command, String namespace) {
        return requireSharded(state, command, namespace).map(m -> new Refusal("NamespaceNotSharded", m));
    }

    /**
     * The config server's last check of a split (mongo {@code sharding_catalog_manager_chunk_operations.cpp}
     * {@code commitChunkSplit}: "verify that splits don't use disallowed BSON object format",
     * {@code ShardKeyPattern::checkShardKeyIsValidForMetadataStorage}): a point holding a value a bound may not
     * store (a regular expression) fails the whole split with BadValue, which the mongos reports as {@code split
     * failed :: caused by :: …} ({@code shard_util.cpp} {@code splitChunkAtMultiplePoints}).
     *
     * @return empty when every point may be stored
     */
    static Optional<Refusal> unstorableSplitPoint(ShardKeyPattern pattern, Iterable<ShardKey> points) {
        for (ShardKey p : points) {
            for (int i = 0; i < p.arity(); i++) {
                BsonValue v = p.get(i);
                if (!ShardKeyPattern.isValidShardKeyElementForStorage(v)) {
                    return Optional.of(new Refusal(
                            "BadValue",
                            "split failed :: caused by :: Shard key element "
                                    + BsonPrinter.serverString(
                                            pattern.fields().get(i).path(), v)
                                    + " is not valid for storage"));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The shard key of a bound document, fields in pattern order ({@code isShardKey} +
     * {@code normalizeShardKey}), or empty when the fields do not match the pattern.
     */
    static Optional<ShardKey> boundKey(ShardKeyPattern pattern, BsonDocument bound) {
        if (bound.size() != pattern.arity()) {
            return Optional.empty();
        }
        BsonValue[] values = new BsonValue[pattern.arity()];
        for (int i = 0; i < values.length; i++) {
            BsonValue v = bound.get(pattern.fields().get(i).path());
            if (v == null || v.isArray()) {
                return Optional.empty();
            }
            values[i] = v;
        }
        return Optional.of(ShardKey.of(values));
    }

    /**
     * The shard key a {@code find} query targets ({@code extractShardKeyFromBasicQuery}): every key
     * field needs an equality, a hashed field is hashed; empty when a field is missing.
     */
    static Optional<ShardKey> queryKey(ShardKeyPattern pattern, BsonDocument query) {
        BsonValue[] values = new BsonValue[pattern.arity()];
        ShardKeyHasher hasher = new ShardKeyHasher();
        for (int i = 0; i < values.length; i++) {
            KeyField f = pattern.fields().get(i);
            BsonValue v = equalityAt(query, f.path());
            if (v == null
                    || v.isArray()
                    || (v.isDocument()
                            && !v.asDocument().isEmpty()
                            && v.asDocument().getFirstKey().startsWith("$"))) {
                return Optional.empty();
            }
            values[i] = f.hashed() ? new BsonInt64(hasher.hash64(v)) : v;
        }
        return Optional.of(ShardKey.of(values));
    }

    /**
     * The value a query gives the key path {@code path} (mongo {@code shard_key_pattern.cpp}
     * {@code findEqualityElement}): the query's value for the longest prefix of the path it names, followed into that
     * value along the rest of the path, so {@code {a: {b: 0}}} gives {@code 'a.b'} the value 0 as {@code {'a.b': 0}}
     * does; null when the query names no prefix or the rest of the path is not there.
     */
    private static BsonValue equalityAt(BsonDocument query, String path) {
        String[] parts = path.split("\\.");
        for (int n = parts.length; n >= 1; n--) {
            BsonValue v = query.get(String.join(".", Arrays.copyOf(parts, n)));
            if (v == null) {
                continue;
            }
            for (int i = n; i < parts.length && v != null; i++) {
                v = v.isDocument() ? v.asDocument().get(parts[i]) : null;
            }
            return v;
        }
        return null;
    }

    /** "no shard key found in chunk query { … }" (mongo cluster_split_cmd.cpp / cluster_move_chunk_cmd.cpp). */
    static String noShardKeyInQuery(BsonDocument query) {
        return "no shard key found in chunk query " + ServerText.of(query);
    }

    /** "shard key bounds [{…},{…}) are not valid for shard key pattern {…}" (mongo cluster_merge_chunks_cmd.cpp). */
    static String invalidBounds(BsonDocument min, BsonDocument max, ShardKeyPattern pattern) {
        return "shard key bounds [" + ServerText.of(min) + "," + ServerText.of(max) + ") are not valid for shard key "
                + "pattern " + ServerText.of(pattern.toDocument());
    }

    /**
     * Why {@code [min, max)} does not name a chunk exactly, as the {@code bounds} form of split and
     * moveChunk requires (mongo {@code cluster_split_cmd.cpp} / {@code cluster_move_chunk_cmd.cpp}):
     * bounds that are not full shard keys, or no chunk with exactly these bounds; each with the code
     * name its command answers with.
     */
    static Optional<Refusal> boundsRefusal(
            ClusterState state, BsonDocument min, BsonDocument max, String invalidCodeName, String noChunkCodeName) {
        Optional<ShardKey> lo = boundKey(state.key(), min);
        Optional<ShardKey> hi = boundKey(state.key(), max);
        if (lo.isEmpty() || hi.isEmpty()) {
            return Optional.of(new Refusal(invalidCodeName, invalidBounds(min, max, state.key())));
        }
        Chunk c = state.chunks().get(state.chunks().indexOf(lo.get()));
        if (!c.min().equals(lo.get()) || !c.max().equals(hi.get())) {
            return Optional.of(new Refusal(
                    noChunkCodeName,
                    "no chunk found with the shard key bounds " + ServerText.range(lo.get(), hi.get(), state.key())));
        }
        return Optional.empty();
    }

    /**
     * True where mongos' {@code moveChunk} is the typed command of 6.0+ (mongo
     * {@code cluster_move_chunk_cmd.cpp}, built on {@code moveRange}): its argument refusals carry
     * location codes 656450–656452; before, it was an errmsg-only command.
     */
    static boolean typedMoveChunk(ClusterState state) {
        return state.policies().rules().moveRange();
    }

    /** The index of the chunk starting at {@code min}. Precondition: {@link #boundsRefusal} is empty. */
    static int chunkStartingAt(ClusterState state, BsonDocument min) {
        return state.chunks().indexOf(boundKey(state.key(), min).orElseThrow());
    }

    /** The index of the chunk holding the document {@code query} names. Precondition: {@link #queriedChunkRefusal} is empty. */
    static int queriedChunk(ClusterState state, BsonDocument query) {
        return state.chunks().indexOf(queryKey(state.key(), query).orElseThrow());
    }

    /**
     * The refusal of a chunk command whose {@code find} query names its chunk: {@link #requireShardedRefusal},
     * then a query without the full shard key ({@link #noShardKeyInQuery}, with the code name its command
     * answers with), then {@code checks} on the index of the chunk holding the queried key.
     */
    static Optional<Refusal> queriedChunkRefusal(
            ClusterState state,
            String command,
            String namespace,
            BsonDocument query,
            String noKeyCodeName,
            IntFunction<Optional<Refusal>> checks) {
        return requireShardedRefusal(state, command, namespace)
                .or(() -> queryKey(state.key(), query)
                        .map(key -> checks.apply(state.chunks().indexOf(key)))
                        .orElseGet(() -> Optional.of(new Refusal(noKeyCodeName, noShardKeyInQuery(query)))));
    }

    /**
     * The refusal of a chunk command whose {@code bounds} name its chunk exactly: {@link #requireShardedRefusal},
     * then {@link #boundsRefusal}, then {@code checks} on the chunk's index.
     */
    static Optional<Refusal> boundedChunkRefusal(
            ClusterState state,
            String command,
            String namespace,
            BsonDocument min,
            BsonDocument max,
            String invalidCodeName,
            String noChunkCodeName,
            IntFunction<Optional<Refusal>> checks) {
        return requireShardedRefusal(state, command, namespace)
                .or(() -> boundsRefusal(state, min, max, invalidCodeName, noChunkCodeName))
                .or(() -> checks.apply(chunkStartingAt(state, min)));
    }

    /** ShardLab's text for a chunk that a migration in flight covers (MongoDB serialises chunk operations). */
    static String migrationInProgress(String what) {
        return "cannot " + what + " while a migration of that range is in progress";
    }

    /**
     * ShardLab's text for a cut inside a chunk whose documents the simulator knows only as totals
     * (a loaded layout) and cannot place ({@link KeyInterpolation}).
     */
    static String unplaceable(Chunk chunk, ShardKeyPattern key) {
        return "ShardLab cannot place a cut inside the chunk " + ServerText.range(chunk.min(), chunk.max(), key)
                + ": its documents are known only as totals (a loaded layout) and its key range gives no place to "
                + "interpolate";
    }

    /**
     * {@code zone} when it is a zone name; throws otherwise. ShardLab's rule: MongoDB's parser takes any
     * string (add_shard_to_zone_request_type.cpp), but "" is the balancer's own name for "no zone"
     * ({@code ZoneInfo::kNoZoneName}).
     *
     * @throws IllegalArgumentException "zone: a zone needs a name, got '…'"
     */
    static String zoneName(String zone) {
        if (zone == null || zone.isBlank()) {
            throw new IllegalArgumentException("zone: a zone needs a name, got '" + zone + "'");
        }
        return zone;
    }

    /**
     * ShardNotFound "shard … does not exist" for a shard the cluster does not have, as the zone
     * operations answer (mongo {@code sharding_catalog_manager_zone_operations.cpp}), or empty.
     */
    static Optional<Refusal> requireShardForZone(ShardRegistry shards, String shard) {
        if (!shards.contains(shard)) {
            return Optional.of(new Refusal("ShardNotFound", "shard " + shard + " does not exist"));
        }
        return Optional.empty();
    }

    /**
     * Puts shard {@code id} of {@code shards} in {@code zone} ({@code $addToSet} on its {@code tags}) or
     * takes it out ({@code $pull}) when not {@code inZone}; either is a no-op when it changes nothing.
     */
    static void setShardInZone(NavigableMap<String, Shard> shards, String id, String zone, boolean inZone) {
        Shard s = shards.get(id);
        Set<String> zones = new LinkedHashSet<>(s.zones());
        if (inZone) {
            zones.add(zone);
        } else {
            zones.remove(zone);
        }
        shards.put(id, s.withZones(zones));
    }

    /** mongosh literal of a document. */
    static String shell(BsonDocument d) {
        return BsonPrinter.shell(d);
    }
}
