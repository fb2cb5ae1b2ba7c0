package io.shardlab.cli;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.DataSize;
import io.shardlab.sim.BalancerDecision;
import io.shardlab.sim.ZoneVerdict;
import io.shardlab.text.Messages;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code simulate --balancer-decision}: why the balancer moves what it moves, or nothing, in its next round, in the
 * release's own numbers ({@link BalancerDecision}), in the CLI's language. A ShardLab report; the words for
 * MongoDB's tests follow {@code balancer_policy.cpp}. What stops the balancer ({@link BalancerDecision#stoppedBy})
 * is said as the simulation writes it.
 */
final class BalancerDecisionText {

    /** The report's indentations (a bundle's value cannot begin with spaces). */
    private static final String INDENT = "  ";

    private static final String DETAIL = "    ";

    private BalancerDecisionText() {}

    static String render(BalancerDecision d, ShardKeyPattern key, Messages words) {
        StringBuilder out = new StringBuilder("\n")
                .append(words.text("cli.balancer.title", d.release().toString()))
                .append('\n');
        d.stoppedBy()
                .ifPresent(why -> out.append(INDENT)
                        .append(words.text("cli.balancer.stopped", words.text(why)))
                        .append('\n'));
        if (!d.busyShards().isEmpty()) {
            out.append(INDENT)
                    .append(words.text("cli.balancer.busy", String.join(", ", d.busyShards())))
                    .append('\n');
        }
        if (d.jumboChunks() > 0) {
            out.append(INDENT)
                    .append(words.text("cli.balancer.jumbo", d.jumboChunks()))
                    .append('\n');
        }
        for (ZoneVerdict v : d.zones()) {
            boolean bytes = v.measure().equals("bytes");
            List<String> loads = new ArrayList<>();
            new TreeMap<>(v.load()).forEach((shard, load) -> loads.add(shard + " " + amount(load, bytes, words)));
            String zone = v.zone().isEmpty()
                    ? words.text("cli.balancer.outsideZones")
                    : words.text("cli.balancer.zone", v.zone());
            out.append(INDENT)
                    .append(words.text("cli.balancer.zoneLoads", zone, String.join("  ", loads)))
                    .append('\n')
                    .append(DETAIL)
                    .append(words.text(
                            bytes ? "cli.balancer.ideal.bytes" : "cli.balancer.ideal.chunks",
                            amount(v.ideal(), bytes, words),
                            amount(v.threshold(), bytes, words)))
                    .append('\n')
                    .append(DETAIL)
                    .append(verdict(v, words))
                    .append('\n');
        }
        if (d.moves().isEmpty()) {
            return out.append(INDENT)
                    .append(words.text("cli.balancer.noMove"))
                    .append('\n')
                    .toString();
        }
        out.append(INDENT).append(words.text("cli.balancer.moves")).append('\n');
        for (BalancerDecision.Move m : d.moves()) {
            out.append(DETAIL)
                    .append(words.text(
                            "cli.balancer.move",
                            m.reason().name(),
                            BsonPrinter.shell(m.min().toDocument(key)),
                            BsonPrinter.shell(m.max().toDocument(key)),
                            m.from(),
                            m.to(),
                            DataSize.format(m.bytes())))
                    .append('\n');
        }
        Map<String, Long> after = d.bytesAfter();
        for (Map.Entry<String, Long> e : new TreeMap<>(d.bytesBefore()).entrySet()) {
            out.append(DETAIL)
                    .append(e.getKey())
                    .append(": ")
                    .append(DataSize.format(e.getValue()))
                    .append(" -> ")
                    .append(DataSize.format(Math.max(0, after.get(e.getKey()))))
                    .append('\n');
        }
        return out.toString();
    }

    /** The zone's outcome, after its most and least loaded shards when the policy found them. */
    private static String verdict(ZoneVerdict v, Messages words) {
        String outcome = words.text("cli.balancer.outcome." + v.outcome().name());
        if (v.donor() != null && v.receiver() != null) {
            return words.text("cli.balancer.verdict.both", v.donor(), v.receiver(), outcome);
        }
        if (v.donor() != null) {
            return words.text("cli.balancer.verdict.donor", v.donor(), outcome);
        }
        if (v.receiver() != null) {
            return words.text("cli.balancer.verdict.receiver", v.receiver(), outcome);
        }
        return outcome;
    }

    private static String amount(long value, boolean bytes, Messages words) {
        return bytes ? DataSize.format(value) : words.text("cli.balancer.chunks", value);
    }
}
