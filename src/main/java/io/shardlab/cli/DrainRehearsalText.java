package io.shardlab.cli;

import io.shardlab.render.DataSize;
import io.shardlab.render.ElapsedTime;
import io.shardlab.sim.DrainRehearsal;
import io.shardlab.text.Messages;
import java.util.List;

/**
 * {@code simulate --drain SHARD}: a shard's removal rehearsed ({@link DrainRehearsal}), in the CLI's language.
 * At most {@link #ROWS} rounds are listed (the first ones, then the last); MongoDB's refusal text stays MongoDB's.
 */
final class DrainRehearsalText {

    /** Rounds listed at most: the first {@code ROWS - 1} and the last. */
    static final int ROWS = 20;

    /** The report's indentation (a bundle's value cannot begin with spaces). */
    private static final String INDENT = "  ";

    private DrainRehearsalText() {}

    static String render(DrainRehearsal.Result r, Messages words) {
        StringBuilder out = new StringBuilder("\n")
                .append(words.text("drain.title", r.shard(), r.version().toString()))
                .append('\n');
        out.append(INDENT)
                .append(words.text("drain.runs", String.join("; ", r.commands())))
                .append('\n');
        if (r.refusal().isPresent()) {
            return out.append(words.text(
                            "drain.refused",
                            r.refusal().get().codeName() + ": "
                                    + r.refusal().get().message()))
                    .append('\n')
                    .toString();
        }
        out.append(INDENT)
                .append(words.text("drain.start", r.startChunks(), DataSize.format(r.startBytes()), r.shard()))
                .append('\n');
        List<DrainRehearsal.Progress> rounds = r.progress();
        if (!rounds.isEmpty()) {
            for (int i = 0; i < rounds.size(); i++) {
                if (i == ROWS - 1 && rounds.size() > ROWS) {
                    out.append(INDENT)
                            .append(words.text("drain.rounds-left-out", rounds.size() - ROWS))
                            .append('\n');
                    i = rounds.size() - 1;
                }
                DrainRehearsal.Progress p = rounds.get(i);
                out.append(INDENT)
                        .append(words.text(
                                "drain.row",
                                p.round(),
                                ElapsedTime.format(p.atMillis()),
                                p.chunksLeft(),
                                DataSize.format(p.bytesLeft()),
                                p.millisLeft().isPresent()
                                        ? ElapsedTime.format(p.millisLeft().getAsLong())
                                        : words.text("drain.no-estimate")))
                        .append('\n');
            }
        }
        if (r.removed()) {
            return out.append(INDENT)
                    .append(words.text("drain.removed", ElapsedTime.format(r.tookMillis())))
                    .append('\n')
                    .toString();
        }
        out.append(INDENT)
                .append(words.text("drain.not-removed", ElapsedTime.format(r.tookMillis())))
                .append('\n');
        for (DrainRehearsal.Blocker b : r.blockers()) {
            out.append(INDENT)
                    .append(INDENT)
                    .append(words.text("drain.blocker." + b.kind().name(), b.count()))
                    .append('\n');
        }
        return out.toString();
    }
}
