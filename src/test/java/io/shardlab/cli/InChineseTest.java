package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * With {@code --lang zh-CN}, bad input is refused in Chinese: exit 2, one line on standard error, the command's
 * name and the bundle's Chinese words; reports label their lines in Chinese; {@code --json} prints the same in both
 * languages.
 */
class InChineseTest {

    private static final Messages CHINESE = Messages.of(Language.SIMPLIFIED_CHINESE);

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # arguments after --lang zh-CN (the refusal's arguments separated by ;)                                          | the refusal's key              | its argument
            explain --filter {a:1}                                                  | cli.explain.keyOrSource        |
            explain --key {a:1} --shards 2 --snapshot missing.json --filter {a:1}   | cli.explain.shardsWithSource   | missing.json
            shell                                                                   | cli.shell.nothingToRun         |
            explain --zone shard01:A --snapshot missing.json --filter {a:1}         | cli.initialSplit.newCollectionOnly | --zone;missing.json
            explain --key {a:1} --at yesterday --snapshot missing.json --filter {a:1} | cli.source.badAt             | yesterday
            shell no-such-script.js                                                 | cli.shell.noSuchFile           | no-such-script.js
            shell --timeout -1 --eval 1                                             | cli.shell.badTimeout           | -1.0
            shell --speed -2 --eval 1                                               | cli.serve.badSpeed             | -2.0
            analyze --dataset zipcodes --key {state:1} --ns a.b                     | cli.analyze.onlyWithLiveCollection | --ns
            analyze --dataset zipcodes --key {state:1} --sampled-queries            | cli.analyze.onlyWithLiveCluster | --sampled-queries
            analyze --dataset zipcodes --key {state:1} --format png --docs 100      | cli.analyze.formatNeedsOut     |
            simulate --key {counter:1} --shards 2 --workload monotonic --docs 0       | cli.option.docsAtLeastOne      | 0
            simulate --shards 2 --workload monotonic                                | cli.simulate.keyRequired       |
            simulate --key {counter:1} --shards 2 --docs 10                         | cli.simulate.docsNeedInput     |
            simulate --key {counter:1} --shards 2 --workload monotonic --balancer-decision --json | cli.simulate.decisionIsText |
            """)
    void bad_input_is_refused_in_one_chinese_line(String arguments, String key, String argument) {
        String[] args = arguments.split(" ");
        String[] all = new String[args.length + 2];
        all[0] = "--lang";
        all[1] = "zh-CN";
        System.arraycopy(args, 0, all, 2, args.length);

        CliRun run = CliRun.of(all);

        String expected = args[0] + ": "
                + (argument == null ? CHINESE.text(key) : CHINESE.text(key, (Object[]) argument.split(";")));
        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.err());
        assertEquals(expected, run.err().strip(), Arrays.toString(all));
        assertEquals(1, run.err().strip().lines().count(), run.err());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            simulate --key {counter:1} --shards 2 --workload monotonic --docs 3000 --balancer-rounds 2 --json
            analyze --dataset zipcodes --key {state:1} --key {zip:1} --docs 2000 --json
            explain --key {a:1} --shards 3 --filter {a:{$gt:5}} --json
            """)
    void json_is_the_same_in_both_languages(String arguments) {
        String[] args = arguments.split(" ");
        String[] inChinese = new String[args.length + 2];
        inChinese[0] = "--lang";
        inChinese[1] = "zh-CN";
        System.arraycopy(args, 0, inChinese, 2, args.length);

        CliRun english = CliRun.of(args);
        CliRun chinese = CliRun.of(inChinese);

        assertEquals(0, english.exitCode(), english.err());
        assertEquals(0, chinese.exitCode(), chinese.err());
        assertEquals(english.out(), chinese.out());
    }

    @Test
    void explain_labels_its_lines_in_chinese_and_keeps_mongodb_s_words() {
        CliRun run = CliRun.of("--lang", "zh-CN", "explain", "--key", "{a:1}", "--shards", "3", "--filter", "{a:5}");

        assertEquals(0, run.exitCode(), run.err());
        String[] lines = run.out().strip().split("\n");
        assertEquals(CHINESE.text("cli.explain.shards", "shard01"), lines[0]);
        assertEquals(CHINESE.text("cli.explain.targeting", "single-shard"), lines[1]);
        assertEquals(true, lines[2].startsWith("原因："), lines[2]);
    }

    @Test
    void the_balancer_decision_is_explained_in_chinese() {
        // given a run whose next balancer round is asked for, in Chinese
        CliRun run = CliRun.of(
                "--lang",
                "zh-CN",
                "simulate",
                "--key",
                "{counter:1}",
                "--shards",
                "2",
                "--workload",
                "monotonic",
                "--docs",
                "3000",
                "--chunk-size",
                "1",
                "--mongodb-version",
                "8.0",
                "--balancer-decision");

        // then its title and its zone line are the bundle's Chinese words
        assertEquals(0, run.exitCode(), run.err());
        String out = run.out();
        assertTrue(out.contains("\n" + CHINESE.text("cli.balancer.title", "8.0") + "\n"), out);
        assertTrue(out.contains("  " + CHINESE.text("cli.balancer.outsideZones") + "："), out);
    }

    @Test
    void simulate_names_the_workloads_reads_in_chinese_and_json_keeps_them_english() {
        // given the inbox workload's reads, asked for in Chinese, as text and as JSON
        String[] simulate = {
            "simulate",
            "--workload",
            "inbox",
            "--key",
            "{owner: 1, sequence: 1}",
            "--shards",
            "4",
            "--docs",
            "2000",
            "--queries",
            "200"
        };
        String[] asText = new String[simulate.length + 2];
        asText[0] = "--lang";
        asText[1] = "zh-CN";
        System.arraycopy(simulate, 0, asText, 2, simulate.length);
        String[] asJson = Arrays.copyOf(asText, asText.length + 1);
        asJson[asText.length] = "--json";

        CliRun text = CliRun.of(asText);
        CliRun json = CliRun.of(asJson);

        // then the text names each read in Chinese, the JSON in English
        assertEquals(0, text.exitCode(), text.err());
        assertTrue(text.out().contains(CHINESE.text("workload.query.readAnInbox")), text.out());
        assertTrue(text.out().contains("读取一个收件箱"), text.out());
        assertEquals(0, json.exitCode(), json.err());
        assertTrue(json.out().contains("\"name\": \"read an inbox\""), json.out());
        // and the counts of the reads stand in one column, the names padded by the columns they take on a terminal
        List<Integer> countColumns = text.out()
                .lines()
                .filter(line -> line.contains(" 次读取"))
                .map(line -> TerminalColumns.width(line.substring(0, line.indexOf(" 次读取"))))
                .distinct()
                .toList();
        assertEquals(1, countColumns.size(), text.out());
    }
}
