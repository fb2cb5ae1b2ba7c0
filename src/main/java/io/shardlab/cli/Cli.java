package io.shardlab.cli;

import io.shardlab.AppInfo;
import io.shardlab.workload.WorkloadRegistry;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Builds the command line: the root command, its subcommands, and the conventions every command
 * shares: {@code --help} and {@code --version}; exit 0 on success; exit 2 with one line on stderr
 * naming the input and the problem on bad input (never a stack trace); exit 1 on an internal error.
 */
public final class Cli {

    /** Exit code for bad input. */
    public static final int BAD_INPUT = 2;
    /** Exit code for an unexpected failure. */
    public static final int INTERNAL_ERROR = 1;

    private Cli() {
    }

    /** The wired command line, writing to the process's stdout and stderr. */
    public static CommandLine create(AppInfo info) {
        return create(info, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
    }

    /** The wired command line, writing to the given streams (tests capture them). */
    public static CommandLine create(AppInfo info, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new RootCommand());
        cli.getCommandSpec().version(info.name() + " " + info.version());
        // subcommands are registered here, in one place
        cli.addSubcommand(new HashCommand());
        cli.addSubcommand(new ExplainCommand(java.time.Clock.systemUTC()));
        cli.addSubcommand(SimulateCommand.commandLine(WorkloadRegistry.standard(), java.time.Clock.systemUTC()));
        cli.addSubcommand(new InspectCommand(java.time.Clock.systemUTC()));
        cli.addSubcommand(new SnapshotCommand(java.time.Clock.systemUTC()));
        cli.addSubcommand(new ExportCommand(WorkloadRegistry.standard(), java.time.Clock.systemUTC()));
        cli.addSubcommand(new AnalyzeCommand());
        cli.addSubcommand(new ServeCommand());
        cli.addSubcommand(new ShellCommand());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println(c.getCommandName() + ": " + oneLine(ex.getMessage())
                    + " (see '" + c.getCommandSpec().qualifiedName() + " --help')");
            return BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((ex, c, parseResult) -> {
            if (ex instanceof IllegalArgumentException) {
                c.getErr().println(c.getCommandName() + ": " + oneLine(ex.getMessage()));
                return BAD_INPUT;
            }
            c.getErr().println(c.getCommandName() + ": internal error: " + oneLine(String.valueOf(ex)));
            return INTERNAL_ERROR;
        });
        return cli;
    }

    static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\s+", " ").strip();
    }
}
