package io.shardlab.ui.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.CommandLayer;
import io.shardlab.shell.ShellEngine;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.ui.console.ConsoleViewModel.Entry;
import io.shardlab.ui.console.ConsoleViewModel.Kind;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Shell panel's ViewModel: mongosh's REPL rules (Enter runs a whole input, continues an open one;
 * the prompt names the database; ↑/↓ walk a history kept in a file; Tab completes names) over the command
 * layer. The script and JavaFX threads are the calling thread here, except where Ctrl+C needs a script running
 * on a thread of its own.
 */
class ConsoleViewModelTest {

    @TempDir
    Path home;

    private final ShardedCatalog catalog =
            new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0).withSeed(1), List.of("shard01", "shard02"));
    private final CommandLayer commands = CommandLayer.direct(MongosServer.inProcess(catalog, 1L << 24, l -> {}), 1);

    private ConsoleViewModel console() {
        return new ConsoleViewModel(
                commands,
                new ShellHistory(home.resolve("shell-history")),
                Runnable::run,
                Runnable::run,
                System::nanoTime,
                Duration.ofSeconds(30));
    }

    private static void type(ConsoleViewModel vm, String text) {
        vm.inputProperty().set(text);
    }

    @Test
    void an_input_runs_and_its_value_prints_after_the_input_as_mongosh_prints_it() {
        ConsoleViewModel vm = console();
        type(vm, "({ a: 1, b: NumberLong('5') })");

        assertTrue(vm.submit());

        assertEquals(
                List.of(
                        new Entry(Kind.INPUT, "[direct: mongos] test> ({ a: 1, b: NumberLong('5') })"),
                        new Entry(Kind.OUTPUT, "{ a: 1, b: Long('5') }")),
                vm.transcript());
        assertEquals("", vm.inputProperty().get());
        assertFalse(vm.runningProperty().get());
    }

    // mongosh's REPL: a server error names its code; the shell's helpers are mongosh's (shard.ts, collection.ts)
    @Test
    void a_server_error_prints_as_the_repl_prints_it_with_its_code_name() {
        ConsoleViewModel vm = console();
        type(vm, "db.runCommand({split: 'a.b', middle: {k: 1}})");

        vm.submit();

        assertEquals(
                new Entry(
                        Kind.ERROR,
                        "MongoServerError[Unauthorized]: split may only be run against the admin database."),
                vm.transcript().get(1));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            sh.mo            | moveChunk, moveCollection, moveRange
            sh.getSh         | getShardedDataDistribution
            sh.is            | isAutoMergerEnabled, isBalancerRunning, isConfigShardEnabled
            db.orders.getSh  | getShardDistribution, getShardLocation, getShardVersion
            db.orders.exp    | explain
            db.orders.explain().f | find, findAndModify, findOneAndDelete, findOneAndReplace, findOneAndUpdate
            db.serverS       | serverStatus
            """)
    void tab_offers_mongoshs_helpers(String typed, String offered) {
        ConsoleViewModel vm = console();
        type(vm, typed);

        vm.complete(typed.length());

        List<String> expected = List.of(offered.split(", "));
        assertEquals(
                expected.size() == 1 ? List.of() : expected,
                vm.completionChoices(),
                "several candidates are offered as choices");
        if (expected.size() == 1) {
            assertEquals(
                    typed.substring(0, typed.lastIndexOf('.') + 1) + expected.get(0),
                    vm.inputProperty().get());
        }
    }

    @Test
    void the_engine_made_ahead_when_the_panel_shows_runs_the_first_input_and_prints_nothing_itself() {
        ConsoleViewModel vm = console();

        vm.prepare();

        assertEquals(List.of(), vm.transcript());
        type(vm, "1 + 1");
        vm.submit();
        assertEquals(new Entry(Kind.OUTPUT, "2"), vm.transcript().get(1));
    }

    @Test
    void use_switches_the_database_the_prompt_names() {
        ConsoleViewModel vm = console();
        type(vm, "use shop");
        vm.submit();
        assertEquals("[direct: mongos] shop> ", vm.promptProperty().get());
        assertEquals(
                new Entry(Kind.OUTPUT, "switched to db shop"), vm.transcript().get(1));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            for (let i = 0; i < 3; i++) {
            db.orders.insertOne({ a: 1
            print('unterminated
            /* a comment
            """)
    void an_open_input_does_not_run_so_the_view_continues_it_on_a_new_line(String open) {
        ConsoleViewModel vm = console();
        type(vm, open);
        assertFalse(vm.submit());
        assertEquals(List.of(), vm.transcript());
        assertEquals(open, vm.inputProperty().get());
    }

    @Test
    void a_pasted_multi_line_input_runs_whole() {
        ConsoleViewModel vm = console();
        type(vm, "let n = 0;\nfor (let i = 0; i < 4; i++) {\n  n += i;\n}\nprint(n)");
        assertTrue(vm.submit());
        assertEquals(new Entry(Kind.OUTPUT, "6"), vm.transcript().get(1));
    }

    @Test
    void a_failing_input_prints_mongoshs_error_line_and_the_next_input_runs() {
        ConsoleViewModel vm = console();
        type(vm, "db.adminCommand({ split: 'shop.orders', middle: { a: 1 } })");
        vm.submit();
        Entry error = vm.transcript().get(1);
        assertEquals(Kind.ERROR, error.kind());
        assertTrue(error.text().startsWith("MongoServerError["), error.text());
        type(vm, "nosuch");
        vm.submit();
        assertEquals(
                new Entry(Kind.ERROR, "ReferenceError: nosuch is not defined"),
                vm.transcript().get(3));
    }

    @Test
    void up_and_down_walk_the_history_newest_first_and_come_back_to_the_input_being_typed() {
        ConsoleViewModel vm = console();
        for (String input : List.of("1", "2", "3")) {
            type(vm, input);
            vm.submit();
        }
        type(vm, "half-typ");

        vm.historyUp();
        assertEquals("3", vm.inputProperty().get());
        vm.historyUp();
        vm.historyUp();
        vm.historyUp();
        assertEquals("1", vm.inputProperty().get(), "the oldest entry stays");
        vm.historyDown();
        assertEquals("2", vm.inputProperty().get());
        vm.historyDown();
        vm.historyDown();
        assertEquals("half-typ", vm.inputProperty().get());
        assertEquals(8, vm.caretProperty().get(), "the caret goes to the end of the input shown");
    }

    @Test
    void the_history_outlives_the_panel_multi_line_inputs_included_and_an_input_run_again_moves_to_the_top() {
        ConsoleViewModel first = console();
        for (String input : List.of(
                "print('a\\\\b')", "for (let i = 0; i < 2; i++) {\n  print(i)\n}", "1 + 1", "print('a\\\\b')")) {
            type(first, input);
            first.submit();
        }

        ConsoleViewModel next = console();
        next.historyUp();
        assertEquals("print('a\\\\b')", next.inputProperty().get());
        next.historyUp();
        assertEquals("1 + 1", next.inputProperty().get());
        next.historyUp();
        assertEquals(
                "for (let i = 0; i < 2; i++) {\n  print(i)\n}",
                next.inputProperty().get());
        next.historyUp();
        assertEquals(
                "for (let i = 0; i < 2; i++) {\n  print(i)\n}",
                next.inputProperty().get(),
                "3 distinct inputs");
    }

    @Test
    void the_history_keeps_mongoshs_thousand_newest_inputs() throws Exception {
        ShellHistory file = new ShellHistory(home.resolve("deep/folder/shell-history"));
        List<String> many = java.util.stream.IntStream.range(0, 1_200)
                .mapToObj(i -> "print(" + i + ")")
                .toList();
        file.write(many);
        List<String> kept = file.read();
        assertEquals(ShellHistory.LIMIT, kept.size());
        assertEquals("print(0)", kept.get(0));
        assertEquals(
                1_000,
                Files.readAllLines(home.resolve("deep/folder/shell-history")).size());
    }

    @Test
    void an_unreadable_history_is_one_error_line_and_the_panel_works() throws Exception {
        Files.createDirectories(home.resolve("shell-history"));
        ConsoleViewModel vm = console();
        assertEquals(Kind.ERROR, vm.transcript().get(0).kind());
        assertTrue(
                vm.transcript().get(0).text().startsWith("shell history: "),
                vm.transcript().get(0).text());
        type(vm, "2 * 21");
        vm.submit();
        assertEquals("42", vm.transcript().get(2).text());
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', textBlock = """
            sh.stat                  | sh.status
            sh.enableSh              | sh.enableSharding
            db.getSibl               | db.getSiblingDB
            db.ord                   | db.orders
            db.orders.insertM        | db.orders.insertMany
            db.orders.countD         | db.orders.countDocuments
            printj                   | printjson
            x = sh.stopBal           | x = sh.stopBalancer
            db.orders.find().lim     | db.orders.find().limit
            db.orders.find({a: 1}).sort({a: -1}).toA | db.orders.find({a: 1}).sort({a: -1}).toArray
            db.orders.find({s: ')'}).itc | db.orders.find({s: ')'}).itcount
            db.getSiblingDB('x').getSisterDB('y').runC | db.getSiblingDB('x').getSisterDB('y').runCommand
            db.getCollection('orders').countD | db.getCollection('orders').countDocuments
            use school; db.ord       | use school; db.orders
            """)
    void tab_completes_a_name_with_one_candidate(String typed, String completed) {
        ConsoleViewModel vm = console();
        type(vm, "db.orders.insertOne({ a: 1 })");
        vm.submit();
        type(vm, typed);

        vm.complete(typed.length());

        assertEquals(completed, vm.inputProperty().get());
        assertEquals(completed.length(), vm.caretProperty().get());
    }

    @Test
    void tab_with_several_candidates_inserts_their_common_beginning_then_lists_them() {
        ConsoleViewModel vm = console();
        type(vm, "db.orders.fi");
        vm.complete(12);
        assertEquals("db.orders.find", vm.inputProperty().get());
        assertEquals(List.of(), vm.transcript());

        vm.complete(14);

        Entry listed = vm.transcript().get(0);
        assertTrue(listed.text().contains("db.orders.find  db.orders.findAndModify  db.orders.findOne"), listed.text());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            db.orders.insertOne({}).ins
            db.orders.find().toArray().len
            (db).orders.ins
            1.toFi
            """)
    void after_a_call_whose_result_mongosh_does_not_declare_nothing_is_completed_and_nothing_runs(String typed) {
        ConsoleViewModel vm = console();
        type(vm, "db.orders.insertOne({ a: 1 })");
        vm.submit();
        type(vm, typed);

        vm.complete(typed.length());

        assertEquals(typed, vm.inputProperty().get());
        type(vm, "db.orders.countDocuments()");
        vm.submit();
        assertEquals("1", vm.transcript().get(vm.transcript().size() - 1).text(), "completion inserted nothing");
    }

    @Test
    void several_candidates_are_offered_as_choices_and_a_choice_completes_the_name() {
        ConsoleViewModel vm = console();
        type(vm, "db.orders.find().s");

        vm.complete(18);

        assertEquals(List.of("showRecordId", "size", "skip", "sort"), vm.completionChoices());
        vm.chooseCompletion("sort");
        assertEquals("db.orders.find().sort", vm.inputProperty().get());
        assertEquals(21, vm.caretProperty().get());
        assertEquals(List.of(), vm.completionChoices(), "the choices close once one is taken");

        type(vm, "db.orders.find().s");
        vm.complete(18);
        type(vm, "db.orders.find().sk");
        assertEquals(List.of(), vm.completionChoices(), "typing on closes the choices");
    }

    @Test
    void tab_while_an_input_runs_leaves_the_input_as_typed_and_the_shell_runs_on() throws Exception {
        DaemonBackgroundTasks tasks = new DaemonBackgroundTasks();
        ExecutorService scriptThread = tasks.serial("test-shell");
        LinkedBlockingQueue<Runnable> uiThread = new LinkedBlockingQueue<>();
        try {
            ConsoleViewModel vm = new ConsoleViewModel(
                    commands,
                    new ShellHistory(home.resolve("h")),
                    scriptThread,
                    uiThread::add,
                    System::nanoTime,
                    Duration.ofMinutes(5));
            type(vm, "while (true) {}");
            vm.submit();
            type(vm, "db.orders.fi");

            vm.complete(12);

            assertEquals("db.orders.fi", vm.inputProperty().get());
            vm.interrupt();
            while (vm.runningProperty().get()) {
                Runnable task = uiThread.poll(10, TimeUnit.SECONDS);
                if (task == null) {
                    throw new AssertionError("the loop did not stop");
                }
                task.run();
            }
            vm.complete(12);
            Runnable completed = uiThread.poll(10, TimeUnit.SECONDS);
            completed.run();
            assertEquals("db.orders.find", vm.inputProperty().get(), "Tab works again once the input stopped");
        } finally {
            tasks.shutdown();
        }
    }

    @Test
    void a_lesson_step_is_typed_and_run_as_if_entered() {
        ConsoleViewModel vm = console();
        vm.run("use school\nprint(db.getName())");
        assertEquals(
                List.of(
                        new Entry(Kind.INPUT, "[direct: mongos] test> use school\nprint(db.getName())"),
                        new Entry(Kind.OUTPUT, "switched to db school"),
                        new Entry(Kind.OUTPUT, "school")),
                vm.transcript());
        vm.historyUp();
        assertEquals("use school\nprint(db.getName())", vm.inputProperty().get(), "the step is in the history");
    }

    @Test
    void ctrl_l_clears_the_transcript_and_ctrl_c_with_nothing_running_drops_the_input() {
        ConsoleViewModel vm = console();
        type(vm, "1");
        vm.submit();
        vm.clear();
        assertEquals(List.of(), vm.transcript());
        type(vm, "db.orders.find(");
        vm.interrupt();
        assertEquals("", vm.inputProperty().get());
    }

    @Test
    void ctrl_c_stops_an_endless_loop_with_the_interruption_line_and_the_shell_runs_on() throws Exception {
        DaemonBackgroundTasks tasks = new DaemonBackgroundTasks();
        ExecutorService scriptThread = tasks.serial("test-shell");
        LinkedBlockingQueue<Runnable> uiThread = new LinkedBlockingQueue<>();
        try {
            ConsoleViewModel vm = new ConsoleViewModel(
                    commands,
                    new ShellHistory(home.resolve("h")),
                    scriptThread,
                    uiThread::add,
                    System::nanoTime,
                    Duration.ofMinutes(5));
            type(vm, "while (true) {}");
            vm.submit();
            assertTrue(vm.runningProperty().get());
            Thread.sleep(200);
            assertTrue(vm.runningProperty().get(), "the loop runs until interrupted");

            vm.run("print('a lesson step')");
            assertEquals(
                    new Entry(
                            Kind.ERROR,
                            "The shell is still running an input: Ctrl+C interrupts it, then run " + "the step again."),
                    vm.transcript().get(vm.transcript().size() - 1),
                    "a step waits for no loop");

            vm.interrupt();
            while (vm.runningProperty().get()) {
                Runnable task = uiThread.poll(10, TimeUnit.SECONDS);
                if (task == null) {
                    throw new AssertionError("the loop did not stop");
                }
                task.run();
            }

            assertEquals(
                    new Entry(Kind.ERROR, ShellEngine.INTERRUPTED_SYNCHRONOUS),
                    vm.transcript().get(vm.transcript().size() - 1));
            type(vm, "'still here'");
            vm.submit();
            while (vm.runningProperty().get()) {
                uiThread.poll(10, TimeUnit.SECONDS).run();
            }
            assertEquals(
                    "still here",
                    vm.transcript().get(vm.transcript().size() - 1).text());
        } finally {
            tasks.shutdown();
        }
    }

    @Test
    void a_long_print_loop_keeps_only_the_newest_entries() {
        ConsoleViewModel vm = console();
        type(vm, "for (let i = 0; i < 2500; i++) print(i)");
        vm.submit();
        assertEquals(ConsoleViewModel.TRANSCRIPT_LIMIT, vm.transcript().size());
        assertEquals("2499", vm.transcript().get(vm.transcript().size() - 1).text());
        assertEquals("500", vm.transcript().get(0).text());
    }

    @Test
    void a_lesson_step_that_stops_before_its_end_runs_its_restore_so_the_balancer_it_stopped_runs_again() {
        // given a step that stops the balancer, then fails before it starts it again, and restores it if stopped
        ConsoleViewModel vm = console();
        String script =
                "sh.stopBalancer();\ndb.adminCommand({ split: 'no.such', middle: { k: 1 } });\nsh.startBalancer()";

        // when it runs
        vm.run(script, 3, "sh.startBalancer()");

        // then the restore ran after the error, and the balancer is on as the lesson expects
        assertTrue(
                vm.transcript().stream().anyMatch(e -> e.text().contains("restoring what the lesson expects")),
                vm.transcript().toString());
        type(vm, "sh.getBalancerState()");
        vm.submit();
        assertEquals(
                new Entry(Kind.OUTPUT, "true"),
                vm.transcript().get(vm.transcript().size() - 1));
    }

    @Test
    void a_step_that_runs_whole_needs_no_restore_and_says_how_many_of_its_commands_have_run() {
        // given a step of three commands, its progress recorded as the panel shows it
        ConsoleViewModel vm = console();
        vm.prepare();
        List<String> shown = new ArrayList<>();
        Messages english = Messages.of(Language.ENGLISH);
        vm.stepProgressProperty().addListener((obs, was, now) -> shown.add(now == null ? "" : english.text(now)));

        // when it runs whole
        vm.run(
                "db.adminCommand({ ping: 1 });\ndb.adminCommand({ ping: 1 });\ndb.adminCommand({ ping: 1 })",
                3,
                "sh.stopBalancer()");

        // then it went from 0 to 3 of 3, the line went when it ended, and the restore did not run
        assertEquals("step: 0 of 3 commands \u00b7 Ctrl+C stops it", shown.get(0));
        assertEquals("step: 3 of 3 commands \u00b7 Ctrl+C stops it", shown.get(shown.size() - 2));
        assertEquals("", shown.get(shown.size() - 1));
        type(vm, "sh.getBalancerState()");
        vm.submit();
        assertEquals(
                new Entry(Kind.OUTPUT, "true"),
                vm.transcript().get(vm.transcript().size() - 1));
    }
}
