package io.shardlab.live;

import com.mongodb.client.MongoDatabase;
import io.shardlab.advisor.SampledQuery;
import io.shardlab.advisor.SampledQueryDocuments;
import io.shardlab.routing.FilterParser;
import io.shardlab.routing.UnsupportedQueryException;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * A live cluster's sampled queries as the advisor's query mix: {@code db.adminCommand}-level
 * {@code aggregate} on {@code admin} with {@code [{$listSampledQueries: {namespace: ns}}]} (7.0+,
 * through a mongos; docs {@code reference/operator/aggregation/listSampledQueries}), read-only.
 * ShardLab never starts sampling: that is {@code configureQueryAnalyzer}, which the user runs
 * ({@link #howToSample}).
 *
 * <p>Each sampled document becomes operations as {@link SampledQueryDocuments} reads them.
 */
public final class SampledQueries {

    /**
     * How to turn sampling on for {@code namespace}, for messages: ShardLab only reads what the cluster sampled.
     * The command stays mongosh's text in every language.
     */
    public static Message howToSample(String namespace) {
        return Message.of(
                "live.howToSample",
                String.format(
                        "db.adminCommand({configureQueryAnalyzer: \"%s\", mode: \"full\", samplesPerSecond: 10})", // untranslated: mongosh
                        namespace));
    }

    private SampledQueries() {}

    /**
     * What was read: the operations ShardLab can route, and one line per sampled operation it cannot
     * (a filter operator routing does not model, such as {@code $where}).
     */
    public record Mix(List<SampledQuery> queries, List<String> skipped) {
        public Mix {
            queries = List.copyOf(queries);
            skipped = List.copyOf(skipped);
        }
    }

    /**
     * The sampled queries of {@code namespace}, in the order listed.
     *
     * @throws LiveClusterException when the server cannot list them (before 7.0, not a mongos or
     *     replica set, no clusterMonitor role)
     */
    public static Mix read(LiveConnection connection, String namespace) {
        MongoDatabase admin = connection.database("admin");
        List<BsonDocument> pipeline = List.of(
                new BsonDocument("$listSampledQueries", new BsonDocument("namespace", new BsonString(namespace))));
        List<BsonDocument> docs = connection.read(
                Message.of("live.doing.listingSampledQueries", namespace),
                () -> admin.aggregate(pipeline, BsonDocument.class).into(new ArrayList<>()));
        List<SampledQuery> out = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (BsonDocument d : docs) {
            for (SampledQuery q : SampledQueryDocuments.of(d)) {
                try {
                    FilterParser.parse(q.filter());
                    out.add(q);
                } catch (UnsupportedQueryException e) {
                    skipped.add(q.describe() + ": " + e.getMessage());
                }
            }
        }
        return new Mix(out, skipped);
    }
}
