package io.shardlab.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The rules every input file is read by: regular files, UTF-8 with the offset of a bad byte, bounded lines, whole gzip. */
class InputFileTest {

    @TempDir
    Path dir;

    private static String readAll(Reader in) throws IOException {
        StringBuilder out = new StringBuilder();
        char[] buffer = new char[777];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            out.append(buffer, 0, n);
        }
        return out.toString();
    }

    private static Reader text(byte[] bytes, int maxLine) {
        return InputFile.text(new ByteArrayInputStream(bytes), "in.txt", maxLine);
    }

    @Test
    void utf8TextOfEveryPlaneReadsBackUnchangedWhateverTheBufferBoundaries() throws IOException {
        // given: seeded random text mixing 1- to 4-byte UTF-8 sequences, long enough to cross 64 KiB buffers
        Random random = new Random(14);
        StringBuilder text = new StringBuilder();
        int[] samples = {'a', '\n', 'é', '€', 0x1F600, 'Z', ' '};
        while (text.length() < 300_000) {
            text.appendCodePoint(samples[random.nextInt(samples.length)]);
        }
        // when / then
        assertEquals(text.toString(), readAll(text(text.toString().getBytes(StandardCharsets.UTF_8), 1 << 20)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a latin-1 ü in the first line        | 61 fc 0a                   | 1 | 1
            a lone continuation byte on line 3   | 61 0a 62 0a 63 80 0a       | 5 | 3
            a 3-byte sequence cut short at EOF   | 61 62 e2 82                | 2 | 1
            an overlong encoding of '/'          | 0a 0a c0 af                | 2 | 3
            a UTF-16 surrogate encoded in UTF-8  | 7b ed a0 80 7d             | 1 | 1
            """)
    void theFirstByteThatIsNotUtf8IsNamedByOffsetAndLine(String what, String hex, long offset, long line) {
        String[] parts = hex.split(" ");
        byte[] bytes = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) {
            bytes[i] = (byte) Integer.parseInt(parts[i], 16);
        }
        FileException e = assertThrows(FileException.class, () -> readAll(text(bytes, 100)));
        assertEquals("in.txt: not UTF-8 text at byte offset " + offset + " (line " + line + ")", e.getMessage());
    }

    @Test
    void aBadByteFarIntoTheFileIsReportedAtItsOffsetAfterTheGoodLinesBeforeIt() throws IOException {
        byte[] good = "x".repeat(99).concat("\n").repeat(2000).getBytes(StandardCharsets.UTF_8);
        byte[] bytes = java.util.Arrays.copyOf(good, good.length + 1);
        bytes[good.length] = (byte) 0xFF;
        BufferedReader lines = new BufferedReader(text(bytes, 1000));
        for (int i = 0; i < 2000; i++) {
            assertEquals(99, lines.readLine().length());
        }
        FileException e = assertThrows(FileException.class, lines::readLine);
        assertEquals("in.txt: not UTF-8 text at byte offset 200000 (line 2001)", e.getMessage());
    }

    @Test
    void aLineLongerThanTheLimitIsRefusedBeforeItIsHeld() {
        byte[] bytes = ("short\n" + "y".repeat(11) + "\n").getBytes(StandardCharsets.UTF_8);
        FileException e = assertThrows(FileException.class, () -> readAll(text(bytes, 10)));
        assertEquals("in.txt: line 2 is longer than 10 characters", e.getMessage());
    }

    @Test
    void aLineOfExactlyTheLimitIsRead() throws IOException {
        assertEquals(
                "0123456789\n0123456789", readAll(text("0123456789\n0123456789".getBytes(StandardCharsets.UTF_8), 10)));
    }

    @Test
    void aFileNamedGzThatIsNotGzipIsNamed() throws IOException {
        Path file = dir.resolve("plain.jsonl.gz");
        Files.writeString(file, "{\"a\": 1}\n");
        FileException e = assertThrows(FileException.class, () -> InputFile.openText(file, 100));
        assertEquals(file + ": not valid gzip data (not in GZIP format)", e.getMessage());
    }

    @Test
    void aWholeGzipFileReadsBackAndATruncatedOneIsNamed() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String text = "{\"a\": 1}\n".repeat(10_000);
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        }
        Path whole = dir.resolve("whole.jsonl.gz");
        Files.write(whole, bytes.toByteArray());
        try (Reader in = InputFile.openText(whole, 100)) {
            assertEquals(text, readAll(in));
        }
        Path cut = dir.resolve("cut.jsonl.gz");
        Files.write(cut, java.util.Arrays.copyOf(bytes.toByteArray(), bytes.size() - 4));
        FileException e = assertThrows(FileException.class, () -> {
            try (Reader in = InputFile.openText(cut, 100)) {
                readAll(in);
            }
        });
        assertEquals(cut + ": the gzip data ends early; the file is truncated", e.getMessage());
    }

    @Test
    void aMissingFileAndAFolderAreNamedWithoutOpeningThem() throws IOException {
        Path missing = dir.resolve("none.json");
        assertEquals(
                missing + ": no such file",
                assertThrows(FileException.class, () -> InputFile.check(missing))
                        .getMessage());
        Path folder = Files.createDirectory(dir.resolve("folder.json"));
        assertEquals(
                folder + ": is a folder, not a file",
                assertThrows(FileException.class, () -> InputFile.check(folder)).getMessage());
    }

    @Test
    void aSmallFileReadsWholeAndALargerOneIsRefused() throws IOException {
        Path pem = dir.resolve("ca.pem");
        Files.writeString(pem, "MIIB\nMIIC\nMIID\n");
        assertEquals("MIIB\nMIIC\nMIID\n", InputFile.readString(pem, 100));
        assertEquals(
                pem + ": is larger than 10 characters",
                assertThrows(FileException.class, () -> InputFile.readString(pem, 10))
                        .getMessage());
    }
}
