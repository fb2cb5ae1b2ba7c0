package io.shardlab.shell;

import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.session.CommandLayer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
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
import org.mozilla.javascript.Context;
import org.mozilla.javascript.ContextFactory;
import org.mozilla.javascript.EcmaError;
import org.mozilla.javascript.EvaluatorException;
import org.mozilla.javascript.JavaScriptException;
import org.mozilla.javascript.LambdaFunction;
import org.mozilla.javascript.RhinoException;
import org.mozilla.javascript.Script;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;
import org.mozilla.javascript.Undefined;

/**
 * mongosh syntax on an embedded JavaScript engine, over the mongos command layer: every command a
 * script sends ({@code db.runCommand}, the CRUD and {@code sh} helpers of {@code shell-api.js}) is
 * run by {@link MongosCommands}, the same code that answers {@code serve}'s clients.
 *
 * <p><b>Why Mozilla Rhino 1.9.2</b> (measured on the 2-core build machine, JDK 17, load about 6): the engine
 * is one 1.7 MB jar with no dependency, against 90 MB of jars for GraalJS 23.1.8 through
 * {@code org.graalvm.polyglot} + {@code js-community} (js-language 27 MB, icu4j 40 MB, truffle-api 17 MB,
 * regex 3.7 MB, …); a fresh JVM starting the engine and running a first small script took 0.32 s
 * (0.45 s of CPU) with Rhino and 1.2 to 1.5 s (1.4 to 1.5 s of CPU) with GraalJS, which on a stock JDK 17
 * also runs without its optimising compiler. Rhino runs let/const, arrow functions, template literals,
 * object and array destructuring, default and rest parameters, array and object spread,
 * {@code for (let x of …)}, Map, Symbol, Proxy, Reflect and Promise; it lacks {@code class}, spread in
 * calls ({@code f(...a)}) and {@code for (const x of …)}, which GraalJS has and the shell texts
 * ShardLab teaches do not use. Both run on Java 17 (GraalJS 23.1 is its last line for it). Rhino's
 * instruction observer gives the time budget and cancellation, and its safe standard objects with a
 * class shutter that denies every class keep Java out of reach.
 *
 * <p>The sandbox: scripts see the standard ECMAScript objects and the shell API only: no
 * {@code Packages}, {@code java}, {@code importClass}, no Java class ({@link Context#setClassShutter} denies all), no
 * file, no network. Scripts run interpreted; every {@value #OBSERVER_INSTRUCTIONS} instructions the
 * engine checks the deadline and the cancel flag.
 *
 * <p>Threading: a script runs on the calling thread; {@link #cancel()} may be called from any thread.
 * One engine runs one script at a time.
 */
public final class ShellEngine {

    /** Instructions between two checks of the deadline and the cancel flag. */
    static final int OBSERVER_INSTRUCTIONS = 10_000;

    private static final Pattern USE_LINE = Pattern.compile("^(\\s*)use\\s+([^\\s;]+)\\s*;?\\s*$", Pattern.MULTILINE);
    private static final Pattern SHOW_LINE = Pattern.compile("^(\\s*)show\\s+(\\w+)\\s*;?\\s*$", Pattern.MULTILINE);
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

    /** Contexts that only parse (no script runs in them), for {@link #isCompleteInput}. */
    private static final ContextFactory PARSER = new ContextFactory() {
        @Override
        protected Context makeContext() {
            Context cx = super.makeContext();
            cx.setLanguageVersion(Context.VERSION_ES6);
            cx.setInterpretedMode(true);
            return cx;
        }
    };

    private final CommandLayer commands;
    private final Consumer<String> out;
    private final LongSupplier nanoClock;
    private final SandboxFactory factory = new SandboxFactory();
    private final ScriptableObject scope;
    private volatile boolean cancelled;
    /** Whether the running script has sent a command or slept: in mongosh it then runs asynchronously. */
    private volatile boolean awaitedShellApi;
    /** The thread running {@link #evaluate}, or null between scripts. */
    private volatile Thread scriptThread;

    private volatile long deadlineNanos = Long.MAX_VALUE;
    private Duration budget;

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
        Context cx = factory.enterContext();
        try {
            scope = cx.initSafeStandardObjects(null, true);
            scope.delete("Packages");
            scope.delete("java");
            scope.delete("javax");
            installHostFunctions(scope);
            ScriptableObject.defineProperty(
                    scope,
                    "__breakLength",
                    printWidth,
                    ScriptableObject.DONTENUM | ScriptableObject.READONLY | ScriptableObject.PERMANENT);
            ScriptableObject.defineProperty(
                    scope,
                    "__resultBreakLength",
                    resultWidth,
                    ScriptableObject.DONTENUM | ScriptableObject.READONLY | ScriptableObject.PERMANENT);
            cx.evaluateString(scope, shellApiSource(), "shell-api.js", 1, null);
        } finally {
            Context.exit();
        }
    }

    /**
     * Runs a script.
     *
     * @param source the script, mongosh syntax ({@code use DB} and {@code show …} on a line of their own)
     * @param name the script's name in error lines
     * @param printResult print the value of the last expression, as {@code mongosh --eval} and the REPL do
     * @param timeBudget how long the script may run, or null for no limit
     * @throws ScriptFailedException with mongosh's one line when the script fails, runs out of time or is cancelled
     */
    public void evaluate(String source, String name, boolean printResult, Duration timeBudget) {
        budget = timeBudget;
        awaitedShellApi = false;
        scriptThread = Thread.currentThread();
        deadlineNanos = timeBudget == null ? Long.MAX_VALUE : nanoClock.getAsLong() + timeBudget.toNanos();
        Context cx = factory.enterContext();
        try {
            String script = shellCommands(source);
            Script compiled;
            try {
                compiled = cx.compileString(script, name, 1, null);
            } catch (EvaluatorException syntax) {
                throw new ScriptFailedException(SyntaxErrorLine.of(
                        script,
                        syntax.details(),
                        syntax.lineNumber(),
                        syntax.columnNumber(),
                        !cx.stringIsCompilableUnit(script)));
            }
            Object result = compiled.exec(cx, scope);
            if (printResult) {
                Object text = ScriptableObject.callMethod(cx, scope, "__shellText", new Object[] {result});
                if (!(text instanceof Undefined) && text != null) {
                    out.accept(Context.toString(text));
                }
            }
        } catch (Stopped e) {
            throw new ScriptFailedException(e.getMessage());
        } catch (RhinoException e) {
            throw new ScriptFailedException(
                    errorLine(cx, e).replaceAll("\\s*\\n\\s*", " ").strip());
        } catch (StackOverflowError e) {
            throw new ScriptFailedException("RangeError: Maximum call stack size exceeded");
        } finally {
            deadlineNanos = Long.MAX_VALUE;
            cancelled = false;
            scriptThread = null;
            Context.exit();
        }
    }

    /**
     * Whether {@code source} is a whole input the shell can run, rather than the start of one (an open
     * brace, bracket, string or comment), as mongosh's REPL decides whether Enter runs or continues the
     * input on a new line. May be called from any thread, also while a script runs.
     */
    public static boolean isCompleteInput(String source) {
        Context cx = PARSER.enterContext();
        try {
            return cx.stringIsCompilableUnit(shellCommands(source));
        } finally {
            Context.exit();
        }
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
    public java.util.List<String> completions(String path) {
        if (!path.isEmpty() && !path.matches("[A-Za-z_$][\\w$]*(\\(\\))?(\\.[A-Za-z_$][\\w$]*(\\(\\))?)*")) {
            throw new IllegalArgumentException("completion: '" + path + "' is not a name");
        }
        Object names = callHelper("__completions", path);
        java.util.List<String> out = new java.util.ArrayList<>();
        if (names instanceof Scriptable array) {
            long length = (long) Context.toNumber(ScriptableObject.getProperty(array, "length"));
            for (int i = 0; i < length; i++) {
                out.add(Context.toString(ScriptableObject.getProperty(array, i)));
            }
        }
        return out;
    }

    /** The name of the database {@code db} stands for now (the prompt shows it). */
    public String currentDatabase() {
        return Context.toString(callHelper("__currentDatabase", ""));
    }

    /** Time a completion or prompt look-up may take: it may send a command (the collection names). */
    static final Duration HELPER_BUDGET = Duration.ofSeconds(5);

    private Object callHelper(String helper, String argument) {
        // beside a running script (completion while it runs) the helper lives under that script's budget
        boolean besideScript = scriptThread != null;
        if (!besideScript) {
            budget = HELPER_BUDGET;
            deadlineNanos = nanoClock.getAsLong() + HELPER_BUDGET.toNanos();
        }
        Context cx = factory.enterContext();
        try {
            return ScriptableObject.callMethod(cx, scope, helper, new Object[] {argument});
        } catch (Stopped | RhinoException e) {
            return Undefined.instance;
        } finally {
            if (!besideScript) {
                deadlineNanos = Long.MAX_VALUE;
                cancelled = false;
            }
            Context.exit();
        }
    }

    /**
     * Stops the running script at its next instruction check; it fails with an interruption line. Called
     * before a script starts, it stops that script at once.
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
        return SHOW_LINE.matcher(rewritten).replaceAll("$1print(show('$2'));");
    }

    private static String errorLine(Context cx, RhinoException e) {
        if (e instanceof JavaScriptException js && js.getValue() instanceof Scriptable error) {
            Object errorName = ScriptableObject.getProperty(error, "name");
            Object message = ScriptableObject.getProperty(error, "message");
            Object codeName = ScriptableObject.getProperty(error, "codeName");
            if (errorName instanceof CharSequence || message instanceof CharSequence) {
                String prefix = errorName instanceof CharSequence ? errorName.toString() : "Error";
                if (codeName instanceof CharSequence c && !c.toString().isEmpty()) {
                    prefix += "[" + c + "]"; // mongosh prints server errors as Name[codeName]: message
                }
                return prefix + ": " + (message == Scriptable.NOT_FOUND ? "" : Context.toString(message));
            }
            return "Uncaught " + Context.toString(js.getValue());
        }
        if (e instanceof EcmaError ecma) {
            return ecma.getName() + ": " + nodeWording(ecma.getErrorMessage());
        }
        if (e instanceof EvaluatorException syntax) {
            return "SyntaxError: " + syntax.details() + " (line " + syntax.lineNumber() + ")";
        }
        return "Error: " + e.details();
    }

    /** Rhino's {@code "x" is not defined.} and kin in V8's words ({@code x is not defined}), as mongosh prints them. */
    private static String nodeWording(String message) {
        Matcher notDefined = Pattern.compile("^\"(.+)\" is not defined\\.$").matcher(message);
        if (notDefined.matches()) {
            return notDefined.group(1) + " is not defined";
        }
        Matcher noProperty = Pattern.compile("^Cannot read property \"(.+)\" from (undefined|null)$")
                .matcher(message);
        if (noProperty.matches()) {
            return "Cannot read properties of " + noProperty.group(2) + " (reading '" + noProperty.group(1) + "')";
        }
        Matcher notFunction =
                Pattern.compile("^(.+) is not a function, it is .+\\.$").matcher(message);
        if (notFunction.matches()) {
            return notFunction.group(1) + " is not a function";
        }
        return message;
    }

    private void installHostFunctions(ScriptableObject global) {
        define(global, "__command", 2, args -> command(Context.toString(args[0]), Context.toString(args[1])));
        define(global, "__print", 1, args -> {
            out.accept(Context.toString(args[0]));
            return Undefined.instance;
        });
        define(global, "__sleep", 1, args -> {
            double ms = Context.toNumber(args[0]);
            long left = ms > 0 && !Double.isInfinite(ms) ? Math.round(ms) : 0;
            checkBudget();
            awaitedShellApi |= Thread.currentThread() == scriptThread;
            if (left > 0) {
                commands.sleep(left, this::checkBudget);
                checkBudget();
            }
            return Undefined.instance;
        });
        define(global, "__newObjectId", 0, args -> new ObjectId().toHexString());
    }

    private interface HostFunction {
        Object call(Object[] args);
    }

    private static void define(ScriptableObject global, String name, int arity, HostFunction body) {
        LambdaFunction function =
                new LambdaFunction(global, name, arity, (cx, scope, thisObj, args) -> body.call(args));
        ScriptableObject.defineProperty(
                global,
                name,
                function,
                ScriptableObject.DONTENUM | ScriptableObject.READONLY | ScriptableObject.PERMANENT);
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
            if (e.code() != io.shardlab.mongos.ErrorCode.NO_CODE) {
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

    private void checkBudget() {
        if (cancelled) {
            throw new Stopped(interruptionLine());
        }
        if (nanoClock.getAsLong() > deadlineNanos) {
            throw new Stopped("Error: the script ran longer than its time budget of " + budget.toMillis() / 1000.0
                    + " s and was stopped");
        }
    }

    private String interruptionLine() {
        return awaitedShellApi ? INTERRUPTED_ASYNCHRONOUS : INTERRUPTED_SYNCHRONOUS;
    }

    private static String shellApiSource() {
        try (InputStream in = ShellEngine.class.getResourceAsStream("shell-api.js")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Raised inside the engine when the budget is spent or the script is cancelled; scripts cannot catch it. */
    private static final class Stopped extends Error {
        private static final long serialVersionUID = 1L;

        Stopped(String message) {
            super(message, null, false, false);
        }
    }

    /** Contexts that interpret ES2015+, see no Java class and observe their instruction count. */
    private final class SandboxFactory extends ContextFactory {
        @Override
        protected Context makeContext() {
            Context cx = super.makeContext();
            cx.setLanguageVersion(Context.VERSION_ES6);
            cx.setInterpretedMode(true);
            cx.setClassShutter(className -> false);
            cx.setInstructionObserverThreshold(OBSERVER_INSTRUCTIONS);
            return cx;
        }

        @Override
        protected void observeInstructionCount(Context cx, int instructionCount) {
            checkBudget();
        }

        @Override
        protected boolean hasFeature(Context cx, int featureIndex) {
            if (featureIndex == Context.FEATURE_ENHANCED_JAVA_ACCESS) {
                return false;
            }
            return super.hasFeature(cx, featureIndex);
        }
    }
}
