package io.shardlab.cli;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.util.Objects;

/**
 * Bad input the CLI refuses in its own words, kept as a {@link Message} so that code with no language at hand (an
 * option's bound, a file name's format) can refuse it: {@link Cli}'s handler says it in {@code --lang}'s language
 * (exit 2); {@link #getMessage()} is the English text, for callers that log it.
 */
final class RefusedInput extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final transient Message said;

    RefusedInput(Message said) {
        super(Messages.of(Language.ENGLISH).text(Objects.requireNonNull(said, "said")));
        this.said = said;
    }

    /** What is wrong, to be said in the CLI's language. */
    Message said() {
        return said;
    }
}
