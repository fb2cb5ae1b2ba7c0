package io.shardlab.session;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.bson.BsonParseException;
import io.shardlab.key.InvalidShardKeyException;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.ShardingSetup;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.DatasetFile;
import io.shardlab.workload.Query;
import io.shardlab.workload.QueryMix;
import io.shardlab.workload.QueryTemplate;
import io.shardlab.workload.WorkloadRegistry;
import io.shardlab.workload.WorkloadSettings;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A {@link Scenario} whose texts have been understood: the key pattern parsed and validated with
 * MongoDB's messages, the workload found, the split points read as keys of the pattern (sorted,
 * duplicates dropped), the filter parsed. Immutable.
 *
 * @param scenario what was asked for
 * @param key the shard key pattern
 * @param source where the documents come from
 * @param settings the stream's size, seed and start
 * @param splitPoints the pre-split points, strictly increasing
 * @param filter the filter to show the targeting of, if any
 */
public record ResolvedScenario(
        Scenario scenario,
        ShardKeyPattern key,
        InsertSource source,
        WorkloadSettings settings,
        List<ShardKey> splitPoints,
        Optional<BsonDocument> filter) {

    public ResolvedScenario {
        splitPoints = List.copyOf(splitPoints);
    }

    /**
     * Understands {@code scenario}.
     *
     * @throws IllegalArgumentException with one line naming the field: {@code keyPattern: Shard key is
     *     empty}, {@code workload: unknown workload 'x'; known workloads: …}, {@code splitPoints[0]: …},
     *     {@code queryFilter: …}
     */
    public static ResolvedScenario of(Scenario scenario, WorkloadRegistry workloads) {
        ShardKeyPattern key = parseKey(scenario.keyPattern());
        InsertSource source = source(scenario.workload(), workloads);
        List<ShardKey> points = new ArrayList<>();
        for (int i = 0; i < scenario.splitPoints().size(); i++) {
            points.add(splitPoint(key, scenario.splitPoints().get(i), "splitPoints[" + i + "]"));
        }
        Optional<BsonDocument> filter = scenario.queryFilter().map(ResolvedScenario::parseFilter);
        WorkloadSettings settings = WorkloadSettings.of(scenario.documents(), scenario.seed());
        return new ResolvedScenario(scenario, key, source, settings, List.copyOf(new TreeSet<>(points)), filter);
    }

    /**
     * Parses a shard key pattern as a user types it.
     *
     * @throws IllegalArgumentException {@code keyPattern: } and the parser's or MongoDB's message
     */
    public static ShardKeyPattern parseKey(String text) {
        try {
            return ShardKeyPattern.parse(text);
        } catch (BsonParseException | InvalidShardKeyException e) {
            throw new RefusedInput(Message.of("session.scenario.field", "keyPattern", RefusedInput.said(e)), e);
        }
    }

    /**
     * Parses a find filter as a user types it.
     *
     * @throws IllegalArgumentException {@code queryFilter: } and the parser's message
     */
    public static BsonDocument parseFilter(String text) {
        try {
            return BsonLiterals.parseDocument(text);
        } catch (BsonParseException e) {
            throw new RefusedInput(Message.of("session.scenario.field", "queryFilter", RefusedInput.said(e)), e);
        }
    }

    /**
     * A split point typed as a key document: it must name exactly the pattern's fields (in any
     * order, as {@code split}'s {@code middle} is normalised) and hold values MongoDB can store in a
     * chunk bound; a hashed field takes the hash value (a {@code NumberLong}), as in config.chunks.
     *
     * @throws IllegalArgumentException {@code <field>: } and what is wrong
     */
    static ShardKey splitPoint(ShardKeyPattern key, String text, String field) {
        BsonDocument document;
        try {
            document = BsonLiterals.parseDocument(text);
        } catch (BsonParseException e) {
            throw new RefusedInput(Message.of("session.scenario.field", field, RefusedInput.said(e)), e);
        }
        List<String> paths = key.fields().stream().map(f -> f.path()).toList();
        if (document.size() != paths.size() || !document.keySet().containsAll(paths)) {
            throw new RefusedInput(Message.of(
                    "session.scenario.splitPointNotAKey",
                    field,
                    text.strip(),
                    key.toString(),
                    String.join(", ", paths)));
        }
        BsonValue[] values = new BsonValue[paths.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = document.get(paths.get(i));
            if (key.fields().get(i).hashed() && !values[i].isInt64()) {
                throw new RefusedInput(
                        Message.of("session.scenario.splitPointHashed", field, paths.get(i), text.strip()));
            }
        }
        ShardKey point = ShardKey.of(values);
        try {
            key.checkValidForMetadataStorage(point);
        } catch (InvalidShardKeyException e) {
            throw new RefusedInput(Message.of("session.scenario.field", field, RefusedInput.said(e)), e);
        }
        if (point.isGlobalMin() || point.isGlobalMax()) {
            throw new RefusedInput(Message.of("session.scenario.splitPointBound", field, text.strip()));
        }
        return point;
    }

    private static InsertSource source(String workload, WorkloadRegistry workloads) {
        if (workload.startsWith(Scenario.DATASET_PREFIX)) {
            String name = workload.substring(Scenario.DATASET_PREFIX.length());
            Path file;
            try {
                file = Path.of(name);
            } catch (InvalidPathException e) {
                throw new RefusedInput(Message.of("session.scenario.notAPath", name, e.getReason()), e);
            }
            try {
                DatasetFile.formatOf(name);
            } catch (IllegalArgumentException e) {
                throw new RefusedInput(Message.of("session.scenario.field", "workload", RefusedInput.said(e)), e);
            }
            if (!Files.isRegularFile(file)) {
                throw new RefusedInput(Message.of("session.scenario.noSuchFile", name));
            }
            return new InsertSource.Dataset(file);
        }
        try {
            return new InsertSource.Generated(workloads.named(workload));
        } catch (IllegalArgumentException e) {
            throw new RefusedInput(Message.of("session.scenario.field", "workload", RefusedInput.said(e)), e);
        }
    }

    /**
     * Another sharded collection of the same cluster as a scenario: this one's release, shards, chunk size
     * and pace, with {@code namespace} and {@code key}, and no split points, filter or steps of its own.
     */
    public ResolvedScenario forCollection(String namespace, ShardKeyPattern key) {
        Scenario s =
                scenario.withNamespace(namespace).withKeyPattern(key.toString()).withSplitPoints(List.of());
        return new ResolvedScenario(s, key, source, settings, List.of(), Optional.empty());
    }

    /**
     * A sharded collection of a cluster read from a data file (File → Open cluster) as a scenario: {@code catalog}'s
     * release, shard count and chunk size (the release's default when it is not a whole number of MB up to {@value
     * Scenario#MAX_CHUNK_SIZE_MEGABYTES}), {@code collection}'s namespace and key, this one's workload and pace, and no
     * split points, filter, steps or zones of its own (the cluster holds its zones).
     *
     * @throws IllegalArgumentException with one line when the explorer cannot draw it (more than {@value
     *     Scenario#MAX_SHARDS} shards)
     */
    public ResolvedScenario forOpenedCollection(ShardedCatalog catalog, ShardedCatalog.CollectionEntry collection) {
        int shards = catalog.shards().size();
        if (shards > Scenario.MAX_SHARDS) {
            throw new RefusedInput(
                    Message.of("session.scenario.tooManyShards", collection.namespace(), shards, Scenario.MAX_SHARDS));
        }
        long megabyte = 1024L * 1024L;
        long chunkBytes = catalog.config().maxChunkSizeBytes();
        int chunkMegabytes = chunkBytes % megabyte == 0 && chunkBytes / megabyte <= Scenario.MAX_CHUNK_SIZE_MEGABYTES
                ? (int) (chunkBytes / megabyte)
                : 0;
        Scenario cluster = scenario.withVersion(catalog.config().version())
                .withShards(shards)
                .withChunkSizeMegabytes(chunkMegabytes)
                .withSteps(List.of())
                .withSharding(ShardingSetup.NONE)
                .withQueryFilter(null);
        return new ResolvedScenario(cluster, key, source, settings, List.of(), Optional.empty())
                .forCollection(collection.namespace(), collection.cluster().shardKey());
    }

    /** The namespace. */
    public String namespace() {
        return scenario.namespace();
    }

    /**
     * One query of each template of the reads the scenario's application sends (empty for a dataset file),
     * drawn with the scenario's seed: the same sample every time.
     */
    List<Query> sampleQueries() {
        Optional<QueryMix> mix = source.queries(settings);
        if (mix.isEmpty()) {
            return List.of();
        }
        SplittableRandom random = new SplittableRandom(scenario.seed());
        List<Query> out = new ArrayList<>();
        for (QueryTemplate t : mix.get().templates()) {
            out.add(t.draw(random));
        }
        return List.copyOf(out);
    }
}
