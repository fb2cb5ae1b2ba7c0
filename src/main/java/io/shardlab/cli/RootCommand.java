package io.shardlab.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code shardlab}: the CLI's root, which only lists its subcommands. */
@Command(
        name = "shardlab",
        mixinStandardHelpOptions = true,
        description = "ShardLab: see what a MongoDB shard key does. Run with no arguments to open the app.",
        synopsisSubcommandLabel = "COMMAND")
final class RootCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
