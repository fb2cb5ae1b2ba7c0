package io.shardlab.shell;

import io.shardlab.mongos.ErrorCode;
import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.session.CommandLayer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.json.JsonMode;
import org.bson.json.JsonParseException;
import org.bson.json.JsonWriterSettings;
import org.bson.types.ObjectId;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.graalvm.polyglot.proxy.ProxyObject;

/**
 * mongosh syntax on GraalJS, over the mongos command layer: every command a script sends
 * ({@code db.runCommand}, the CRUD, cursor, explain and {@code sh} helpers of the shell API in {@code api/*.js}) is run by
 * {@link CommandLayer#run}, the same code that answers {@code serve}'s clients.
 *
 * <p><b>Why GraalJS</b> (docs/ARCHITECTURE.md, "The shell's JavaScript engine", has the figures): it runs the
 * ECMAScript 2023 that mongosh's Node runs ({@code class}, {@code async}/{@code await}, {@code for (const x
 * of …)}, BigInt, spread calls, private fields), which Rhino 1.9 does not; it runs interpreted on a stock JDK 17
 * (GraalJS 23.1 is the last line for Java 17), at the price of ~88 MB of jars and about a second to start.
 *
 * <p>The sandbox: scripts see the standard ECMAScript objects and the shell API only: no host access, no
 * Java class, no {@code Polyglot}/{@code Graal}/{@code java} globals, no threads, no network; the one file
 * access is mongosh's {@code load(file)}, which reads a script (UTF-8) through this class. A watchdog
 * ({@link ScriptWatchdog}) interrupts a script that is cancelled or out of time.
 *
 * <p>Threading: a script runs on the calling thread; {@link #cancel()} may be called from any thread.
 * One engine runs one script at a time; {@link #completions} and {@link #currentDatabase} run on the
 * thread that runs the scripts, between them.
 */
public final class ShellEngine {

    private static final Pattern USE_LINE = Pattern.compile("^(\\s*)use\\s+([^\\s;]+)\\s*;?\\s*$", Pattern.MULTILINE);
    private static final Pattern SHOW_LINE =
            Pattern.compile("^(\\s*)show\\s+(\\w+)(?:\\s+(\\S+))?\\s*;?\\s*$", Pattern.MULTILINE);
    /** An input that declares a function or a class, and its name. */
    private static final Pattern DECLARATION =
            Pattern.compile("^\\s*(?:async\\s+)?(?:function\\s*\\*?|class)\\s+([A-Za-z_$][\\w$]*)");

    private static final JsonWriterSettings CANONICAL =
            JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();

    /**
     * mongosh 2.12's line when Ctrl+C stops an input that never waited on the shell API: Node's
     * {@code vm.Script#runInContext({breakOnSigint: true})} throws it (cli-repl's mongosh-repl.js loadExternalCode
     * and async-repl.js run inputs that way).
     */
    public static final String INTERRUPTED_SYNCHRONOUS = "Error: Script execution was interrupted by `SIGINT`";

    /**
     * mongosh 2.12's line when Ctrl+C stops an input that awaits the shell API (a command, {@code sleep}): the
     * async-rewritten input is stopped by {@code MongoshRepl.onAsyncSigint}, which writes only this.
     */
    public static final String INTERRUPTED_ASYNCHRONOUS = "Stopping execution...";

    /** Time a completion or prompt look-up may take: it may send a command (the collection names). */
    static final Duration HELPER_BUDGET = Duration.ofSeconds(5);

    /**
     * The GraalJS engine every shell of this JVM shares: contexts on one engine share parsed code, so a
     * second shell loads the shell API in a fraction of the first one's time. Made on first use.
     */
    private static final class SharedEngine {
        static final Engine ENGINE = Engine.newBuilder("js")
                .option("engine.WarnInterpreterOnly", "false")
                .build();
    }

    private final CommandLayer commands;
    private final Consumer<String> out;
    private final LongSupplier nanoClock;
    private final Context context;
    /** The shell API's functions for this class (the shell API returns them): shellText, completions, … */
    private final Value shellApi;

    private volatile boolean cancelled;
    /** Whether the running script has sent a command or slept: in mongosh it then runs asynchronously. */
    private volatile boolean awaitedShellApi;
    /** Whether the script's thread runs its input in the context now (the watchdog interrupts only then). */
    private volatile boolean inGuest;
    /** The thread running {@link #evaluate}, or null between scripts. */
    private volatile Thread scriptThread;

    private volatile long deadlineNanos = Long.MAX_VALUE;
    private volatile Duration budget;

    /**
     * @param commands the command layer the scripts drive
     * @param out receives each printed line (or block of lines)
     * @param speed simulated ms per ms a script sleeps ({@code sleep(ms)} moves the simulated clock by {@code ms * speed})
     * @param nanoClock the clock of the time budget ({@link System#nanoTime} outside tests)
     * @param printWidth the width {@code print} and {@code printjson} lay values out to, as mongosh does to its
     *        terminal's; 0 as mongosh does when its output is not a terminal (every non-empty object over lines)
     * @param resultWidth the width an expression's printed value is laid out to (mongosh: the terminal's, 80
     *        when its output is not a terminal)
     */
    public ShellEngine(
            MongosCommands commands,
            Consumer<String> out,
            double speed,
            LongSupplier nanoClock,
            int printWidth,
            int resultWidth) {
        this(CommandLayer.direct(commands, speed), out, nanoClock, printWidth, resultWidth);
    }

    /**
     * A shell over {@code commands}, wherever they run.
     *
     * @param commands runs the script's commands and sleeps
     * @param out receives each printed line (or block of lines), on the script's thread
     * @param nanoClock the clock of the time budget ({@link System#nanoTime} outside tests)
     * @param printWidth the width {@code print} and {@code printjson} lay values out to (see the other constructor)
     * @param resultWidth the width an expression's printed value is laid out to
     */
    public ShellEngine(
            CommandLayer commands, Consumer<String> out, LongSupplier nanoClock, int printWidth, int resultWidth) {
        this.commands = commands;
        this.out = out;
        this.nanoClock = nanoClock;
        this.context = sandbox();
        Value install = context.eval(Source.newBuilder("js", shellApiSource(), "shell-api.js")
                .cached(true)
                .buildLiteral());
        this.shellApi = install.execute(hostFunctions(printWidth, resultWidth));
    }

    private static Context sandbox() {
        return Context.newBuilder("js")
                .engine(SharedEngine.ENGINE)
                .allowHostAccess(HostAccess.NONE)
                .allowHostClassLookup(className -> false)
                .allowIO(IOAccess.NONE)
                .allowCreateThread(false)
                .allowNativeAccess(false)
                .allowPolyglotAccess(PolyglotAccess.NONE)
                .allowExperimentalOptions(true)
                .option("js.console", "false")
                .option("js.print", "false")
                .option("js.load", "false")
                .option("js.graal-builtin", "false")
                .option("js.polyglot-builtin", "false")
                .option("js.java-package-globals", "false")
                .build();
    }

    /**
     * Runs a script.
     *
     * @param source the script, mongosh syntax ({@code use DB} and {@code show …} on a line of their own)
     * @param name the script's name in error lines
     * @param printResult print the value of the last expression, as {@code mongosh --eval} and the REPL do
     * @param timeBudget how long the script may run, or null for no limit
     * @throws ScriptFailedException with what mongosh prints when the script fails, runs out of time or is
     *     cancelled: one line, or a SyntaxError's line, a blank line and its code frame
     */
    public void evaluate(String source, String name, boolean printResult, Duration timeBudget) {
        run(source, name, printResult, false, timeBudget);
    }

    /**
     * Runs one input as mongosh's REPL does: its value is printed, a server error names its code
     * ({@code MongoServerError[Unauthorized]: …}, where {@code --eval} and a file print {@code MongoServerError: …})
     * and a SyntaxError's code frame shows the input's line and the empty one after it, as the REPL's input
     * ends with its newline.
     *
     * @param input what was typed (mongosh syntax; {@code use DB} and {@code show …} on a line of their own)
     * @param timeBudget how long the input may run, or null for no limit
     * @throws ScriptFailedException with what mongosh's REPL prints when the input fails, runs out of time or is
     *     cancelled
     */
    public void evaluateInteractively(String input, Duration timeBudget) {
        run(input, "shell", true, true, timeBudget);
    }

    private void run(String source, String name, boolean printResult, boolean interactive, Duration timeBudget) {
        budget = timeBudget;
        awaitedShellApi = false;
        scriptThread = Thread.currentThread();
        deadlineNanos = timeBudget == null ? Long.MAX_VALUE : nanoClock.getAsLong() + timeBudget.toNanos();
        ScriptWatchdog watchdog = new ScriptWatchdog(context, this::stopLine, () -> inGuest);
        try {
            String script = shellCommands(source);
            Source compiled =
                    Source.newBuilder("js", script, name).cached(false).buildLiteral();
            Value result;
            inGuest = true;
            try {
                result = context.eval(compiled);
            } catch (PolyglotException e) {
                inGuest = false;
                if (e.isSyntaxError()) {
                    throw new ScriptFailedException(
                            SyntaxErrorLine.of(interactive ? script + "\n" : script, e.getMessage()));
                }
                throw e;
            }
            // a promise is awaited: settle() registers on it and the engine runs its jobs when the call returns
            result = shellApi.getMember("settled")
                    .execute(shellApi.getMember("settle").execute(result));
            Matcher declared = DECLARATION.matcher(script);
            if (interactive && result.isNull() && declared.find()) {
                // mongosh's REPL shows a function or class declaration's value ([class A], [Function: f])
                result = context.eval(Source.newBuilder("js", declared.group(1), name)
                        .cached(false)
                        .buildLiteral());
            }
            if (printResult) {
                Value text = shellApi.getMember("shellText").execute(result);
                if (text.isString()) {
                    out.accept(text.asString());
                }
            }
            inGuest = false;
        } catch (PolyglotException e) {
            inGuest = false;
            throw new ScriptFailedException(failureText(e, watchdog, interactive));
        } finally {
            inGuest = false;
            watchdog.close();
            deadlineNanos = Long.MAX_VALUE;
            cancelled = false;
            scriptThread = null;
        }
    }

    private static String interruptionOr(ScriptWatchdog watchdog, String otherwise) {
        String line = watchdog.interruptedWith();
        return line != null ? line : otherwise;
    }

    private String failureText(PolyglotException e, ScriptWatchdog watchdog, boolean interactive) {
        if (e.isInterrupted() || e.isCancelled()) {
            String line = watchdog.interruptedWith();
            return line != null ? line : INTERRUPTED_SYNCHRONOUS;
        }
        if (e.isHostException()) {
            Throwable host = e.asHostException();
            if (host instanceof Stopped) {
                return host.getMessage();
            }
            return "Error: " + host.getMessage();
        }
        if (e.isResourceExhausted()) {
            return "RangeError: Maximum call stack size exceeded";
        }
        if (e.isGuestException() && e.getGuestObject() != null) {
            try {
                Value text = shellApi.getMember("errorText").execute(e.getGuestObject(), interactive);
                if (text.isString()) {
                    return calleeNamed(text.asString(), e);
                }
            } catch (PolyglotException late) {
                return interruptionOr(watchdog, e.getMessage()); // Ctrl+C came as the error was being written
            }
        }
        return e.getMessage();
    }

    /**
     * V8 names the callee as the script wrote it ({@code TypeError: db.notAHelper is not a function}); GraalJS
     * prints the receiver's value: the call's source text gives V8's name.
     */
    private static String calleeNamed(String text, PolyglotException e) {
        if (!text.startsWith("TypeError: ") || !text.endsWith(" is not a function") || e.getSourceLocation() == null) {
            return text;
        }
        String call = e.getSourceLocation().getCharacters().toString().strip();
        int depth = 0;
        for (int i = call.length() - 1; i >= 0; i--) {
            char c = call.charAt(i);
            if (c == ')') {
                depth++;
            } else if (c == '(') {
                depth--;
                if (depth == 0) {
                    String callee = call.substring(0, i).strip();
                    return callee.matches("[\\w$.\\[\\]'\"]+") ? "TypeError: " + callee + " is not a function" : text;
                }
            }
        }
        return text;
    }

    /**
     * Whether {@code source} is a whole input the shell can run, rather than the start of one (an open
     * brace, bracket, string or comment), as mongosh's REPL decides whether Enter runs or continues the
     * input on a new line ({@link OpenInput}: no engine runs, so the JavaFX thread may ask on each Enter). May
     * be called from any thread, also while a script runs.
     */
    public static boolean isCompleteInput(String source) {
        return !OpenInput.isOpen(shellCommands(source));
    }

    /**
     * The names a user may type after {@code path + "."} (or at the top level when {@code path} is empty):
     * the methods and properties of {@code sh}, {@code db} and its collections (with the collection names
     * of {@code db}'s database), of a collection or any other value {@code path} names. A call in the path
     * ({@code name()}) is not run: it stands for what mongosh declares the method returns (a cursor after
     * {@code find()}, a database after {@code getSiblingDB()}); a call of any other method names nothing.
     * Names starting with an underscore are the shell's own and left out. Sorted; empty when {@code path}
     * names nothing.
     *
     * @param path identifiers, each maybe followed by {@code ()}, joined by dots, e.g. {@code "db"},
     *        {@code "db.orders"}, {@code "db.orders.find().sort()"}, {@code "sh"}, or empty
     * @throws IllegalArgumentException when {@code path} is not identifiers joined by dots
     */
    public List<String> completions(String path) {
        if (!path.isEmpty() && !path.matches("[A-Za-z_$][\\w$]*(\\(\\))?(\\.[A-Za-z_$][\\w$]*(\\(\\))?)*")) {
            throw new IllegalArgumentException("completion: '" + path + "' is not a name");
        }
        Value names = callHelper("completions", path);
        List<String> found = new ArrayList<>();
        if (names != null && names.hasArrayElements()) {
            for (long i = 0; i < names.getArraySize(); i++) {
                found.add(names.getArrayElement(i).asString());
            }
        }
        return found;
    }

    /** The name of the database {@code db} stands for now (the prompt shows it). */
    public String currentDatabase() {
        Value name = callHelper("currentDatabase", "");
        return name != null && name.isString() ? name.asString() : "test";
    }

    private Value callHelper(String helper, String argument) {
        // beside a running script (completion while it runs) the helper lives under that script's budget
        boolean besideScript = scriptThread != null;
        if (!besideScript) {
            budget = HELPER_BUDGET;
            deadlineNanos = nanoClock.getAsLong() + HELPER_BUDGET.toNanos();
        }
        try {
            return shellApi.getMember(helper).execute(argument);
        } catch (PolyglotException e) {
            return null;
        } finally {
            if (!besideScript) {
                deadlineNanos = Long.MAX_VALUE;
                cancelled = false;
            }
        }
    }

    /**
     * Stops the running script soon (within the watchdog's poll and the script's next safepoint); it fails
     * with an interruption line. Called before a script starts, it stops that script at once.
     */
    public void cancel() {
        cancelled = true;
    }

    /**
     * mongosh's shell commands {@code use DB} and {@code show WHAT} (shell-evaluator.ts), taken line by line so
     * that pasted sessions work, become calls of the shell API's {@code use()} and {@code show()}.
     */
    static String shellCommands(String source) {
        Matcher use = USE_LINE.matcher(source);
        String rewritten = use.replaceAll("$1print(use('$2'));");
        Matcher show = SHOW_LINE.matcher(rewritten);
        StringBuilder shown = new StringBuilder();
        while (show.find()) {
            String argument = show.group(3) == null ? "" : ", '" + show.group(3).replace("'", "\\'") + "'";
            show.appendReplacement(
                    shown, Matcher.quoteReplacement(show.group(1) + "show('" + show.group(2) + "'" + argument + ");"));
        }
        show.appendTail(shown);
        return shown.toString();
    }

    private ProxyObject hostFunctions(int printWidth, int resultWidth) {
        return ProxyObject.fromMap(Map.of(
                "command", (ProxyExecutable) args -> command(args[0].asString(), args[1].asString()),
                "print",
                        (ProxyExecutable) args -> {
                            out.accept(args[0].asString());
                            return null;
                        },
                "sleep",
                        (ProxyExecutable) args -> {
                            sleep(args[0].asDouble());
                            return null;
                        },
                "newObjectId", (ProxyExecutable) args -> new ObjectId().toHexString(),
                "readScript", (ProxyExecutable) args -> readScript(args[0].asString()),
                "breakLength", printWidth,
                "resultBreakLength", resultWidth));
    }

    private void sleep(double ms) {
        long left = ms > 0 && !Double.isInfinite(ms) ? Math.round(ms) : 0;
        checkBudget();
        awaitedShellApi |= Thread.currentThread() == scriptThread;
        if (left > 0) {
            commands.sleep(left, this::checkBudget);
            checkBudget();
        }
    }

    /**
     * mongosh's {@code load(file)} reads the script at {@code file} (relative to the working directory),
     * as UTF-8; a missing file is mongosh's error.
     */
    private static String readScript(String file) {
        try {
            return Files.readString(Path.of(file), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** One command through the command layer; refusals come back as MongoDB's {@code ok: 0} reply. */
    private String command(String database, String canonicalJson) {
        checkBudget();
        awaitedShellApi |= Thread.currentThread() == scriptThread;
        BsonDocument reply;
        try {
            reply = commands.run(database, BsonDocument.parse(canonicalJson));
        } catch (MongoCommandException e) {
            reply = new BsonDocument("ok", new BsonInt32(0)).append("errmsg", new BsonString(e.getMessage()));
            if (e.code() != ErrorCode.NO_CODE) {
                reply.append("code", new BsonInt32(e.code().number()))
                        .append("codeName", new BsonString(e.code().codeName()));
            }
        } catch (JsonParseException e) {
            reply = new BsonDocument("ok", new BsonInt32(0))
                    .append("errmsg", new BsonString(e.getMessage()))
                    .append("code", new BsonInt32(9))
                    .append("codeName", new BsonString("FailedToParse"));
        } catch (RuntimeException e) {
            if (cancelled) {
                throw new Stopped(interruptionLine());
            }
            // as serve's ShardLabBackend answers any failure of the layer itself: InternalError
            reply = new BsonDocument("ok", new BsonInt32(0))
                    .append(
                            "errmsg",
                            new BsonString("ShardLab could not run " + firstKey(canonicalJson) + ": " + e.getMessage()))
                    .append("code", new BsonInt32(1))
                    .append("codeName", new BsonString("InternalError"));
        }
        return reply.toJson(CANONICAL);
    }

    private static String firstKey(String canonicalJson) {
        BsonDocument command = BsonDocument.parse(canonicalJson);
        return command.isEmpty() ? "an empty command" : command.getFirstKey();
    }

    /** The line the running script must stop with now, or null while it may go on. */
    private String stopLine() {
        if (cancelled) {
            return interruptionLine();
        }
        if (nanoClock.getAsLong() > deadlineNanos) {
            return "Error: the script ran longer than its time budget of " + budget.toMillis() / 1000.0
                    + " s and was stopped";
        }
        return null;
    }

    private void checkBudget() {
        String line = stopLine();
        if (line != null) {
            throw new Stopped(line);
        }
    }

    private String interruptionLine() {
        return awaitedShellApi ? INTERRUPTED_ASYNCHRONOUS : INTERRUPTED_SYNCHRONOUS;
    }

    /**
     * The shell API: the parts in {@code api/}, in this order, make the body of one function of the host
     * functions; it defines the globals and returns the functions this class calls.
     */
    static final List<String> SHELL_API_PARTS = List.of(
            "10-bson.js",
            "20-inspect.js",
            "30-errors.js",
            "40-cursors.js",
            "50-collection.js",
            "60-database.js",
            "70-shard.js",
            "80-globals.js");

    private static String shellApiSource() {
        StringBuilder body = new StringBuilder("(function (host) {\n'use strict';\n");
        for (String part : SHELL_API_PARTS) {
            try (InputStream in = ShellEngine.class.getResourceAsStream("api/" + part)) {
                body.append(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                        .append('\n');
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return body.append("})").toString();
    }

    /**
     * Raised in a host function when the budget is spent or the script is cancelled. A script that catches
     * it is interrupted by the watchdog all the same.
     */
    private static final class Stopped extends Error {
        private static final long serialVersionUID = 1L;

        Stopped(String message) {
            super(message, null, false, false);
        }
    }
}
