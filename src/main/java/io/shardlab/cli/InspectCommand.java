package io.shardlab.cli;

import io.shardlab.live.ClusterMetadata;
import java.io.PrintWriter;
import java.time.Clock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code inspect}: a real cluster's chunk layout, read only, from a live server, a snapshot file or
 * a config dump; as {@code sh.status()}-like text (a collection's chunks listed below 20, or with
 * {@code --verbose}, as sh.status does), or as JSON with every chunk.
 *
 * <p>Broken metadata (gaps, overlaps, unknown shards, malformed documents) is listed, not fatal:
 * the exit code is 0 whenever the source could be read, 2 when it could not (an unreachable server
 * fails within the timeout, 10 s by default, with one line).
 */
@Command(name = "inspect", mixinStandardHelpOptions = true, sortOptions = false)
final class InspectCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Mixin
    private LayoutSourceOptions source;

    @Option(names = "--json")
    private boolean json;

    @Option(names = "--verbose")
    private boolean verbose;

    @Option(names = "--changes", paramLabel = "N", defaultValue = "10")
    private int changes;

    private final Clock clock;

    /** The language of the text report's own parts (release note, metadata problems); {@code --json} stays English. */
    private final CliLanguage language;

    InspectCommand(Clock clock, CliLanguage language) {
        this.clock = clock;
        this.language = language;
        this.source = new LayoutSourceOptions(language);
    }

    @Override
    public void run() {
        OptionBounds.CHANGES.check(changes);
        ClusterMetadata metadata = source.read(clock);
        PrintWriter out = spec.commandLine().getOut();
        out.print(
                json
                        ? InspectionJson.render(metadata, changes)
                        : ShardingStatusText.render(metadata, changes, verbose, language.words()));
        out.flush();
    }
}
