package io.shardlab.advisor;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;

/** Small samples for specifications, written as mongosh documents. */
final class Samples {

    private Samples() {}

    /** A sample of the given documents, in insertion order. */
    static Sample of(String... documents) {
        List<BsonDocument> docs = new ArrayList<>();
        for (String d : documents) {
            docs.add(BsonLiterals.parseDocument(d));
        }
        return Sample.of("test", SampleOrder.INSERTION, docs);
    }

    /** One document {@code {field: value}} per value, in order. */
    static Sample ofValues(String field, String... values) {
        String[] docs = new String[values.length];
        for (int i = 0; i < values.length; i++) {
            docs[i] = "{" + field + ": " + values[i] + "}";
        }
        return of(docs);
    }

    /** The report of {@code key} alone on {@code sample}, 2 shards of 8.0, 1 MB chunks, analysed on this thread. */
    static CandidateReport analyze(Sample sample, String key) {
        return analyze(sample, key, List.of());
    }

    static CandidateReport analyze(Sample sample, String key, List<SampledQuery> queries) {
        return advisor()
                .analyze(
                        sample,
                        List.of(ShardKeyPattern.parse(key)),
                        queries,
                        settings(2),
                        ProgressListener.NONE,
                        CancelToken.none())
                .candidates()
                .get(0);
    }

    static AdvisorSettings settings(int shards) {
        return AdvisorSettings.of(MongoVersion.V8_0, shards).withChunkSizeMegabytes(1);
    }

    /** An advisor running candidates on the calling thread. */
    static ShardKeyAdvisor advisor() {
        return new ShardKeyAdvisor(Runnable::run);
    }
}
