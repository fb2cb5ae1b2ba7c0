package io.shardlab.workload;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;

/** Reads a workload's documents in tests. */
final class WorkloadTesting {

    private WorkloadTesting() {}

    static List<BsonDocument> documents(Workload workload, long docs, long seed) {
        List<BsonDocument> all = new ArrayList<>();
        try (InsertStream s = workload.open(WorkloadSettings.of(docs, seed))) {
            s.forEachRemaining(d -> all.add(d.document()));
        }
        return all;
    }
}
