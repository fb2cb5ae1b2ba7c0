package io.shardlab.ui.lessons;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Router;
import io.shardlab.routing.TargetingClass;
import io.shardlab.sim.ShardingSetup;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.InitialSplit;
import io.shardlab.workload.SimulationSetup;
import io.shardlab.workload.Workload;
import io.shardlab.workload.WorkloadRegistry;
import io.shardlab.workload.WorkloadSettings;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What a lesson scenario must satisfy beyond its shape: every name it uses exists and every text it
 * ships parses, with ShardLab's own parsers, so a lesson can never fail in front of a room. Each
 * check throws {@link IllegalArgumentException} with a one-line problem; {@link LessonFile} adds the
 * file and field.
 */
final class ScenarioChecks {

    private final WorkloadRegistry workloads;

    ScenarioChecks(WorkloadRegistry workloads) {
        this.workloads = workloads;
    }

    /** The workload called {@code name} (the registry's message lists the known names). */
    Workload workload(String name) {
        return workloads.named(name);
    }

    /**
     * The shard key, parsed and validated as {@code shardCollection} would
     * ({@link ShardKeyPattern#parse}), whose fields the workload's documents have: a key on a
     * field the documents lack would put every document in the null/missing range.
     */
    ShardKeyPattern key(String text, Workload workload) {
        ShardKeyPattern key = ShardKeyPattern.parse(text);
        for (KeyField field : key.fields()) {
            requireDocumentField(field.path(), workload, "lessons.check.keyField");
        }
        return key;
    }

    /**
     * Split points written as key documents: each names exactly the key's fields in the key's
     * order, holds values MongoDB can store in a chunk bound
     * ({@link ShardKeyPattern#checkShardKeyIsValidForMetadataStorage}), is neither the global
     * minimum nor the global maximum (those are already chunk bounds), and none repeats.
     *
     * @return the texts, unchanged
     */
    List<String> splitPoints(List<String> texts, ShardKeyPattern key) {
        Set<ShardKey> seen = new HashSet<>();
        for (int i = 0; i < texts.size(); i++) {
            String text = texts.get(i);
            ShardKey point;
            try {
                point = keyOf(BsonLiterals.parseDocument(text), key);
            } catch (IllegalArgumentException e) {
                throw new RefusedInput(Message.of("lessons.check.item", i, RefusedInput.said(e)), e);
            }
            if (point.isGlobalMin() || point.isGlobalMax()) {
                throw new RefusedInput(
                        Message.of("lessons.check.item", i, Message.of("lessons.check.globalBound", text)));
            }
            if (!seen.add(point)) {
                throw new RefusedInput(
                        Message.of("lessons.check.item", i, Message.of("lessons.check.listedTwice", text)));
            }
        }
        return List.copyOf(texts);
    }

    private static ShardKey keyOf(BsonDocument document, ShardKeyPattern key) {
        List<String> names = new ArrayList<>(document.keySet());
        List<String> expected = key.fields().stream().map(KeyField::path).toList();
        if (!names.equals(expected)) {
            throw new RefusedInput(
                    Message.of("lessons.check.keyFields", BsonPrinter.shell(document), expected.toString()));
        }
        ShardKeyPattern.checkShardKeyIsValidForMetadataStorage(document);
        List<BsonValue> values = new ArrayList<>(document.values());
        return ShardKey.of(values);
    }

    /**
     * The split points the workload itself prepares for an empty collection
     * ({@link Workload#initialSplit}), written as mongosh key documents, e.g. the 1,440 minutes of
     * {@code presplit-minutes}.
     */
    List<String> workloadSplitPoints(Workload workload, ShardKeyPattern key, long documents, long seed) {
        InitialSplit split = workload.initialSplit(WorkloadSettings.of(documents, seed))
                .orElseThrow(() -> new RefusedInput(Message.of("lessons.check.noSplitPoints", workload.name())));
        if (!split.key().equals(key)) {
            throw new RefusedInput(Message.of(
                    "lessons.check.otherKey", workload.name(), split.key().toString(), key.toString()));
        }
        return split.splitPoints().stream()
                .map(p -> BsonPrinter.shell(p.toDocument(key)))
                .toList();
    }

    /**
     * Zones and initial-split options the lesson sets before sharding: the cluster of {@code shards}
     * shards of {@code version} accepts them for {@code namespace} on {@code key}
     * ({@link ShardingSetup#refusal}, MongoDB's messages).
     */
    void sharding(ShardingSetup setup, MongoVersion version, int shards, String namespace, ShardKeyPattern key) {
        SimulationSetup naming = SimulationSetup.of(version, shards);
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= shards; i++) {
            ids.add(naming.shardId(i));
        }
        setup.refusal(SimulationConfig.of(version), ids, namespace, key).ifPresent(refusal -> {
            throw new IllegalArgumentException(refusal);
        });
    }

    /**
     * A find filter: it parses ({@link BsonLiterals#parseDocument}), every top-level field it names
     * is a field of the workload's documents, and ShardLab's router accepts it.
     *
     * @return how mongos targets it on {@code key}, in analyzeShardKey's classes; the class depends
     *     on the filter's shape and the key only, not on where the chunks are
     *     ({@link TargetingClass})
     */
    TargetingClass targeting(String filterText, Workload workload, ShardKeyPattern key, MongoVersion version) {
        BsonDocument filter = BsonLiterals.parseDocument(filterText);
        for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
            if (!e.getKey().startsWith("$")) {
                requireDocumentField(e.getKey(), workload, "lessons.check.filterField");
            }
        }
        Router router = new Router(key, ChunkMap.single(key.arity(), "shard01"), version);
        return router.route(new Operation.Find(filter)).targeting();
    }

    /** @param what the field's role, a {@code lessons.check.*} key ("the key field") */
    private static void requireDocumentField(String path, Workload workload, String what) {
        String topLevel = path.contains(".") ? path.substring(0, path.indexOf('.')) : path;
        if (!workload.fields().contains(topLevel)) {
            throw new RefusedInput(Message.of(
                    "lessons.check.notInDocuments",
                    Message.of(what),
                    path,
                    workload.name(),
                    workload.fields().toString()));
        }
    }
}
