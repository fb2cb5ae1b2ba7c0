package io.shardlab.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.serve.RealMongosh;
import io.shardlab.sim.SimulationConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A script that does not parse prints mongosh 2.12's first line: Babel's words and {@code (line:column)}, then
 * Babel's code frame ({@link CodeFrame}).
 * The expected lines are what {@code mongosh --nodb --quiet --eval SCRIPT} 2.12.0 printed first (the table
 * below was taken from it, and the differential case checks it again where a mongosh is installed).
 */
class SyntaxErrorLineTest {

    // script (\n = new line)                   | mongosh 2.12.0's first line
    private static final String CASES = """
            db.c.find({a:1)                         | SyntaxError: Unexpected token, expected "," (1:14)
            var x = [1, 2                           | SyntaxError: Unexpected token, expected "," (1:13)
            db.c.find({a: 1}                        | SyntaxError: Unexpected token, expected "," (1:16)
            db.c.insertOne({a: 1}                   | SyntaxError: Unexpected token, expected "," (1:21)
            x = {a: 1                               | SyntaxError: Unexpected token, expected "," (1:9)
            print(1]                                | SyntaxError: Unexpected token, expected "," (1:7)
            for (let i = 0; i < 3; i++ {}           | SyntaxError: Unexpected token, expected ")" (1:27)
            while (true {}                          | SyntaxError: Unexpected token, expected ")" (1:12)
            if (x {}                                | SyntaxError: Unexpected token, expected ")" (1:6)
            x = a ? b                               | SyntaxError: Unexpected token, expected ":" (1:9)
            print("abc)                             | SyntaxError: Unterminated string constant. (1:6)
            print('abc                              | SyntaxError: Unterminated string constant. (1:6)
            db.c.find({name: 'x})                   | SyntaxError: Unterminated string constant. (1:17)
            print(`abc                              | SyntaxError: Unterminated template. (1:7)
            /* x                                    | SyntaxError: Unterminated comment. (1:0)
            1 = 2                                   | SyntaxError: Invalid left-hand side in assignment expression. (1:0)
            x++ = 1                                 | SyntaxError: Invalid left-hand side in assignment expression. (1:0)
            var class = 3                           | SyntaxError: Unexpected keyword 'class'. (1:4)
            var if = 2                              | SyntaxError: Unexpected keyword 'if'. (1:4)
            var enum = 1                            | SyntaxError: Unexpected reserved word 'enum'. (1:4)
            let let = 1                             | SyntaxError: 'let' is disallowed as a lexically bound name. (1:4)
            var 1x = 2                              | SyntaxError: Identifier directly after number. (1:5)
            let 5 = 3                               | SyntaxError: Missing semicolon. (1:3)
            foo bar                                 | SyntaxError: Missing semicolon. (1:3)
            db.c.find()).x                          | SyntaxError: Missing semicolon. (1:11)
            print(1))                               | SyntaxError: Missing semicolon. (1:8)
            db.c.find({a: 1}))                      | SyntaxError: Missing semicolon. (1:17)
            let x = ;                               | SyntaxError: Unexpected token (1:8)
            if (x) {                                | SyntaxError: Unexpected token (1:8)
            x = {a: 1,, b: 2}                       | SyntaxError: Unexpected token (1:10)
            a => {                                  | SyntaxError: Unexpected token (1:6)
            x +                                     | SyntaxError: Unexpected token (1:3)
            var y = {                               | SyntaxError: Unexpected token (1:9)
            a.b(]                                   | SyntaxError: Unexpected token (1:4)
            x = ]                                   | SyntaxError: Unexpected token (1:4)
            x = {a: 1}}                             | SyntaxError: Unexpected token (1:10)
            var = 4                                 | SyntaxError: Unexpected token (1:4)
            return 5                                | SyntaxError: 'return' outside of function. (1:0)
            let x = 1; let x = 2;                   | SyntaxError: Identifier 'x' has already been declared. (1:15)
            var x = 1;\\nvar y = [1,\\n2            | SyntaxError: Unexpected token, expected "," (3:1)
            var x = 1;\\nprint('a\\nb')             | SyntaxError: Unterminated string constant. (2:6)
            for (let i = 0 i < 3; i++) {}           | SyntaxError: Missing semicolon. (1:14)
            """;

    @TempDir
    Path dir;

    private static String script(String cell) {
        return cell.replace("\\n", "\n");
    }

    private static String shardLabLine(String script) {
        ShellEngine shell = new ShellEngine(
                MongosServer.inProcess(
                        new ShardedCatalog(
                                SimulationConfig.of(MongoVersion.V8_0).withSeed(1), List.of("shard01")),
                        1L << 20,
                        line -> {}),
                line -> {},
                0,
                System::nanoTime,
                0,
                80);
        return assertThrows(
                        ScriptFailedException.class, () -> shell.evaluate(script, "eval", true, Duration.ofSeconds(10)))
                .getMessage();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\u0000', textBlock = CASES)
    void a_script_that_does_not_parse_prints_babels_line(String script, String mongoshLine) {
        assertEquals(mongoshLine, firstLine(shardLabLine(script(script))));
    }

    private static String firstLine(String text) {
        return text.lines().findFirst().orElse("");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\u0000', textBlock = """
            x = a ? b                               | 1 | 9
            db.c.find({a: 1})\\nx = [1,\\n2 3]          | 3 | 2
            """)
    void the_code_frame_marks_babels_place_under_the_line(String script, int line, int column) {
        String text = shardLabLine(script(script));
        String[] lines = text.split("\n");
        String marked = List.of(lines).stream()
                .filter(l -> l.startsWith(">"))
                .findFirst()
                .orElseThrow();
        String caret = lines[List.of(lines).indexOf(marked) + 1];

        assertEquals("> " + line + " | " + script(script).split("\n")[line - 1], marked);
        assertEquals(column, caret.indexOf('^') - caret.indexOf('|') - 2);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\u0000', textBlock = CASES)
    void the_real_mongosh_prints_the_same_first_line(String script, String ignored) throws Exception {
        Path mongosh = RealMongosh.locate();
        Process p = new ProcessBuilder(mongosh.toString(), "--nodb", "--quiet", "--norc", "--eval", script(script))
                .redirectErrorStream(true)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        p.waitFor(60, TimeUnit.SECONDS);
        String first = new String(out, StandardCharsets.UTF_8)
                .lines()
                .filter(l -> !l.isBlank())
                .findFirst()
                .orElse("");

        assertEquals(first, firstLine(shardLabLine(script(script))));
    }
}
