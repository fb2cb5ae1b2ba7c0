package io.shardlab.workload;

import io.shardlab.sim.AddShard;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.text.Message;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A command a scenario runs while its stream plays, as an operator would in the middle of a load:
 * once exactly {@code afterDocuments} documents of the stream are in, the command runs, then the
 * stream goes on. Every player ({@link StreamPlayer}: the CLI's {@link WorkloadDriver}, the explorer) ends the
 * batch in progress at that document, so the same scenario always runs the step at the same point of the stream.
 *
 * @param afterDocuments how many of the stream's documents are in when the step runs, at least 1
 * @param command what runs, e.g. {@link AddShard} ({@code sh.addShard}): a shard joining a cluster under load
 */
public record StreamStep(long afterDocuments, ClusterCommand command) {

    public StreamStep {
        if (afterDocuments < 1) {
            throw new IllegalArgumentException(
                    "afterDocuments < 1: " + afterDocuments); // untranslated: a developer's contract (LessonFile)
        }
        Objects.requireNonNull(command, "command");
    }

    /** {@code sh.addShard} of {@code shard} after {@code afterDocuments} documents. */
    public static StreamStep addShard(long afterDocuments, String shard) {
        return new StreamStep(afterDocuments, new AddShard(shard));
    }

    /**
     * The steps in the order they run: sorted by {@link #afterDocuments}, steps at the same point in
     * the order given.
     */
    public static List<StreamStep> inOrder(List<StreamStep> steps) {
        return steps.stream()
                .sorted(Comparator.comparingLong(StreamStep::afterDocuments))
                .toList();
    }

    /** Where the step runs, e.g. "after 100,000 documents" ({@code workload.step.after}). */
    public Message where() {
        return Message.of("workload.step.after", afterDocuments);
    }

    /**
     * One line for the explorer's activity list, e.g. "after 100,000 documents: sh.addShard(…)"; the command as
     * mongosh writes it.
     */
    public Message describe() {
        return Message.of("workload.step.line", where(), command.mongoshCommand());
    }
}
