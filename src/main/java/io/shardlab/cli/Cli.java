package io.shardlab.cli;

import io.shardlab.AppInfo;
import io.shardlab.workload.WorkloadRegistry;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.List;
import picocli.CommandLine;

/**
 * Builds the command line: the root command, its subcommands, and the conventions every command
 * shares: {@code --help} and {@code --version}; exit 0 on success; exit 2 with one line on stderr
 * naming the input and the problem on bad input (never a stack trace); exit 1 on an internal error,
 * with a hint to report it. {@code Error}s too end in one line: a stack overflow or running out of
 * memory is an input too deep or too large (exit 2), any other is internal (exit 1).
 */
public final class Cli {

    /** Exit code for bad input. */
    public static final int BAD_INPUT = 2;
    /** Exit code for an unexpected failure. */
    public static final int INTERNAL_ERROR = 1;

    /** Appended to an internal error: it is ShardLab's fault, not the input's. */
    static final String REPORT_HINT = " (a ShardLab bug: please report it with the command that caused it)";

    private Cli() {}

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
        cli.addSubcommand(new ExplainCommand(Clock.systemUTC()));
        cli.addSubcommand(SimulateCommand.commandLine(WorkloadRegistry.standard(), Clock.systemUTC()));
        cli.addSubcommand(new InspectCommand(Clock.systemUTC()));
        cli.addSubcommand(new SnapshotCommand(Clock.systemUTC()));
        cli.addSubcommand(new ExportCommand(WorkloadRegistry.standard(), Clock.systemUTC()));
        cli.addSubcommand(new AnalyzeCommand());
        cli.addSubcommand(new ServeCommand());
        cli.addSubcommand(ShellCommand.commandLine());
        cli.setOut(out);
        cli.setErr(err);
        answerFailuresInOneLine(cli);
        return cli;
    }

    /** The shared conventions for bad input and failures, on a command line and its subcommands. */
    static void answerFailuresInOneLine(CommandLine cli) {
        cli.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr()
                    .println(c.getCommandName() + ": " + oneLine(ex.getMessage()) + " (see '"
                            + c.getCommandSpec().qualifiedName() + " --help')");
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
        CommandLine.IExecutionStrategy run = new CommandLine.RunLast();
        cli.setExecutionStrategy(parseResult -> {
            try {
                return run.execute(parseResult);
            } catch (Error e) {
                return lastResort(e, parseResult);
            }
        });
    }

    /**
     * The CLI's last resort for an {@link Error} that escaped a command (picocli's handlers see only
     * {@code Exception}s): one line, never a stack trace. Parsers limit nesting and sizes before any
     * of these can happen; reaching here means an input outgrew a limit ShardLab does not know of
     * (exit 2) or a bug (exit 1).
     */
    private static int lastResort(Error e, CommandLine.ParseResult parseResult) {
        List<CommandLine> commands = parseResult.asCommandLineList();
        CommandLine c = commands.get(commands.size() - 1);
        if (e instanceof StackOverflowError) {
            c.getErr().println(c.getCommandName() + ": the input is nested too deeply to process");
            return BAD_INPUT;
        }
        if (e instanceof OutOfMemoryError) {
            c.getErr()
                    .println(c.getCommandName() + ": the input is too large for the memory Java was given ("
                            + Runtime.getRuntime().maxMemory() / (1024 * 1024)
                            + " MB): use a smaller input or a larger -Xmx");
            return BAD_INPUT;
        }
        String what =
                e.getMessage() == null || e.getMessage().isBlank() ? "an unexpected failure" : oneLine(e.getMessage());
        c.getErr().println(c.getCommandName() + ": internal error: " + what + REPORT_HINT);
        return INTERNAL_ERROR;
    }

    static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\s+", " ").strip();
    }
}
