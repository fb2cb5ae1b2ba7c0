package io.shardlab.mongos;

import static io.shardlab.mongos.Argument.optional;
import static io.shardlab.mongos.Argument.required;
import static io.shardlab.mongos.CommandContext.collectionOf;
import static io.shardlab.mongos.CommandContext.databaseOf;

import io.shardlab.advisor.AdvisorReport;
import io.shardlab.advisor.AdvisorSettings;
import io.shardlab.advisor.AnalyzeShardKeyReply;
import io.shardlab.advisor.CancelToken;
import io.shardlab.advisor.CollectionIndexes;
import io.shardlab.advisor.IndexSpec;
import io.shardlab.advisor.ProgressListener;
import io.shardlab.advisor.Sample;
import io.shardlab.advisor.SampleOrder;
import io.shardlab.advisor.SampledQuery;
import io.shardlab.advisor.SampledQueryDocuments;
import io.shardlab.advisor.ShardKeyAdvisor;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.mongos.CommandSyntax.FirstField;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The shard-key analysis of 7.0+: {@code configureQueryAnalyzer} turns sampling on or off per collection, every
 * sampled read and write is offered to the {@link QuerySampler} ({@link #sample}), and {@code analyzeShardKey}
 * measures a candidate key with the advisor over the kept documents and the samples.
 */
final class AnalyzeCommands {

    /**
     * mongo {@code src/mongo/s/analyze_shard_key_cmd.idl} ({@code analyzeShardKey}): {@code key} required;
     * {@code keyCharacteristics} and {@code readWriteDistribution} default true; {@code sampleRate} /
     * {@code sampleSize} numbers (docs v7.0 {@code analyzeShardKey}).
     */
    static final CommandSyntax ANALYZE_SHARD_KEY = CommandSyntax.idl(
            "analyzeShardKey",
            FirstField.NAMESPACE,
            "src/mongo/s/analyze_shard_key_cmd.idl",
            required("key", ArgumentType.OBJECT),
            optional("keyCharacteristics", ArgumentType.BOOL).orElse(BsonBoolean.TRUE),
            optional("readWriteDistribution", ArgumentType.BOOL).orElse(BsonBoolean.TRUE),
            optional("sampleRate", ArgumentType.NUMBER),
            optional("sampleSize", ArgumentType.NUMBER));

    /**
     * mongo {@code src/mongo/s/configure_query_analyzer_cmd.idl} ({@code configureQueryAnalyzer}): {@code mode}
     * (the {@code QueryAnalyzerMode} enum, checked below) and an optional {@code samplesPerSecond}.
     */
    static final CommandSyntax CONFIGURE_QUERY_ANALYZER = CommandSyntax.idl(
            "configureQueryAnalyzer",
            FirstField.NAMESPACE,
            "src/mongo/s/configure_query_analyzer_cmd.idl",
            required("mode", ArgumentType.STRING),
            optional("samplesPerSecond", ArgumentType.NUMBER));

    private static final Set<String> INTERNAL_DATABASES = Set.of("admin", "config", "local");

    private final CommandContext context;

    AnalyzeCommands(CommandContext context) {
        this.context = context;
    }

    /**
     * {@code configureQueryAnalyzer} (7.0+, admin only; mongo {@code configure_query_analyzer_cmd.cpp}): mode
     * {@code "full"} with {@code 0 < samplesPerSecond <= 50}, or {@code "off"} without a rate; the reply holds
     * {@code newConfiguration} and, when the collection had one, {@code oldConfiguration}.
     */
    BsonDocument configureQueryAnalyzer(CommandRequest request) {
        CommandArguments args = request.arguments();
        String ns = args.firstString();
        String mode = args.string("mode");
        if (!Set.of("full", "off").contains(mode)) {
            // the IDL's QueryAnalyzerMode enum (idl_parser.cpp throwBadEnumValue)
            throw new MongoCommandException(
                    ErrorCode.BAD_VALUE,
                    "Enumeration value '" + mode + "' for field 'configureQueryAnalyzer.mode' is not a valid value.");
        }
        boolean rateGiven = args.has("samplesPerSecond");
        double rate = args.number("samplesPerSecond", 0);
        if ("off".equals(mode)) {
            if (rateGiven) {
                throw new MongoCommandException(
                        ErrorCode.INVALID_OPTIONS, "Cannot specify 'samplesPerSecond' when 'mode' is \"off\"");
            }
        } else if (!rateGiven) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_OPTIONS, "'samplesPerSecond' must be specified when 'mode' is not \"off\"");
        } else if (rate <= 0) {
            throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "'samplesPerSecond' must be greater than 0");
        } else if (rate > QuerySampler.MAX_SAMPLES_PER_SECOND) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_OPTIONS,
                    "'samplesPerSecond' must be less than or equal to " + (int) QuerySampler.MAX_SAMPLES_PER_SECOND);
        }
        requireAnalyzable(ns);
        UUID uuid = context.catalog()
                .collection(ns)
                .map(ShardedCatalog.CollectionEntry::uuid)
                .or(() -> Optional.ofNullable(
                                context.catalog().unsplittableCollections().get(ns))
                        .map(ShardedCatalog.UnsplittableCollection::uuid))
                .orElseGet(() -> UUID.nameUUIDFromBytes(ns.getBytes(StandardCharsets.UTF_8)));
        QuerySampler.Configuration next = new QuerySampler.Configuration(mode, rate, uuid);
        var old = context.sampler().configure(ns, next);
        BsonDocument reply = new BsonDocument("newConfiguration", next.toDocument());
        old.ifPresent(o -> reply.append("oldConfiguration", o.toDocument()));
        return Replies.ok(reply);
    }

    /**
     * {@code analyzeShardKey} (7.0+) answered by the advisor ({@link AnalyzeShardKeyReply}): key characteristics
     * over the collection's kept documents and its indexes (listIndexes), the read and write distribution over
     * the queries the query analyzer sampled. Checks: mongo {@code analyze_shard_key_util.cpp} (namespace,
     * existence), {@code cluster_analyze_shard_key_cmd.cpp} (not every metric skipped) and
     * {@code analyze_shard_key_cmd_util.cpp} (an empty collection).
     */
    BsonDocument analyzeShardKey(CommandRequest request) {
        CommandArguments args = request.arguments();
        String ns = args.firstString();
        ShardKeyPattern key = ShardKeyPattern.of(args.document("key"));
        requireAnalyzable(ns);
        boolean characteristics = args.isTrue("keyCharacteristics");
        boolean distribution = args.isTrue("readWriteDistribution");
        if (!characteristics && !distribution) {
            throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "Cannot skip analyzing all metrics");
        }
        String db = databaseOf(ns);
        String collection = collectionOf(ns);
        List<BsonDocument> documents = context.documents().all(db, collection);
        if (documents.isEmpty()) {
            throw new MongoCommandException(
                    ErrorCode.ILLEGAL_OPERATION,
                    "Cannot analyze the cardinality and frequency of a shard key for an empty collection");
        }
        List<IndexSpec> indexes = new ArrayList<>();
        for (BsonDocument index : context.documents().indexes(db, collection)) {
            indexes.add(IndexSpec.of(index));
        }
        Sample plain = Sample.of(ns, SampleOrder.INSERTION, documents);
        Sample sample = new Sample(
                plain.source(),
                plain.order(),
                plain.documents(),
                plain.numDocsTotal(),
                plain.fields(),
                CollectionIndexes.declared(indexes, "listIndexes"),
                context.catalog().collection(ns).isPresent() ? OptionalLong.of(0) : OptionalLong.empty());
        List<SampledQuery> queries = new ArrayList<>();
        for (BsonDocument d : context.sampler().sampled(ns)) {
            queries.addAll(SampledQueryDocuments.of(d));
        }
        AdvisorReport report = new ShardKeyAdvisor(Runnable::run)
                .analyze(
                        sample,
                        List.of(key),
                        queries,
                        AdvisorSettings.of(
                                context.version(), context.catalog().shardIds().size()),
                        ProgressListener.NONE,
                        new CancelToken());
        BsonDocument metrics = AnalyzeShardKeyReply.of(report.candidates().get(0));
        BsonDocument reply = new BsonDocument();
        if (characteristics && metrics.containsKey("keyCharacteristics")) {
            reply.append("keyCharacteristics", metrics.get("keyCharacteristics"));
        }
        if (distribution) {
            reply.append("readDistribution", metrics.get("readDistribution"))
                    .append("writeDistribution", metrics.get("writeDistribution"));
        }
        return Replies.ok(reply);
    }

    /** mongo analyze_shard_key_util.cpp {@code validateNamespace} and {@code validateCollectionOptions}. */
    private void requireAnalyzable(String ns) {
        String db = databaseOf(ns);
        String collection = collectionOf(ns);
        if (INTERNAL_DATABASES.contains(db)) {
            throw new MongoCommandException(ErrorCode.ILLEGAL_OPERATION, "Cannot run against an internal collection");
        }
        if (collection.startsWith("system.")) {
            throw new MongoCommandException(ErrorCode.ILLEGAL_OPERATION, "Cannot run against a system collection");
        }
        if (!context.documents().exists(db, collection)) {
            throw new MongoCommandException(ErrorCode.NAMESPACE_NOT_FOUND, "The namespace does not exist");
        }
    }

    /**
     * Offers a client's read or write of a sampled command (the table's {@code sampled} column, mongo
     * {@code SampledCommandNameEnum}) to the query sampler, in the sampled-query document's {@code cmd} shape.
     */
    void sample(String db, String name, BsonDocument command) {
        BsonValue target = command.get(command.getFirstKey());
        if (INTERNAL_DATABASES.contains(db) || !target.isString()) {
            return;
        }
        String ns = db + "." + target.asString().getValue();
        if (context.sampler().configuration(ns).isEmpty()) {
            return;
        }
        long now = context.catalog().now();
        QuerySampler sampler = context.sampler();
        switch (name) {
            case "find" -> sampler.offer(ns, name, readCommand(documentOrEmpty(command, "filter"), command), now);
            case "count", "distinct" ->
                sampler.offer(ns, name, readCommand(documentOrEmpty(command, "query"), command), now);
            case "aggregate" -> {
                BsonArray pipeline = command.getArray("pipeline", new BsonArray());
                BsonDocument first = pipeline.isEmpty() || !pipeline.get(0).isDocument()
                        ? new BsonDocument()
                        : pipeline.get(0).asDocument();
                sampler.offer(ns, name, readCommand(documentOrEmpty(first, "$match"), command), now);
            }
            case "update", "delete" -> {
                String ops = "update".equals(name) ? "updates" : "deletes";
                for (BsonValue op : command.getArray(ops, new BsonArray())) {
                    sampler.offer(
                            ns, name, new BsonDocument(name, target).append(ops, new BsonArray(List.of(op))), now);
                }
            }
            default -> {
                BsonDocument cmd =
                        new BsonDocument("findAndModify", target).append("query", documentOrEmpty(command, "query"));
                for (String f : List.of("update", "remove", "upsert", "collation")) {
                    if (command.containsKey(f)) {
                        cmd.append(f, command.get(f));
                    }
                }
                sampler.offer(ns, name, cmd, now);
            }
        }
    }

    /** {@code SampledReadCommand}: {@code {filter, collation}}. */
    private static BsonDocument readCommand(BsonDocument filter, BsonDocument command) {
        BsonDocument cmd = new BsonDocument("filter", filter);
        if (command.isDocument("collation")) {
            cmd.append("collation", command.getDocument("collation"));
        }
        return cmd;
    }

    private static BsonDocument documentOrEmpty(BsonDocument document, String field) {
        return document.isDocument(field) ? document.getDocument(field) : new BsonDocument();
    }
}
