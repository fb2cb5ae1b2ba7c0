package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What every shipped workload promises, checked for each of them. */
class WorkloadContractTest {

    private static final WorkloadRegistry REGISTRY = WorkloadRegistry.standard();

    static Stream<Workload> workloads() {
        return REGISTRY.all().stream();
    }

    private static List<InsertDocument> take(Workload w, WorkloadSettings settings, int n) {
        List<InsertDocument> docs = new ArrayList<>();
        try (InsertStream s = w.open(settings)) {
            while (s.hasNext() && docs.size() < n) {
                docs.add(s.next());
            }
        }
        return docs;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void producesExactlyTheRequestedNumberOfDocuments(Workload w) {
        long count = 0;
        try (InsertStream s = w.open(WorkloadSettings.of(3_001, 1))) {
            while (s.hasNext()) {
                s.next();
                count++;
            }
        }
        assertEquals(3_001, count);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void theSameSeedGivesTheSameDocumentsAndAnotherSeedOthers(Workload w) {
        List<BsonDocument> a = take(w, WorkloadSettings.of(500, 42), 500).stream()
                .map(InsertDocument::document)
                .toList();
        List<BsonDocument> b = take(w, WorkloadSettings.of(500, 42), 500).stream()
                .map(InsertDocument::document)
                .toList();
        List<BsonDocument> c = take(w, WorkloadSettings.of(500, 43), 500).stream()
                .map(InsertDocument::document)
                .toList();

        assertEquals(a, b);
        assertNotEquals(a, c);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void documentsHaveTheDeclaredFieldsAndTheirExactBsonSize(Workload w) {
        for (InsertDocument d : take(w, WorkloadSettings.of(2_000, 5), 2_000)) {
            assertEquals(
                    w.fields(),
                    List.copyOf(d.document().keySet()),
                    () -> d.document().toJson());
            assertEquals(BsonSizeTest.encodedLength(d.document()), d.bsonSize());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void everyDocumentHasTheSuggestedKeyAndItsHashedForm(Workload w) {
        ShardKeyPattern key = w.suggestedKey();
        List<KeyField> hashed = List.of(new KeyField(key.fields().get(0).path(), true));
        InsertKeyReader ranged = new InsertKeyReader(key, new ShardKeyHasher());
        InsertKeyReader hashedReader = new InsertKeyReader(new ShardKeyPattern(hashed), new ShardKeyHasher());
        try (InsertStream s = w.open(WorkloadSettings.of(2_000, 9))) {
            while (s.hasNext()) {
                InsertDocument d = s.next();
                ranged.keyOf(d, s.source());
                hashedReader.keyOf(d, s.source());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void queryMixesFilterOnTheWorkloadsFieldsAndAreSeeded(Workload w) {
        WorkloadSettings settings = WorkloadSettings.of(10_000, 3);
        QueryMix mix = w.queries(settings);
        List<Query> queries = mix.sample(300, 8);

        assertEquals(queries, w.queries(settings).sample(300, 8));
        for (Query q : queries) {
            for (String field : q.filter().keySet()) {
                assertTrue(w.fields().contains(field), q + " filters on " + field + ", not a field of " + w.name());
            }
        }
        assertEquals(
                mix.templates().size(),
                queries.stream().map(Query::name).distinct().count(),
                "300 draws reach every template");
        String leading = w.suggestedKey().fields().get(0).path();
        for (Query q : queries) {
            boolean onLeading = q.filter().containsKey(leading);
            assertEquals(q.shape() != QueryShape.NON_KEY, onLeading, q::toString);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void describesItselfForHelp(Workload w) {
        assertFalse(w.description().isBlank());
        assertTrue(w.description().length() <= 72, "fits one help line: " + w.description());
        assertTrue(w.name().matches("[a-z][a-z0-9-]*"), w.name());
    }
}
