package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.workload.SimulationSetup;
import java.nio.file.Path;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --lang <tag>}: the language of the CLI's own messages and of the words it draws on an export, given
 * before or after the command; an unknown tag is bad input (exit 2) naming the tag; {@code --json} stays the same
 * in every language.
 */
class LanguageOptionTest {

    private static final Messages CHINESE = Messages.of(Language.SIMPLIFIED_CHINESE);

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(textBlock = """
            # where --lang goes
            before the command
            after the command
            """)
    void zh_cn_gives_the_cli_s_messages_in_chinese(String where) {
        String out = dir.resolve("empty.png").toString();
        // given an export with no layout source, in Chinese
        CliRun run = where.startsWith("before")
                ? CliRun.of("--lang", "zh-CN", "export", "--out", out)
                : CliRun.of("export", "--out", out, "--lang", "zh-CN");

        // then it is refused in Chinese, the export's name and the --help hint around it
        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.err());
        assertEquals("export: " + CHINESE.text("cli.export.noSource"), run.err().strip());
        assertTrue(run.err().contains("数据源"), run.err());
    }

    @Test
    void an_option_out_of_its_bounds_is_refused_in_chinese() {
        String out = dir.resolve("big.png").toString();
        CliRun run = CliRun.of(
                "--lang", "zh-CN", "export", "--key", "{x: 1}", "--shards", "1001", "--ns", "a.b", "--out", out);

        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.err());
        assertEquals(
                "export: "
                        + CHINESE.text(
                                "cli.bound.betweenUnits",
                                "--shards",
                                "1",
                                String.valueOf(SimulationSetup.MAX_SHARDS),
                                Message.of("cli.unit.shards"),
                                "1001"),
                run.err().strip());
        assertTrue(run.err().contains("个分片"), run.err());
    }

    @Test
    void a_bad_option_s_hint_is_in_chinese_too() {
        CliRun run = CliRun.of("--lang", "zh-CN", "hash", "--no-such-option", "1");

        assertEquals(Cli.BAD_INPUT, run.exitCode());
        assertTrue(run.err().contains("（参见“shardlab hash --help”）"), run.err());
    }

    @Test
    void an_export_in_chinese_says_what_it_wrote_and_draws_chinese_words() throws Exception {
        Path pdf = dir.resolve("orders.pdf");
        CliRun run = CliRun.of(
                "export",
                "--lang",
                "zh-CN",
                "--key",
                "{x: 1}",
                "--shards",
                "2",
                "--ns",
                "shop.orders",
                "--out",
                pdf.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertEquals(
                CHINESE.text("cli.export.wrote", pdf.toString(), "pdf", "all", 1),
                run.out().strip());
        try (PDDocument document = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(document);
            assertTrue(
                    text.contains(Messages.of(Language.SIMPLIFIED_CHINESE).text("render.title", "shop.orders")), text);
        }
    }

    @ParameterizedTest(name = "--lang {0}")
    @CsvSource({"xx", "fr-FR", "''"})
    void an_unknown_tag_is_bad_input_naming_the_tag(String tag) {
        CliRun run = CliRun.of("--lang", tag, "hash", "1");

        assertEquals(Cli.BAD_INPUT, run.exitCode());
        assertTrue(run.err().contains("'" + tag + "'"), run.err());
        assertTrue(run.err().contains("en, zh-CN"), "names the tags ShardLab knows: " + run.err());
        assertEquals("", run.out());
    }

    @Test
    void json_output_is_the_same_in_every_language() {
        String[] simulate = {
            "simulate",
            "--workload",
            "monotonic",
            "--key",
            "{counter: 1}",
            "--shards",
            "3",
            "--docs",
            "3000",
            "--chunk-size",
            "1",
            "--doc-size",
            "200",
            "--json"
        };
        CliRun english = CliRun.of(with("en", simulate));
        CliRun chinese = CliRun.of(with("zh-CN", simulate));

        assertEquals(0, english.exitCode(), english.err());
        assertEquals(0, chinese.exitCode(), chinese.err());
        assertTrue(english.out().contains("\"chunks\""), english.out());
        assertEquals(english.out(), chinese.out());
    }

    private static String[] with(String tag, String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--lang";
        all[1] = tag;
        System.arraycopy(args, 0, all, 2, args.length);
        return all;
    }
}
