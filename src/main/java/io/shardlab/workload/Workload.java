package io.shardlab.workload;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.util.List;
import java.util.Optional;

/**
 * A named kind of insert stream, such as {@code monotonic} or {@code inbox}: how its documents
 * look, the shard key its lesson uses, and the queries an application of that kind sends.
 *
 * <p>Implementations are immutable; all randomness comes from {@link WorkloadSettings#seed()}, so
 * the same settings give the same documents and queries.
 */
public interface Workload {

    /** The name {@code simulate --workload} accepts, e.g. {@code "compound-month-user"}. */
    String name();

    /**
     * One line for {@code simulate --help} and the setup row's picker: what the documents are and how their key
     * behaves, as words (key {@code workload.<name>.description}) the caller says in its language. A workload
     * whose words take arguments (its name's number) overrides it.
     */
    default Message descriptionMessage() {
        return Message.of("workload." + name() + ".description");
    }

    /** {@link #descriptionMessage()} in English, for {@code simulate --help}. */
    default String description() {
        return Messages.of(Language.ENGLISH).text(descriptionMessage());
    }

    /** The shard key this workload's lesson uses, e.g. {@code { month: 1, user: 1 }}. */
    ShardKeyPattern suggestedKey();

    /** The top-level fields of its documents, in document order, e.g. {@code [_id, month, user]}. */
    List<String> fields();

    /** A fresh stream of {@link WorkloadSettings#docs()} documents (fewer for a shorter dataset). */
    InsertStream open(WorkloadSettings settings);

    /** The reads such an application sends, over the values its documents hold. */
    QueryMix queries(WorkloadSettings settings);

    /**
     * Chunks to create before the first insert, as a DBA would with {@code split} and
     * {@code moveRange}: empty for most workloads.
     */
    default Optional<InitialSplit> initialSplit(WorkloadSettings settings) {
        return Optional.empty();
    }
}
