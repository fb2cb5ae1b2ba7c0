package io.shardlab.cli;

import io.shardlab.AppInfo;
import io.shardlab.text.Language;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.WorkloadRegistry;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
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

    private Cli() {}

    /**
     * The wired command line, writing to the process's stdout and stderr, speaking the operating system's
     * locale's language unless {@code --lang} says otherwise.
     */
    public static CommandLine create(AppInfo info) {
        return create(
                info,
                new PrintWriter(System.out, true),
                new PrintWriter(System.err, true),
                Language.forLocale(Locale.getDefault()));
    }

    /** The wired command line in English unless {@code --lang} says otherwise, writing to the given streams. */
    public static CommandLine create(AppInfo info, PrintWriter out, PrintWriter err) {
        return create(info, out, err, Language.ENGLISH);
    }

    /**
     * The wired command line, writing to the given streams (tests capture them), speaking {@code language} unless
     * {@code --lang} says otherwise.
     */
    public static CommandLine create(AppInfo info, PrintWriter out, PrintWriter err, Language language) {
        CliLanguage words = new CliLanguage(language);
        CommandLine cli = new CommandLine(new RootCommand(words));
        cli.getCommandSpec().version(info.name() + " " + info.version());
        // subcommands are registered here, in one place
        cli.addSubcommand(new HashCommand());
        cli.addSubcommand(new ExplainCommand(Clock.systemUTC(), words));
        cli.addSubcommand(SimulateCommand.commandLine(WorkloadRegistry.standard(), Clock.systemUTC(), words));
        cli.addSubcommand(new InspectCommand(Clock.systemUTC(), words));
        cli.addSubcommand(new SnapshotCommand(Clock.systemUTC(), words));
        cli.addSubcommand(new ExportCommand(WorkloadRegistry.standard(), Clock.systemUTC(), words));
        cli.addSubcommand(new AnalyzeCommand(words));
        cli.addSubcommand(new ServeCommand(words));
        cli.addSubcommand(ShellCommand.commandLine(words));
        // after every subcommand is added: picocli gives the bundle to the commands it has now
        cli.setResourceBundle(HelpWords.of(words));
        cli.setOut(out);
        cli.setErr(err);
        answerFailuresInOneLine(cli, words);
        return cli;
    }

    /** The shared conventions for bad input and failures, on a command line and its subcommands, in English. */
    static void answerFailuresInOneLine(CommandLine cli) {
        answerFailuresInOneLine(cli, new CliLanguage(Language.ENGLISH));
    }

    /**
     * The shared conventions for bad input and failures, on a command line and its subcommands, their own words
     * in {@code language} (the problem itself is the message of the exception, as the code that found it wrote it).
     */
    static void answerFailuresInOneLine(CommandLine cli, CliLanguage language) {
        cli.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr()
                    .println(language.text(
                            "cli.error.badInput",
                            c.getCommandName(),
                            oneLine(ex.getMessage()),
                            c.getCommandSpec().qualifiedName() + " --help"));
            return BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((ex, c, parseResult) -> {
            if (ex instanceof RefusedInput refused) {
                c.getErr()
                        .println(c.getCommandName() + ": "
                                + oneLine(language.words().text(refused.said())));
                return BAD_INPUT;
            }
            if (ex instanceof IllegalArgumentException) {
                c.getErr().println(c.getCommandName() + ": " + oneLine(ex.getMessage()));
                return BAD_INPUT;
            }
            c.getErr().println(language.text("cli.error.internal", c.getCommandName(), oneLine(String.valueOf(ex))));
            return INTERNAL_ERROR;
        });
        CommandLine.IExecutionStrategy run = new CommandLine.RunLast();
        cli.setExecutionStrategy(parseResult -> {
            try {
                return run.execute(parseResult);
            } catch (Error e) {
                return lastResort(e, parseResult, language);
            }
        });
    }

    /**
     * The CLI's last resort for an {@link Error} that escaped a command (picocli's handlers see only
     * {@code Exception}s): one line, never a stack trace. Parsers limit nesting and sizes before any
     * of these can happen; reaching here means an input outgrew a limit ShardLab does not know of
     * (exit 2) or a bug (exit 1).
     */
    private static int lastResort(Error e, CommandLine.ParseResult parseResult, CliLanguage language) {
        List<CommandLine> commands = parseResult.asCommandLineList();
        CommandLine c = commands.get(commands.size() - 1);
        if (e instanceof StackOverflowError) {
            c.getErr().println(language.text("cli.error.tooDeep", c.getCommandName()));
            return BAD_INPUT;
        }
        if (e instanceof OutOfMemoryError) {
            c.getErr()
                    .println(language.text(
                            "cli.error.tooLarge",
                            c.getCommandName(),
                            Runtime.getRuntime().maxMemory() / (1024 * 1024)));
            return BAD_INPUT;
        }
        String what = e.getMessage() == null || e.getMessage().isBlank()
                ? language.text("cli.error.unexpected")
                : oneLine(e.getMessage());
        c.getErr().println(language.text("cli.error.internalReport", c.getCommandName(), what));
        return INTERNAL_ERROR;
    }

    static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\s+", " ").strip();
    }
}
