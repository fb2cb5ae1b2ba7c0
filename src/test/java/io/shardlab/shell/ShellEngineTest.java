package io.shardlab.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.CommandLayer;
import io.shardlab.sim.SimulationConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The shell: mongosh's (and, where the seed texts use them, the legacy shell's) spellings over the
 * command layer, mongosh's printed forms and error lines, and a sandbox a script cannot leave.
 */
class ShellEngineTest {

    private final List<String> printed = new ArrayList<>();
    private final AtomicLong nanos = new AtomicLong();
    private final ShardedCatalog catalog =
            new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0).withSeed(1), List.of("shard01", "shard02"));
    /** Each look at the clock moves it by 1 ms: the budget is counted in checks, not in real time. */
    private final ShellEngine shell = new ShellEngine(
            MongosServer.inProcess(catalog, 1L << 24, line -> {}),
            printed::add,
            1,
            () -> nanos.addAndGet(1_000_000),
            80,
            80);

    private String eval(String script) {
        printed.clear();
        shell.evaluate(script, "eval", true, Duration.ofSeconds(60));
        return String.join("\n", printed);
    }

    private String failure(String script) {
        return assertThrows(ScriptFailedException.class, () -> eval(script)).getMessage();
    }

    // mongosh packages/service-provider-core/src/printable-bson.ts and Node's util.inspect
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            ({a: 1, b: 'x'})                                | { a: 1, b: 'x' }
            ({'a-b': 1.5, c: null, d: [1, 'two']})          | { 'a-b': 1.5, c: null, d: [ 1, 'two' ] }
            ObjectId('5f1d7f3a2b3c4d5e6f708192')            | ObjectId('5f1d7f3a2b3c4d5e6f708192')
            NumberLong('5')                                 | Long('5')
            NumberLong('9007199254740993')                  | Long('9007199254740993')
            NumberInt(7)                                    | Int32(7)
            NumberDecimal('1.10')                           | Decimal128('1.10')
            ISODate('2026-01-01T00:00:00Z')                 | ISODate('2026-01-01T00:00:00.000Z')
            Timestamp({t: 10, i: 2})                        | Timestamp({ t: 10, i: 2 })
            [MinKey(), MaxKey()]                            | [ MinKey(), MaxKey() ]
            UUID('0123456789abcdef0123456789abcdef')        | UUID('01234567-89ab-cdef-0123-456789abcdef')
            BinData(0, 'AQID')                              | Binary.createFromBase64('AQID', 0)
            EJSON.stringify({n: NumberLong('3'), d: ISODate('2026-01-01T00:00:00Z')}) | {"n":3,"d":{"$date":"2026-01-01T00:00:00Z"}}
            EJSON.stringify({n: 1}, null, null, {relaxed: false}) | {"n":{"$numberInt":"1"}}
            """)
    void values_print_as_mongosh_prints_them(String expression, String expected) {
        assertEquals(expected, eval(expression));
    }

    @Test
    void a_string_holding_a_single_quote_is_printed_in_double_quotes_and_a_bare_string_raw() {
        assertEquals("{ s: \"it's\" }", eval("({s: \"it's\"})"));
        assertEquals("it's", eval("\"it's\""));
    }

    @Test
    void a_number_given_to_number_long_is_warned_about_as_mongosh_does() {
        assertEquals(
                "Warning: NumberLong: specifying a number as argument is deprecated and may lead to loss of "
                        + "precision, pass a string instead\nLong('5')",
                eval("NumberLong(5)"));
    }

    @Test
    void with_no_terminal_every_non_empty_object_spreads_over_lines() {
        ShellEngine piped = new ShellEngine(
                MongosServer.inProcess(catalog, 0, line -> {}), printed::add, 1, System::nanoTime, 0, 80);

        piped.evaluate("printjson({a: 1, b: [], c: [1, 2], d: {}})", "eval", false, null);

        assertEquals(List.of("{\n  a: 1,\n  b: [],\n  c: [\n    1,\n    2\n  ],\n  d: {}\n}"), printed);
    }

    @Test
    void a_document_too_long_for_one_line_breaks_as_node_inspect_does() {
        String text =
                eval("({firstField: 'aaaaaaaaaaaaaaaaaaaa', secondField: 'bbbbbbbbbbbbbbbbbbbb', third: 'ccccc'})");

        assertEquals(
                "{\n  firstField: 'aaaaaaaaaaaaaaaaaaaa',\n  secondField: 'bbbbbbbbbbbbbbbbbbbb',\n  third: 'ccccc'\n}",
                text);
    }

    // the legacy shell's spellings the seed texts use (mongo src/mongo/shell/db.js, collection.js) and mongosh's
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            db.getSisterDB('social').getName()                                         | social
            db.getSiblingDB('social').users.getFullName()                              | social.users
            db.getCollection('c').insert({_id: 1}); db.c.findOne()                     | DeprecationWarning: Collection.insert() is deprecated. Use insertOne, insertMany, or bulkWrite.\\n{ _id: 1 }
            db.c.insertMany([{_id: 1}, {_id: 2}])                                      | { acknowledged: true, insertedIds: { '0': 1, '1': 2 } }
            db.c.insertOne({_id: 1, n: 1}); db.c.update({_id: 1}, {$inc: {n: 1}})      | DeprecationWarning: Collection.update() is deprecated. Use updateOne, updateMany, or bulkWrite.\\n{\\n  acknowledged: true,\\n  insertedId: null,\\n  matchedCount: 1,\\n  modifiedCount: 1,\\n  upsertedCount: 0\\n}
            db.c.updateOne({_id: 5}, {$set: {a: 1}}, {upsert: true})                   | {\\n  acknowledged: true,\\n  insertedId: 5,\\n  matchedCount: 0,\\n  modifiedCount: 0,\\n  upsertedCount: 1\\n}
            db.c.insertMany([{a: 1}, {a: 1}, {a: 2}]); db.c.count({a: 1})             | DeprecationWarning: Collection.count() is deprecated. Use countDocuments or estimatedDocumentCount.\\n2
            db.c.insertMany([{a: 1}, {a: 1}, {a: 2}]); db.c.countDocuments({a: 1})    | 2
            db.c.insertMany([{a: 1}, {a: 1}, {a: 2}]); db.c.distinct('a')             | [ 1, 2 ]
            db.c.insertMany([{a: 1}, {a: 2}]); db.c.deleteMany({a: {$gt: 0}})         | { acknowledged: true, deletedCount: 2 }
            db.c.ensureIndex({a: 1})                                                   | [ 'a_1' ]
            db.c.createIndex({a: 1, b: -1})                                            | a_1_b_-1
            db.c.insertMany([{_id: 1}, {_id: 2}, {_id: 3}]); db.c.find().sort({_id: -1}).limit(2) | [ { _id: 3 }, { _id: 2 } ]
            db.c.findAndModify({query: {_id: 'p'}, update: {$inc: {n: 1}}, upsert: true, new: true}) | { _id: 'p', n: 1 }
            db.runCommand({ping: 1})                                                   | { ok: 1 }
            use data                                                                   | switched to db data
            use data\\ndb.getName()                                                    | switched to db data\\ndata
            sh.enableSharding('data'); sh.shardCollection('data.c', {k: 1}); sh.splitAt('data.c', {k: 10}).ok | 1
            sh.stopBalancer(); sh.getBalancerState()                                   | false
            """)
    void legacy_and_mongosh_spellings_run_over_the_command_layer(String script, String expected) {
        assertEquals(expected.replace("\\n", "\n"), eval(script.replace("\\n", "\n")));
    }

    // the ECMAScript mongosh's Node runs and Rhino refused (issue #31); values as mongosh 2.12 prints them
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            class A { constructor(x) { this.x = x } }; new A(3)                     | A { x: 3 }
            class B { #n = 2; get n() { return this.#n } }; new B().n               | 2
            async function f() { return 7 }; f()                                    | 7
            var s = 0; for (const d of [1, 2, 3]) s += d; s                          | 6
            10n ** 20n                                                              | 100000000000000000000n
            Math.max(...[1, 5, 3])                                                  | 5
            let {a, ...rest} = {a: 1, b: 2}; rest                                   | { b: 2 }
            null ?? 'default'                                                       | default
            new Map([['k', 1]])                                                     | Map(1) { 'k' => 1 }
            new Set([1, 2, 2])                                                      | Set(2) { 1, 2 }
            (async () => 1)                                                         | [AsyncFunction (anonymous)]
            db.c.insertMany([{_id: 1}, {_id: 2}]); var n = []; for (const d of db.c.find().sort({_id: -1})) n.push(d._id); n | [ 2, 1 ]
            db.c.insertOne({_id: 1}); db.c.find().map(d => d._id * 10).toArray()    | [ 10 ]
            db.c.insertMany([{_id: 1}, {_id: 2}]); db.c.find().itcount()            | 2
            db.c.insertOne({_id: 1}); var c = db.c.find(); [c.hasNext(), c.next()._id, c.hasNext()] | [ true, 1, false ]
            EJSON.parse('{"n": {"$numberLong": "5"}}')                               | { n: 5 }
            """)
    void mongoshs_javascript_runs(String script, String expected) {
        assertEquals(expected, eval(script));
    }

    // MongoDB's manual writes MinKey and MaxKey bare: they reach the server as the values, not null
    @Test
    void bare_min_key_and_max_key_are_the_bson_values() {
        eval("sh.enableSharding('z'); sh.shardCollection('z.c', {a: 1}); sh.addShardToZone('shard01', 'low')");

        eval("sh.updateZoneKeyRange('z.c', {a: MinKey}, {a: 10}, 'low')");

        assertEquals(
                "[ { min: { a: MinKey() }, max: { a: 10 } } ]",
                eval("db.getSiblingDB('config').tags.find({}, {_id: 0, min: 1, max: 1}).toArray()"));
    }

    @Test
    void load_runs_a_script_file_in_the_shells_scope(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws IOException {
        java.nio.file.Path file = dir.resolve("helpers.js");
        java.nio.file.Files.writeString(file, "function twice(x) { return 2 * x }\nvar loaded = 'yes';");

        assertEquals("true", eval("load('" + file + "')"));
        assertEquals("42 yes", eval("print(twice(21), loaded)"));
        assertEquals(
                "MongoshInvalidInputError: ENOENT: no such file or directory, open 'no-such.js'",
                failure("load('no-such.js')"));
    }

    @Test
    void explain_and_the_stats_helpers_answer_through_the_command_layer() {
        eval("sh.enableSharding('x'); sh.shardCollection('x.c', {k: 1}); db.getSiblingDB('x').c.insertOne({k: 1})");

        assertEquals(
                "SINGLE_SHARD", eval("db.getSiblingDB('x').c.find({k: 1}).explain().queryPlanner.winningPlan.stage"));
        assertEquals(
                "SINGLE_SHARD",
                eval("db.getSiblingDB('x').c.explain().find({k: 1}).finish().queryPlanner.winningPlan.stage"));
        assertEquals("true", eval("db.getSiblingDB('x').c.stats().sharded"));
        assertEquals("1", eval("db.getSiblingDB('x').c.stats().count"));
        assertEquals("mongos", eval("db.serverStatus().process"));
        assertTrue(eval("db.getSiblingDB('x').c.getShardDistribution()").startsWith("Shard shard0"));
    }

    // mongosh helpers.ts getPrintableShardStatus: 20 chunks and a line, unless verbose
    @Test
    void sh_status_true_lists_every_chunk() {
        eval("sh.enableSharding('v'); sh.shardCollection('v.c', {_id: 1});"
                + " for (var i = 1; i <= 24; i++) sh.splitAt('v.c', {_id: i})");

        String brief = eval("sh.status()");
        String verbose = eval("sh.status(true)");

        assertTrue(brief.contains("'too many chunks to print, use verbose if you want to force print'"), brief);
        assertFalse(verbose.contains("too many chunks"), verbose);
        assertTrue(verbose.contains("{ _id: 24 }, max: { _id: MaxKey() }"), verbose);
    }

    // mongosh's error lines for --eval and files: Name: errmsg (mongo commands.cpp adminOnly for split); a
    // SyntaxError's first line (its code frame follows)
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            db.runCommand({split: 'data.c', middle: {k: 1}})      | MongoServerError: split may only be run against the admin database.
            undefinedThing + 1                                     | ReferenceError: undefinedThing is not defined
            var x = ;                                              | SyntaxError: Unexpected token (1:8)
            "\\nvar y = {"                                          | SyntaxError: Unexpected token (2:9)
            db.c.updateOne({}, {a: 1})                             | MongoInvalidArgumentError: Update document requires atomic operators
            ObjectId('xyz')                                        | BSONError: input must be a 24 character hex string, 12 byte Uint8Array, or an integer
            rs.status()                                            | MongoshInvalidInputError: rs.status(): ShardLab simulates no replica set; its shards have no members
            throw new Error('mine')                                | Error: mine
            db.c.insertOne({_id: 1}); db.c.insertOne({_id: 1})     | MongoServerError: E11000 duplicate key error collection: test.c index: _id_ dup key: { _id: 1 }
            db.c.insertMany([{_id: 1}, {_id: 1}])                  | MongoBulkWriteError: E11000 duplicate key error collection: test.c index: _id_ dup key: { _id: 1 }
            var o = {}; o.a.b                                      | TypeError: Cannot read properties of undefined (reading 'b')
            """)
    void errors_print_as_mongosh_prints_them_for_a_script(String script, String line) {
        String message = failure(script.replace("\\n", "\n"));

        assertEquals(line, message.lines().findFirst().orElse(""));
        assertFalse(message.contains("java."), message);
    }

    // mongosh 2.12's REPL names a server error's code (cli-repl format-output.ts formatError); --eval does not
    @Test
    void interactively_a_server_error_names_its_code_and_a_syntax_error_shows_its_code_frame() {
        ScriptFailedException refused = assertThrows(
                ScriptFailedException.class,
                () -> shell.evaluateInteractively("db.runCommand({split: 'data.c', middle: {k: 1}})", null));
        ScriptFailedException unparsed =
                assertThrows(ScriptFailedException.class, () -> shell.evaluateInteractively("const x;", null));

        assertEquals(
                "MongoServerError[Unauthorized]: split may only be run against the admin database.",
                refused.getMessage());
        assertEquals(
                "SyntaxError: Missing initializer in const declaration. (1:7)\n\n> 1 | const x;\n    |        ^\n  2 |",
                unparsed.getMessage());
    }

    // nothing outside the simulated cluster: no Java, no host objects, no files but load()'s, no network
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            java.lang.System.exit(3)                          | ReferenceError: java is not defined
            Packages.java.io.File                             | ReferenceError: Packages is not defined
            importClass(1)                                    | ReferenceError: importClass is not defined
            readFile('/etc/passwd')                           | ReferenceError: readFile is not defined
            (function(){}).constructor('return java')()       | ReferenceError: java is not defined
            Polyglot.import('x')                              | ReferenceError: Polyglot is not defined
            Graal.versionJS                                   | ReferenceError: Graal is not defined
            __command('admin', '{}')                          | ReferenceError: __command is not defined
            """)
    void scripts_cannot_reach_java_or_files(String script, String line) {
        assertEquals(line, failure(script));
    }

    @Test
    void an_endless_loop_is_stopped_by_the_time_budget_and_cannot_catch_it() {
        ScriptFailedException stopped = assertThrows(
                ScriptFailedException.class,
                () -> shell.evaluate(
                        "try { while (true) {} } catch (e) { print('caught') }",
                        "loop",
                        false,
                        Duration.ofMillis(500)));

        assertEquals(
                "Error: the script ran longer than its time budget of 0.5 s and was stopped", stopped.getMessage());
        assertTrue(printed.isEmpty());
        assertEquals("1", eval("1"), "the engine runs the next script");
    }

    // helpers of mongosh 2.12's shell API this shell leaves out (users, replication, the server process) and
    // mongosh's ways to reach another server
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            db.createUser({user: 'u', pwd: 'p', roles: []})   | MongoshInvalidInputError: db.createUser(): ShardLab's shell does not have this helper; db.runCommand() and db.adminCommand() send commands to the simulated mongos
            db.orders.watch()                 | MongoshInvalidInputError: db.orders.watch(): ShardLab's shell does not have this helper; db.runCommand() and db.adminCommand() send commands to the simulated mongos
            new Mongo('mongodb://h:27017')    | MongoshInvalidInputError: Mongo(): ShardLab's shell reaches only the simulated cluster, no server
            connect('mongodb://h:27017/x')    | MongoshInvalidInputError: connect(): ShardLab's shell reaches only the simulated cluster, no server
            db.notAHelper()                   | TypeError: db.notAHelper is not a function
            """)
    void a_mongosh_helper_this_shell_lacks_says_so_in_one_line(String script, String line) {
        assertEquals(line, failure(script));
    }

    @Test
    void a_name_mongosh_does_not_have_is_still_a_collection() {
        eval("db.stats2.insertOne({a: 1}); db.orders.archive.insertOne({a: 2})");
        assertEquals("[ 'orders.archive', 'stats2' ]", eval("db.getCollectionNames().sort()"));
    }

    // mongosh 2.12 in a terminal, Ctrl+C: `while (true) {}` prints Node's vm interruption (Uncaught Error: …);
    // a loop awaiting commands or sleep prints cli-repl's onAsyncSigint line; the budget is ShardLab's own
    @ParameterizedTest(name = "{0} stopped by {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            while (true) {}                                   | Ctrl+C | Error: Script execution was interrupted by `SIGINT`
            for (let i = 0; ; i++) { i * 2 }                  | Ctrl+C | Error: Script execution was interrupted by `SIGINT`
            for (;;) { sleep(1) }                             | Ctrl+C | Stopping execution...
            for (;;) { db.runCommand({ping: 1}) }             | Ctrl+C | Stopping execution...
            db.c.insertOne({a: 1}); while (true) {}           | Ctrl+C | Stopping execution...
            while (true) {}                                   | budget | Error: the script ran longer than its time budget of 0.5 s and was stopped
            for (;;) { db.runCommand({ping: 1}) }             | budget | Error: the script ran longer than its time budget of 0.5 s and was stopped
            """)
    void a_stopped_script_prints_one_line(String script, String stoppedBy, String line) {
        ShellEngine[] engine = new ShellEngine[1];
        AtomicLong checks = new AtomicLong();
        AtomicBoolean pressed = new AtomicBoolean();
        // Ctrl+C comes after 50 looks at the clock, and, where the line says the script awaited the shell API,
        // after it has sent a command or slept (the watchdog looks at the clock from the script's start)
        AtomicBoolean awaited = new AtomicBoolean(!line.equals(ShellEngine.INTERRUPTED_ASYNCHRONOUS));
        CommandLayer direct = CommandLayer.direct(MongosServer.inProcess(catalog, 1L << 24, ignored -> {}), 1);
        CommandLayer layer = new CommandLayer() {
            @Override
            public BsonDocument run(String database, BsonDocument command) {
                BsonDocument reply = direct.run(database, command);
                awaited.set(true);
                return reply;
            }

            @Override
            public void sleep(long millis, Runnable check) {
                awaited.set(true);
                direct.sleep(millis, check);
            }
        };
        engine[0] = new ShellEngine(
                layer,
                printed::add,
                () -> {
                    // Ctrl+C is pressed once: the next script's clock readings must not press it again
                    if (stoppedBy.equals("Ctrl+C")
                            && checks.incrementAndGet() >= 50
                            && awaited.get()
                            && pressed.compareAndSet(false, true)) {
                        engine[0].cancel();
                    }
                    return nanos.addAndGet(1_000_000);
                },
                80,
                80);

        ScriptFailedException stopped = assertThrows(
                ScriptFailedException.class, () -> engine[0].evaluate(script, "loop", false, Duration.ofMillis(500)));

        assertEquals(line, stopped.getMessage());
        engine[0].evaluate("print('next')", "next", false, null);
        assertEquals("next", printed.get(printed.size() - 1), "the engine runs the next script");
    }

    @Test
    void sleep_moves_the_simulated_clock() {
        long before = catalog.now();

        eval("sleep(90 * 1000)");

        assertEquals(before + 90_000, catalog.now());
    }

    @Test
    void the_pre_split_seed_text_cuts_a_day_into_minutes_with_the_balancer_stopped() {
        shell.evaluate(resource("pre-split-a-day.js"), "pre-split-a-day.js", false, Duration.ofSeconds(600));

        assertEquals(
                1441,
                catalog.collection("data.data")
                        .orElseThrow()
                        .cluster()
                        .snapshot()
                        .collection()
                        .orElseThrow()
                        .chunks()
                        .chunks()
                        .size(),
                "1440 split points make 1441 chunks");
        assertEquals(List.of("switched to db data", "switched to db admin", "false", "true"), printed.subList(0, 4));
        String status = String.join("\n", printed.subList(4, printed.size()));
        assertTrue(status.startsWith("shardingVersion\n"), status);
        assertTrue(status.contains("---\nbalancer\n{\n  'Currently enabled': 'yes',"), status);
        assertTrue(status.contains("chunkMetadata: [ { shard: 'shard01', nChunks: 1441 } ]"), status);
        assertTrue(status.contains("'too many chunks to print, use verbose if you want to force print'"), status);
    }

    @Test
    void the_inbox_seed_text_fills_buckets_of_fifty_messages() {
        shell.evaluate(resource("inbox.js"), "inbox.js", false, Duration.ofSeconds(600));

        assertEquals(
                List.of(
                        "DeprecationWarning: Collection.update() is deprecated. Use updateOne, updateMany, or bulkWrite.",
                        "[\n  { user_name: 'Paul', msg_count: 60 },\n  { user_name: 'Peter', msg_count: 60 }\n]",
                        "{ owner: 'Peter', sequence: 1 }",
                        "{ owner: 'Peter', sequence: 0 }",
                        "DeprecationWarning: Collection.count() is deprecated. Use countDocuments or estimatedDocumentCount.",
                        "2 4"),
                printed);
    }

    private static String resource(String name) {
        try (InputStream in = ShellEngineTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
