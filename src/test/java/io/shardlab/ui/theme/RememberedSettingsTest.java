package io.shardlab.ui.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The settings kept in ~/.shardlab/settings: a whole number by name, its default before it is first remembered. */
class RememberedSettingsTest {

    @TempDir
    Path home;

    private final List<String> problems = new ArrayList<>();

    private void tell(Message problem) {
        problems.add(Messages.of(Language.ENGLISH).text(problem));
    }

    private Path file() {
        return home.resolve(".shardlab").resolve("settings");
    }

    @Test
    void a_setting_remembered_is_what_the_next_start_reads() throws IOException {
        // given a first start: the default
        RememberedSettings first = RememberedSettings.inFile(file(), this::tell);
        assertEquals(1024, first.number("placement-board.disk-mib", 1024, 1, 1 << 20));

        // when the user sets 4096 MiB
        first.remember("placement-board.disk-mib", 4096);

        // then the next start reads it
        assertEquals(
                4096,
                RememberedSettings.inFile(file(), this::tell).number("placement-board.disk-mib", 1024, 1, 1 << 20));
        assertEquals(
                "# ShardLab's settings, for the next start\nplacement-board.disk-mib=4096\n",
                Files.readString(file(), StandardCharsets.UTF_8));
        assertEquals(List.of(), problems);
    }

    @ParameterizedTest(name = "the file says {0}")
    @CsvSource(delimiter = '|', textBlock = """
            # value in the file | what the setting is | what the status bar is told
            2048                | 2048                | ''
            0                   | 1024                | is "0", not a whole number from 1 to 1,048,576; it is 1,024 instead
            lots                | 1024                | is "lots", not a whole number from 1 to 1,048,576; it is 1,024 instead
            """)
    void a_value_out_of_its_bounds_is_the_default_and_is_told(String value, long expected, String told)
            throws IOException {
        Files.createDirectories(file().getParent());
        Files.writeString(file(), "placement-board.disk-mib=" + value + "\n", StandardCharsets.UTF_8);

        long read = RememberedSettings.inFile(file(), this::tell).number("placement-board.disk-mib", 1024, 1, 1 << 20);

        assertEquals(expected, read);
        assertEquals(
                told.isEmpty() ? List.of() : List.of("settings: " + file() + ": placement-board.disk-mib " + told),
                problems);
    }

    @Test
    void in_memory_nothing_is_written() {
        RememberedSettings.inMemory().remember("placement-board.disk-mib", 4096);

        assertEquals(false, Files.exists(file()));
    }
}
