package io.shardlab.workload;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Router;
import io.shardlab.routing.Targeting;
import io.shardlab.routing.TargetingClass;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a workload's reads go on one chunk layout: a sample of its {@link QueryMix} routed by
 * mongos's rules ({@link Router}), summed up in analyzeShardKey's {@code readDistribution} terms
 * (docs {@code analyzeShardKey-readWriteDistribution-structure}): the percentages of single-shard,
 * multi-shard and scatter-gather reads, where the class comes from the filter's shape, plus how
 * many shards the reads reached on this layout.
 *
 * @param sampleSize number of reads routed
 * @param percentageOfSingleShardReads reads with an equality on the whole shard key, in percent
 * @param percentageOfMultiShardReads reads with a narrower shard-key condition (range, prefix, $in), in percent
 * @param percentageOfScatterGatherReads reads without a usable shard-key condition, in percent
 * @param meanShardsReached shards a read was sent to, on average, on this layout
 * @param byTemplate the same figures per query template, in the mix's order
 */
public record ReadDistribution(
        long sampleSize,
        double percentageOfSingleShardReads,
        double percentageOfMultiShardReads,
        double percentageOfScatterGatherReads,
        double meanShardsReached,
        List<TemplateReads> byTemplate) {

    /**
     * One template's reads.
     *
     * @param name the template's name, in the user's language where it is shown ({@link QueryTemplate#name()})
     * @param shape its shape relative to the workload's suggested key
     * @param reads how many of the sample it drew
     * @param singleShard, multiShard, scatterGather reads per targeting class
     * @param shardsReached total shards those reads were sent to
     * @param example one filter of the template, for the summary
     */
    public record TemplateReads(
            Message name,
            QueryShape shape,
            long reads,
            long singleShard,
            long multiShard,
            long scatterGather,
            long shardsReached,
            String example) {

        /** Shards one read of this template reached, on average. */
        public double meanShardsReached() {
            return reads == 0 ? 0 : (double) shardsReached / reads;
        }
    }

    public ReadDistribution {
        byTemplate = List.copyOf(byTemplate);
    }

    /**
     * Routes {@code count} reads drawn from {@code mix} with {@code seed}.
     *
     * @throws io.shardlab.routing.UnsupportedQueryException if a filter uses an operator routing does not model
     */
    public static ReadDistribution route(QueryMix mix, int count, long seed, Router router) {
        Map<Message, long[]> tallies = new LinkedHashMap<>();
        Map<Message, String> examples = new LinkedHashMap<>();
        for (QueryTemplate t : mix.templates()) {
            tallies.put(t.name(), new long[5]);
        }
        long single = 0;
        long multi = 0;
        long scatter = 0;
        long shards = 0;
        for (Query q : mix.sample(count, seed)) {
            Targeting targeting = router.route(new Operation.Find(q.filter()));
            long[] t = tallies.get(q.name());
            t[0]++;
            int classIndex = classIndex(targeting.targeting());
            t[1 + classIndex]++;
            t[4] += targeting.shards().size();
            single += classIndex == 0 ? 1 : 0;
            multi += classIndex == 1 ? 1 : 0;
            scatter += classIndex == 2 ? 1 : 0;
            shards += targeting.shards().size();
            examples.putIfAbsent(q.name(), BsonPrinter.shell(q.filter()));
        }
        List<TemplateReads> per = new ArrayList<>();
        for (QueryTemplate template : mix.templates()) {
            long[] t = tallies.get(template.name());
            per.add(new TemplateReads(
                    template.name(),
                    template.shape(),
                    t[0],
                    t[1],
                    t[2],
                    t[3],
                    t[4],
                    examples.getOrDefault(template.name(), "")));
        }
        double n = Math.max(1, count);
        return new ReadDistribution(
                count, 100 * single / n, 100 * multi / n, 100 * scatter / n, count == 0 ? 0 : shards / n, per);
    }

    private static int classIndex(TargetingClass c) {
        return switch (c) {
            case SINGLE_SHARD -> 0;
            case MULTI_SHARD -> 1;
            case SCATTER_GATHER -> 2;
        };
    }
}
