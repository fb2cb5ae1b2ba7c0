package io.shardlab.ui.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The windows' sizes kept between runs in ~/.shardlab/windows: written, read back, and never in the way. */
class RememberedWindowsTest {

    @TempDir
    Path home;

    private final List<String> problems = new ArrayList<>();

    private void tell(Message problem) {
        problems.add(Messages.of(Language.ENGLISH).text(problem));
    }

    private Path file() {
        return home.resolve(".shardlab").resolve("windows");
    }

    @Test
    void whatIsSavedIsWhatTheNextRunReads() {
        // given the main window maximised and the advisor beside it
        RememberedWindows first = RememberedWindows.inFile(file(), this::tell);
        first.remember("main", new WindowGeometry(48, 40, 1504, 920, true));
        first.remember("advisor", new WindowGeometry(200.5, 150, 1100, 700, false));

        // when they are saved (the folder is made) and the next run reads them
        first.save();
        RememberedWindows next = RememberedWindows.inFile(file(), this::tell);

        // then it has both, as they were
        assertEquals(Optional.of(new WindowGeometry(48, 40, 1504, 920, true)), next.geometry("main"));
        assertEquals(Optional.of(new WindowGeometry(200.5, 150, 1100, 700, false)), next.geometry("advisor"));
        assertEquals(List.of(), problems);
    }

    @Test
    void beforeTheFirstRunNoWindowIsRememberedAndNothingIsWrong() {
        RememberedWindows none = RememberedWindows.inFile(file(), this::tell);

        assertEquals(Optional.empty(), none.geometry("main"));
        none.save();
        assertFalse(Files.exists(file()), "nothing changed: nothing written");
        assertEquals(List.of(), problems);
    }

    @Test
    void aWindowNotOpenedThisRunKeepsItsLines() {
        RememberedWindows first = RememberedWindows.inFile(file(), this::tell);
        first.remember("advisor", new WindowGeometry(10, 20, 900, 600, false));
        first.save();

        RememberedWindows second = RememberedWindows.inFile(file(), this::tell);
        second.remember("main", new WindowGeometry(0, 0, 1280, 720, false));
        second.save();

        assertEquals(
                Optional.of(new WindowGeometry(10, 20, 900, 600, false)),
                RememberedWindows.inFile(file(), this::tell).geometry("advisor"));
    }

    @Test
    void anUnreadableWindowOpensAtItsUsualSizeAndTheProblemIsToldNotThrown() throws IOException {
        Files.createDirectories(file().getParent());
        Files.writeString(file(), """
                main.x=48
                main.y=40
                main.width=wide
                main.height=920
                advisor.x=10
                advisor.y=20
                advisor.width=900
                advisor.height=600
                """);

        RememberedWindows read = RememberedWindows.inFile(file(), this::tell);

        assertEquals(Optional.empty(), read.geometry("main"));
        assertEquals(Optional.of(new WindowGeometry(10, 20, 900, 600, false)), read.geometry("advisor"));
        assertEquals(
                List.of("window sizes: " + file() + ": main.width is not a number: 'wide'; the main window opens at "
                        + "its usual size"),
                problems);
    }

    @Test
    void theFileIsTheUsersOwn() throws IOException {
        RememberedWindows windows = RememberedWindows.inFile(file(), this::tell);
        windows.remember("main", new WindowGeometry(0, 0, 1280, 720, false));
        windows.save();

        if (Files.getFileStore(file()).supportsFileAttributeView("posix")) {
            assertEquals(
                    "rw-------",
                    java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file())));
        }
    }

    @Test
    void aFileThatCannotBeWrittenIsToldNotThrown() throws IOException {
        Files.writeString(home.resolve(".shardlab"), "a file where the folder should be");
        RememberedWindows windows = RememberedWindows.inFile(file(), this::tell);
        windows.remember("main", new WindowGeometry(0, 0, 1280, 720, false));

        windows.save();

        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("window sizes: " + file()), problems.get(0));
    }

    @Test
    void inMemoryTheyAreKeptForThisRunOnly() {
        RememberedWindows windows = RememberedWindows.inMemory();
        windows.remember("main", new WindowGeometry(0, 0, 1280, 720, false));
        windows.save();

        assertEquals(Optional.of(new WindowGeometry(0, 0, 1280, 720, false)), windows.geometry("main"));
        assertFalse(Files.exists(file()));
    }

    @Test
    void aWindowsNameIsLowerCaseLettersDigitsAndDashes() {
        RememberedWindows windows = RememberedWindows.inMemory();
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> windows.remember("main.x", new WindowGeometry(0, 0, 1, 1, false)));
        assertEquals("window name: lower case letters, digits and dashes, got 'main.x'", e.getMessage());
    }
}
