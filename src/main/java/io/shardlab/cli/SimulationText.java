package io.shardlab.cli;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.DataSize;
import io.shardlab.sim.BalancerRoundsRun;
import io.shardlab.sim.ClusterEvent;
import io.shardlab.sim.Migration;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.workload.ReadDistribution;
import io.shardlab.workload.WriteDistribution;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * {@code simulate} without {@code --json}: a readable report in the spirit of the shell's
 * {@code sh.status()} and {@code db.collection.getShardDistribution()}, then the run's writes.
 *
 * <p>Layout from the legacy shell (mongo {@code src/mongo/shell/utils_sh.js} {@code printShardingStatus}
 * and {@code src/mongo/shell/collection.js} {@code getShardDistribution}, 4.x/5.0 era): the
 * collection's key, {@code chunks:} with {@code shard<TAB>count} per shard, one
 * {@code min -->> max on : shard Timestamp(major, minor)} line per chunk (plus {@code jumbo}), or
 * "too many chunks to print, use verbose if you want to force print" from 20 chunks on; then per
 * shard {@code data : … docs : … chunks : …} with sizes in {@code sh._dataFormat} and the totals with
 * floored percentages. Values are written in mongosh syntax ({@code Long('5')}, {@code MinKey()})
 * rather than the legacy shell's {@code tojson}.
 */
final class SimulationText {

    /** From this many chunks on, the shell prints no chunk list without {@code verbose}. */
    static final int CHUNK_LIST_LIMIT = 20;

    private SimulationText() {}

    /** @param words the language of ShardLab's own lines and notes (sh.status()'s own lines stay MongoDB's) */
    static String render(SimulationOutcome outcome, boolean verbose, Messages words) {
        SimulationSnapshot s = outcome.finalState();
        ClusterSnapshot c = s.cluster();
        ShardKeyPattern key = outcome.key();
        StringBuilder out = new StringBuilder();
        out.append("--- Sharding Status --- (simulated MongoDB ") // untranslated: sh.status()
                .append(s.version().label())
                .append(")\n");
        outcome.origin().ifPresent(o -> {
            out.append("  ")
                    .append(words.text("cli.simulate.layout", o.namespace(), o.source(), o.chunks()))
                    .append('\n');
            for (Message note : o.notes()) {
                out.append("        ").append(words.text(note)).append('\n');
            }
        });
        out.append("  ")
                .append(
                        outcome.input().isPresent()
                                ? words.text(
                                        "cli.simulate.inserted",
                                        outcome.writes().inserts(),
                                        outcome.input().get(),
                                        outcome.seed())
                                : words.text("cli.simulate.insertedNothing", outcome.seed()))
                .append('\n');
        out.append("  chunk size: ") // untranslated: sh.status()
                .append(ShellNumbers.dataFormat(s.maxChunkSizeBytes()))
                .append('\n');
        out.append("  shards:\n"); // untranslated: sh.status()
        for (Shard shard : s.shards()) {
            out.append("        {  \"_id\" : \"")
                    .append(shard.id())
                    .append("\",  \"host\" : \"")
                    .append(shard.host())
                    .append("\",  \"state\" : 1")
                    .append(shard.draining() ? ",  \"draining\" : true" : "")
                    .append(" }\n");
        }
        out.append("  balancer:\n"); // untranslated: sh.status()
        out.append("        Migration results for the run:\n"); // untranslated: sh.status()
        long migrations = s.counters().migrationsCommitted();
        out.append("                ")
                .append(
                        migrations == 0
                                ? "No recent migrations" // untranslated: sh.status()
                                : migrations + " : Success") // untranslated: sh.status()
                .append('\n');
        out.append("  databases:\n"); // untranslated: sh.status()
        out.append("                ").append(c.namespace()).append('\n');
        String indent = "                        ";
        out.append(indent)
                .append("shard key: ") // untranslated: sh.status()
                .append(BsonPrinter.shell(key.toDocument()))
                .append('\n');
        out.append(indent).append("unique: ").append(c.unique()).append('\n'); // untranslated: sh.status()
        out.append(indent).append("balancing: true\n"); // untranslated: sh.status()
        out.append(indent).append("chunks:\n"); // untranslated: sh.status()
        for (Map.Entry<String, Integer> e : c.chunks().chunksPerShard().entrySet()) {
            out.append(indent)
                    .append("        ")
                    .append(e.getKey())
                    .append('\t')
                    .append(e.getValue())
                    .append('\n');
        }
        if (c.chunks().size() < CHUNK_LIST_LIMIT || verbose) {
            for (Chunk chunk : c.chunks().chunks()) {
                out.append(indent)
                        .append(BsonPrinter.shell(chunk.min().toDocument(key)))
                        .append(" -->> ") // untranslated: sh.status()
                        .append(BsonPrinter.shell(chunk.max().toDocument(key)))
                        .append(" on : ") // untranslated: sh.status()
                        .append(chunk.shard())
                        .append(' ')
                        .append(chunk.version())
                        .append(chunk.jumbo() ? " jumbo" : "")
                        .append('\n');
            }
        } else {
            out.append(indent).append(ShardingStatusText.TOO_MANY_CHUNKS).append('\n');
        }
        appendDistribution(out, s, outcome.sizesUnknown());
        if (outcome.input().isPresent()) {
            appendWrites(out, outcome.writes(), words);
        }
        outcome.rounds().ifPresent(r -> appendRounds(out, r, key, s, outcome.sizesUnknown(), words));
        appendTotals(out, s, outcome.events(), words);
        outcome.reads().ifPresent(r -> appendReads(out, r, words));
        return out.toString();
    }

    /**
     * The migrations of {@code --balancer-rounds}, one line each: round, command (moveChunk before
     * 6.0, moveRange from 6.0: mongo balancer.cpp), shards, range, documents, bytes, MongoDB's
     * reason ({@code balancer_policy.h} MigrationReason), and whether ShardLab estimated the range's
     * end; then the rounds' splits, jumbo flags, failures and merges, and why the run stopped early.
     */
    private static void appendRounds(
            StringBuilder out,
            BalancerRoundsRun r,
            ShardKeyPattern key,
            SimulationSnapshot s,
            boolean unknown,
            Messages words) {
        out.append('\n')
                .append(words.text(
                        "cli.simulate.rounds",
                        r.requested(),
                        r.run(),
                        (r.endedAtMillis() - r.startedAtMillis()) / 1000.0))
                .append('\n');
        String command = SimulationJson.migrationCommand(s.version());
        for (BalancerRoundsRun.PlannedMigration p : r.migrations()) {
            Migration m = p.migration();
            out.append(String.format(
                    Locale.ROOT,
                    " %s %s %s -> %s  %s -->> %s%s  %s  %s  %s%s%n",
                    words.text("cli.simulate.round", String.format(Locale.ROOT, "%-4d", p.round())),
                    command,
                    m.from(),
                    m.to(),
                    BsonPrinter.shell(m.min().toDocument(key)),
                    BsonPrinter.shell(m.max().toDocument(key)),
                    m.estimatedMax() ? " " + words.text("cli.simulate.estimated") : "",
                    unknown
                            ? words.text("cli.simulate.roundDocs", DataSize.UNKNOWN)
                            : words.text("cli.simulate.roundDocs", Long.toString(m.documents())),
                    unknown ? DataSize.UNKNOWN : ShellNumbers.dataFormat(m.bytes()),
                    SimulationJson.reason(m.reason()),
                    p.committed() ? "" : "  " + words.text("cli.simulate.inFlight")));
        }
        long bytes =
                r.migrations().stream().mapToLong(p -> p.migration().bytes()).sum();
        out.append(' ')
                .append(words.text(
                        "cli.simulate.migrationsPlanned",
                        r.migrations().size(),
                        r.committed(),
                        unknown ? DataSize.UNKNOWN : ShellNumbers.dataFormat(bytes)))
                .append('\n');
        for (ClusterEvent e : SimulationJson.reported(r)) {
            out.append(" ").append(words.text(SimulationJson.describe(e, key))).append('\n');
        }
        r.stoppedBecause()
                .ifPresent(why -> out.append(' ')
                        .append(words.text("cli.simulate.stoppedEarly", why))
                        .append('\n'));
    }

    /**
     * The shell's {@code data : … docs : … chunks : …} line of a shard or of the totals; with {@code unknown} (the
     * source did not tell its chunks' sizes) none of the shell's figures but the chunk count can be given.
     */
    private static void appendDataDocsChunks(StringBuilder out, boolean unknown, long bytes, long docs, long chunks) {
        out.append(" data : ") // untranslated: getShardDistribution()
                .append(unknown ? DataSize.UNKNOWN : ShellNumbers.dataFormat(bytes))
                .append(" docs : ") // untranslated: getShardDistribution()
                .append(unknown ? DataSize.UNKNOWN : String.valueOf(docs))
                .append(" chunks : ") // untranslated: getShardDistribution()
                .append(chunks)
                .append('\n');
    }

    private static void appendDistribution(StringBuilder out, SimulationSnapshot s, boolean unknown) {
        Map<String, long[]> perShard = SimulationJson.perShard(s);
        long size = 0;
        long count = 0;
        long chunks = 0;
        for (long[] v : perShard.values()) {
            chunks += v[0];
            count += v[1];
            size += v[2];
        }
        Map<String, String> hosts = new HashMap<>();
        s.shards().forEach(sh -> hosts.put(sh.id(), sh.host()));
        for (Map.Entry<String, long[]> e : perShard.entrySet()) {
            long[] v = e.getValue();
            out.append("\nShard ") // untranslated: getShardDistribution()
                    .append(e.getKey())
                    .append(" at ") // untranslated: getShardDistribution()
                    .append(hosts.getOrDefault(e.getKey(), ""))
                    .append('\n');
            appendDataDocsChunks(out, unknown, v[2], v[1], v[0]);
            if (unknown) {
                continue;
            }
            out.append(" estimated data per chunk : ") // untranslated: getShardDistribution()
                    .append(ShellNumbers.dataFormat(v[0] == 0 ? 0 : (double) v[2] / v[0]))
                    .append('\n');
            out.append(" estimated docs per chunk : ") // untranslated: getShardDistribution()
                    .append(v[0] == 0 ? 0 : v[1] / v[0])
                    .append('\n');
        }
        out.append("\nTotals\n"); // untranslated: getShardDistribution()
        appendDataDocsChunks(out, unknown, size, count, chunks);
        if (unknown) {
            return;
        }
        for (Map.Entry<String, long[]> e : perShard.entrySet()) {
            long[] v = e.getValue();
            out.append(" Shard ") // untranslated: getShardDistribution()
                    .append(e.getKey())
                    .append(" contains ") // untranslated: getShardDistribution()
                    .append(ShellNumbers.percent(v[2], size))
                    .append("% data, ") // untranslated: getShardDistribution()
                    .append(ShellNumbers.percent(v[1], count))
                    .append("% docs in cluster, avg obj size on shard : ") // untranslated: getShardDistribution()
                    .append(ShellNumbers.dataFormat(v[1] == 0 ? 0 : v[2] / v[1]))
                    .append('\n');
        }
    }

    private static void appendWrites(StringBuilder out, WriteDistribution writes, Messages words) {
        List<String> shards = writes.shards();
        out.append('\n').append(words.text("cli.simulate.writes")).append('\n');
        out.append(' ')
                .append(words.text("cli.simulate.inserts", writes.inserts(), writes.fullWindows(), writes.window()))
                .append('\n');
        OptionalDouble share = writes.meanMaxWriteShare();
        out.append(" meanMaxWriteShare : ")
                .append(share.isPresent() ? String.format(Locale.ROOT, "%.3f", share.getAsDouble()) : "n/a")
                .append(' ')
                .append(words.text(
                        "cli.simulate.meanMaxWriteShare",
                        String.format(Locale.ROOT, "%.3f", 1.0 / Math.max(1, shards.size())),
                        shards.size()))
                .append('\n');
        for (String shard : shards) {
            out.append(" ")
                    .append(shard)
                    .append(" : ")
                    .append(words.text(
                            "cli.simulate.shardWrites",
                            writes.writes(shard),
                            ShellNumbers.percent(writes.writes(shard), writes.inserts())))
                    .append('\n');
        }
    }

    private static void appendTotals(StringBuilder out, SimulationSnapshot s, long events, Messages words) {
        long jumbo = s.chunkStatistics().stream()
                .map(ChunkStatistics::chunk)
                .filter(Chunk::jumbo)
                .count();
        // the counts ungrouped, as the JSON has them
        out.append('\n')
                .append(words.text(
                        "cli.simulate.totals",
                        String.valueOf(s.counters().splits()),
                        String.valueOf(s.counters().migrationsCommitted()),
                        String.valueOf(s.counters().merges()),
                        String.valueOf(jumbo),
                        String.valueOf(events)))
                .append('\n');
    }

    private static void appendReads(StringBuilder out, ReadDistribution r, Messages words) {
        out.append('\n')
                .append(words.text("cli.simulate.reads", r.sampleSize()))
                .append('\n');
        out.append(' ')
                .append(words.text(
                        "cli.simulate.readShares",
                        String.format(Locale.ROOT, "%.1f", r.percentageOfSingleShardReads()),
                        String.format(Locale.ROOT, "%.1f", r.percentageOfMultiShardReads()),
                        String.format(Locale.ROOT, "%.1f", r.percentageOfScatterGatherReads()),
                        String.format(Locale.ROOT, "%.2f", r.meanShardsReached())))
                .append('\n');
        for (ReadDistribution.TemplateReads t : r.byTemplate()) {
            out.append(' ')
                    .append(words.text(
                            "cli.simulate.templateReads",
                            TerminalColumns.padded(words.text(t.name()), 36),
                            String.format(Locale.ROOT, "%5d", t.reads()),
                            String.format(Locale.ROOT, "%.2f", t.meanShardsReached()),
                            t.example()))
                    .append('\n');
        }
    }
}
