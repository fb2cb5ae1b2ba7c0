package io.shardlab.live;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.util.Objects;

/**
 * Something wrong in the cluster's metadata that the reader reports instead of failing on: a gap
 * or overlap between chunks, a chunk on a shard config.shards does not know, a document that does
 * not have MongoDB's shape.
 *
 * @param namespace the collection concerned, or {@code ""} for the cluster
 * @param said one line naming the document and the problem, to be said in the user's language
 */
public record MetadataProblem(String namespace, Message said) {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    public MetadataProblem {
        namespace = namespace == null ? "" : namespace;
        Objects.requireNonNull(said, "said");
    }

    /**
     * A problem as it was written (English, or read back from a capture, whose problems are English text).
     *
     * @throws IllegalArgumentException when {@code message} is blank
     */
    public MetadataProblem(String namespace, String message) {
        this(namespace, Message.of("common.verbatim", described(message)));
    }

    private static String described(String message) {
        if (message == null || message.isBlank()) {
            throw new IllegalArgumentException(
                    "message: a problem needs a description"); // untranslated: a developer's contract
        }
        return message;
    }

    /** {@link #said()} in English: for {@code --json}, captures and logs. */
    public String message() {
        return ENGLISH.text(said);
    }

    @Override
    public String toString() {
        return namespace.isEmpty() ? message() : namespace + ": " + message();
    }
}
