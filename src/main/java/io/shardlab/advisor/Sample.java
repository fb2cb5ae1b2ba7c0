package io.shardlab.advisor;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.bson.BsonDocument;

/**
 * The documents a shard key is judged on, in insertion order (or in no known order, see
 * {@link SampleOrder}), kept compactly ({@link DocumentStore}), with what loading learnt about
 * their top-level fields. Immutable once loaded; safe to analyse from several threads.
 *
 * @param source what the documents came from, for reports, e.g. {@code "orders.jsonl"}, in the reader's language
 * @param order whether document order is insertion order
 * @param documents the documents, at least one
 * @param numDocsTotal the documents in the collection the sample stands for, at least the
 *     sample's size: the sample's size for a dataset file, the collection's count for a live
 *     {@code $sample}; analyzeShardKey's {@code numDocsTotal}
 * @param fields the top-level fields, in order of first appearance
 * @param indexes the collection's indexes, declared or assumed ({@link CollectionIndexes})
 * @param numOrphanDocs the collection's orphan documents when it is sharded ({@code $collStats}
 *     {@code storageStats.numOrphanDocs}, summed over shards); empty for an unsharded collection or a
 *     file, where analyzeShardKey leaves {@code numOrphanDocs} out
 */
public record Sample(
        Message source,
        SampleOrder order,
        DocumentStore documents,
        long numDocsTotal,
        List<FieldProfile> fields,
        CollectionIndexes indexes,
        OptionalLong numOrphanDocs) {

    public Sample {
        if (source == null || order == null || documents == null) {
            throw new IllegalArgumentException(
                    "source/order/documents: required"); // untranslated: a developer's contract (SampleLoader)
        }
        if (documents.size() == 0) {
            throw new RefusedInput(Message.of("advisor.sample.empty", source));
        }
        if (numDocsTotal < documents.size()) {
            throw new IllegalArgumentException(String.format(
                    "numDocsTotal: at least the %s sampled documents, got %s", // untranslated: a developer's contract
                    documents.size(), numDocsTotal));
        }
        fields = List.copyOf(fields);
        if (indexes == null || numOrphanDocs == null) {
            throw new IllegalArgumentException(
                    "indexes/numOrphanDocs: required (undeclared / empty when unknown)"); // untranslated: a contract
        }
        if (numOrphanDocs.isPresent() && numOrphanDocs.getAsLong() < 0) {
            throw new IllegalArgumentException(String.format(
                    "numOrphanDocs: at least 0, got %s", // untranslated: a developer's contract (SampleLoader)
                    numOrphanDocs.getAsLong()));
        }
    }

    /** A sample with undeclared indexes, of an unsharded collection. */
    public Sample(
            Message source, SampleOrder order, DocumentStore documents, long numDocsTotal, List<FieldProfile> fields) {
        this(source, order, documents, numDocsTotal, fields, CollectionIndexes.undeclared(), OptionalLong.empty());
    }

    /** The same documents with {@code declared} indexes. */
    public Sample withIndexes(CollectionIndexes declared) {
        return new Sample(source, order, documents, numDocsTotal, fields, declared, numOrphanDocs);
    }

    /**
     * A sample of {@code documents} as given (no {@code _id} is added), standing for themselves
     * ({@code numDocsTotal} = their number); positions are their 1-based ordinals.
     *
     * @throws IllegalArgumentException when there are no documents
     */
    public static Sample of(String source, SampleOrder order, List<BsonDocument> documents) {
        DocumentStore store = new DocumentStore();
        FieldProfiler profiler = new FieldProfiler();
        for (BsonDocument d : documents) {
            store.add(d, store.size() + 1L);
            profiler.add(d);
        }
        store.freeze();
        return new Sample(Message.of("advisor.verbatim", source), order, store, store.size(), profiler.profiles());
    }

    /** Number of sampled documents: analyzeShardKey's {@code numDocsSampled}. */
    public int numDocsSampled() {
        return documents.size();
    }

    /**
     * How many collection documents one sampled document stands for: {@code numDocsTotal /
     * numDocsSampled}, 1 for a dataset file.
     */
    public double scale() {
        return (double) numDocsTotal / documents.size();
    }

    /** The profile of top-level field {@code path}, if the sample has it. */
    public Optional<FieldProfile> field(String path) {
        return fields.stream().filter(f -> f.path().equals(path)).findFirst();
    }
}
