package io.shardlab.workload;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A named kind of insert stream, such as {@code monotonic} or {@code inbox}: how its documents
 * look, the shard key its lesson uses, and the queries an application of that kind sends.
 *
 * <p>Implementations are immutable; all randomness comes from {@link WorkloadSettings#seed()}, so
 * the same settings give the same documents and queries.
 */
public interface Workload {

    /**
     * What a workload is called, the shard key its lesson uses and the top-level fields of its documents: declared
     * once per workload (a constant, or built from the workload's parameters).
     *
     * @param name the name {@code simulate --workload} accepts, e.g. {@code "compound-month-user"}
     * @param suggestedKey the shard key this workload's lesson uses, e.g. {@code { month: 1, user: 1 }}
     * @param fields the top-level fields of its documents, in document order, e.g. {@code [_id, month, user]}
     */
    record Profile(String name, ShardKeyPattern suggestedKey, List<String> fields) {

        public Profile {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(suggestedKey, "suggestedKey");
            fields = List.copyOf(fields);
        }

        /** The profile of {@code name}, keyed on {@code key} (mongosh syntax), its documents holding {@code fields}. */
        public static Profile of(String name, String key, String... fields) {
            return new Profile(name, ShardKeyPattern.parse(key), List.of(fields));
        }
    }

    /** What the workload is called, keyed on and holds. */
    Profile profile();

    /** The name {@code simulate --workload} accepts, e.g. {@code "compound-month-user"}. */
    default String name() {
        return profile().name();
    }

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
    default ShardKeyPattern suggestedKey() {
        return profile().suggestedKey();
    }

    /** The top-level fields of its documents, in document order, e.g. {@code [_id, month, user]}. */
    default List<String> fields() {
        return profile().fields();
    }

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
