package io.shardlab.cli;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.DataSize;
import io.shardlab.sim.BalancerDecision;
import io.shardlab.sim.ZoneVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code simulate --balancer-decision}: why the balancer moves what it moves, or nothing, in its next round, in the
 * release's own numbers ({@link BalancerDecision}). A ShardLab report; the words for MongoDB's tests follow
 * {@code balancer_policy.cpp}.
 */
final class BalancerDecisionText {

    private BalancerDecisionText() {}

    static String render(BalancerDecision d, ShardKeyPattern key) {
        StringBuilder out = new StringBuilder("\nBalancer decision (MongoDB " + d.release() + " rules):\n");
        d.stoppedBy().ifPresent(why -> out.append("  stopped: ").append(why).append('\n'));
        if (!d.busyShards().isEmpty()) {
            out.append("  in a migration already, left out of the round: ")
                    .append(String.join(", ", d.busyShards()))
                    .append('\n');
        }
        if (d.jumboChunks() > 0) {
            out.append("  jumbo chunks, left where they are: ")
                    .append(d.jumboChunks())
                    .append('\n');
        }
        for (ZoneVerdict v : d.zones()) {
            boolean bytes = v.measure().equals("bytes");
            out.append("  ")
                    .append(v.zone().isEmpty() ? "outside every zone" : "zone " + v.zone())
                    .append(": ");
            List<String> loads = new ArrayList<>();
            new TreeMap<>(v.load()).forEach((shard, load) -> loads.add(shard + " " + amount(load, bytes)));
            out.append(String.join("  ", loads));
            out.append("\n    ideal ")
                    .append(amount(v.ideal(), bytes))
                    .append(" per shard; threshold ")
                    .append(amount(v.threshold(), bytes))
                    .append(bytes ? " (3 × the chunk size, donor minus receiver)" : " (chunks above the ideal)")
                    .append("\n    ")
                    .append(v.donor() == null ? "" : "most loaded " + v.donor() + ", ")
                    .append(v.receiver() == null ? "" : "least loaded " + v.receiver() + ": ")
                    .append(v.outcome().words())
                    .append('\n');
        }
        if (d.moves().isEmpty()) {
            out.append("  next round: no migration\n");
            return out.toString();
        }
        out.append("  next round:\n");
        for (BalancerDecision.Move m : d.moves()) {
            out.append("    ")
                    .append(m.reason().name())
                    .append(' ')
                    .append(BsonPrinter.shell(m.min().toDocument(key)))
                    .append(" -->> ")
                    .append(BsonPrinter.shell(m.max().toDocument(key)))
                    .append(" from ")
                    .append(m.from())
                    .append(" to ")
                    .append(m.to())
                    .append(", about ")
                    .append(DataSize.format(m.bytes()))
                    .append('\n');
        }
        Map<String, Long> after = d.bytesAfter();
        for (Map.Entry<String, Long> e : new TreeMap<>(d.bytesBefore()).entrySet()) {
            out.append("    ")
                    .append(e.getKey())
                    .append(": ")
                    .append(DataSize.format(e.getValue()))
                    .append(" -> ")
                    .append(DataSize.format(Math.max(0, after.get(e.getKey()))))
                    .append('\n');
        }
        return out.toString();
    }

    private static String amount(long value, boolean bytes) {
        return bytes ? DataSize.format(value) : value + " chunks";
    }
}
