package io.shardlab.cli;

import io.shardlab.serve.MongosServer;
import io.shardlab.shell.ScriptFailedException;
import io.shardlab.shell.ShellEngine;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code shell}: runs mongosh scripts over a new simulated cluster, or over a fork of a real layout
 * ({@code --snapshot FILE | --config-dump DIR | --uri URI}, read only, as {@code serve} forks it), and prints
 * what {@code mongosh --eval} and {@code mongosh --file} would print. {@code --eval} runs first and prints its
 * last value; then each file in order, printing only what it prints. Exit 0; exit 2 with one line on stderr
 * when a script fails or runs past {@code --timeout}.
 *
 * <p>{@code --timeout S} bounds each script, as the shell promises; the layout sources' connect timeout,
 * {@code --timeout} on every other command, is {@code --connect-timeout} here.
 */
@Command(name = "shell", mixinStandardHelpOptions = true)
final class ShellCommand implements Callable<Integer> {

    /** The widths mongosh 2.12.0 lays values out to when its output is not a terminal (observed). */
    private static final int PRINT_WIDTH = 0;

    private static final int RESULT_WIDTH = 80;

    @Spec
    private CommandSpec spec;

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--speed", paramLabel = "X", defaultValue = "1")
    double speed;

    @Option(names = "--timeout", paramLabel = "S", defaultValue = "60")
    double timeoutSeconds;

    @Option(names = "--eval", paramLabel = "JS")
    List<String> eval = new ArrayList<>();

    @Parameters(paramLabel = "FILE.js", arity = "0..*", descriptionKey = "shell.files")
    List<Path> files = new ArrayList<>();

    private final CliLanguage words;

    /** Added by {@link #commandLine(CliLanguage)}: the layout to fork, with the connect timeout renamed. */
    final LayoutSourceOptions source;

    /**
     * The command with the layout sources of every other command ({@code --uri | --snapshot | --config-dump},
     * {@code --ns}, {@code --at}, the TLS files), their connect timeout named {@code --connect-timeout}: the
     * shell's own {@code --timeout} is the script's time budget.
     */
    private ShellCommand(CliLanguage words) {
        this.words = words;
        this.source = new LayoutSourceOptions(words);
    }

    static CommandLine commandLine(CliLanguage words) {
        ShellCommand command = new ShellCommand(words);
        CommandLine cl = new CommandLine(command);
        CommandSpec sources = CommandSpec.forAnnotatedObject(command.source);
        OptionSpec connectTimeout = sources.findOption("--timeout");
        sources.remove(connectTimeout);
        sources.addOption(
                OptionSpec.builder(connectTimeout).names("--connect-timeout").build());
        cl.getCommandSpec().addMixin("source", sources);
        return cl;
    }

    @Override
    public Integer call() {
        if (speed < 0 || Double.isNaN(speed) || Double.isInfinite(speed)) {
            throw new RefusedInput(Message.of("cli.serve.badSpeed", String.valueOf(speed)));
        }
        if (timeoutSeconds < 0 || Double.isNaN(timeoutSeconds) || Double.isInfinite(timeoutSeconds)) {
            throw new RefusedInput(Message.of("cli.shell.badTimeout", String.valueOf(timeoutSeconds)));
        }
        if (source.connection != null && source.isGiven()) {
            OptionBounds.CONNECT_TIMEOUT.check(source.connection.timeoutSeconds);
        }
        if (eval.isEmpty() && files.isEmpty()) {
            throw new RefusedInput(Message.of("cli.shell.nothingToRun"));
        }
        List<String[]> scripts = new ArrayList<>();
        for (String js : eval) {
            scripts.add(new String[] {js, "eval"});
        }
        for (Path file : files) {
            scripts.add(new String[] {read(file), file.toString()});
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ShellEngine engine = new ShellEngine(
                MongosServer.inProcess(cluster.catalog(source, "shell", err, words), 256L << 20, line -> {
                    err.println("shell: " + line);
                    err.flush();
                }),
                line -> {
                    out.println(line);
                    out.flush();
                },
                speed,
                System::nanoTime,
                PRINT_WIDTH,
                RESULT_WIDTH);
        Duration budget = timeoutSeconds == 0 ? null : Duration.ofMillis(Math.round(timeoutSeconds * 1000));
        for (int i = 0; i < scripts.size(); i++) {
            try {
                engine.evaluate(scripts.get(i)[0], scripts.get(i)[1], i == eval.size() - 1, budget);
            } catch (ScriptFailedException e) {
                out.flush();
                err.println(e.getMessage());
                err.flush();
                return Cli.BAD_INPUT;
            }
        }
        out.flush();
        return 0;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new RefusedInput(Message.of("cli.shell.noSuchFile", file.toString()));
        } catch (MalformedInputException e) {
            throw new RefusedInput(Message.of("cli.shell.notUtf8", file.toString()));
        } catch (IOException e) {
            throw new RefusedInput(Message.of("cli.shell.unreadable", file.toString(), String.valueOf(e.getMessage())));
        }
    }
}
