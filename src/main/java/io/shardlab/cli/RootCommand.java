package io.shardlab.cli;

import io.shardlab.text.Language;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * {@code shardlab}: the CLI's root, which lists its subcommands and holds the options every command takes
 * ({@code --lang}).
 */
@Command(name = "shardlab", mixinStandardHelpOptions = true, synopsisSubcommandLabel = "COMMAND")
final class RootCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    private final CliLanguage language;

    RootCommand(CliLanguage language) {
        this.language = language;
    }

    /** {@code --lang <tag>}, on the root or after any command: the language of the CLI's own messages. */
    @Option(names = "--lang", paramLabel = "<tag>", scope = ScopeType.INHERIT)
    void language(String tag) {
        try {
            language.choose(Language.ofTag(tag));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--lang: " + e.getMessage());
        }
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
