package io.shardlab.text;

import java.util.Objects;

/**
 * Bad input refused in ShardLab's own words, kept as a {@link Message} so that code with no language at hand (a
 * file reader, a decoder, an option's bound) can refuse it and the front end says it in the user's language: the
 * CLI in {@code --lang}'s, the window in the one chosen in View → Language, even after a switch.
 * {@link #getMessage()} is the English text, for callers that log it and for tests.
 */
public class RefusedInput extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private final transient Message said;

    public RefusedInput(Message said) {
        this(said, null);
    }

    /** @param cause the failure that made the input unusable, kept for a log; its words are in {@code said} */
    public RefusedInput(Message said, Throwable cause) {
        super(ENGLISH.text(Objects.requireNonNull(said, "said")), cause);
        this.said = said;
    }

    /** What is wrong, to be said in the user's language. */
    public Message said() {
        return said;
    }

    /**
     * What {@code failure} says: its {@link Message} when it is a {@code RefusedInput}, otherwise its own text as
     * it was written (English or MongoDB's words) — to nest a cause's words in a refusal of one's own.
     */
    public static Message said(Throwable failure) {
        if (failure instanceof RefusedInput refused) {
            return refused.said();
        }
        String text = failure.getMessage();
        return Message.of(
                "common.verbatim",
                text == null || text.isBlank()
                        ? failure.getClass().getSimpleName()
                        : text.replaceAll("\\s+", " ").strip());
    }
}
