package io.shardlab.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Outputs are replaced whole or not at all, and a failure says why without a temporary file's path. */
class AtomicFileTest {

    @TempDir
    Path dir;

    private List<String> entries() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aWriteReplacesTheFileWhole() throws IOException {
        Path target = dir.resolve("layout.png");
        Files.writeString(target, "old");

        AtomicFile.write(target, out -> out.write("new".getBytes(StandardCharsets.UTF_8)));

        assertEquals("new", Files.readString(target));
        assertEquals(List.of("layout.png"), entries());
    }

    @Test
    void aWriteThatFailsHalfwayLeavesTheOldFileAsItWasAndNoTemporaryFile() throws IOException {
        Path target = dir.resolve("layout.png");
        Files.writeString(target, "old");

        FileException e = assertThrows(
                FileException.class,
                () -> AtomicFile.write(target, out -> {
                    out.write(new byte[100_000]);
                    throw new IOException("No space left on device");
                }));

        assertEquals(target + ": cannot be written: the disk is full", e.getMessage());
        assertEquals("old", Files.readString(target));
        assertEquals(List.of("layout.png"), entries());
    }

    @Test
    void aPainterThatFailsLeavesTheOldFileAndItsOwnMessage() throws IOException {
        Path target = dir.resolve("layout.png");
        Files.writeString(target, "old");

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> AtomicFile.write(target, out -> {
                    throw new IllegalArgumentException("height: too small");
                }));

        assertEquals("height: too small", e.getMessage());
        assertEquals("old", Files.readString(target));
        assertEquals(List.of("layout.png"), entries());
    }

    @Test
    void aMissingFolderAndAFolderAsTargetAreNamedBeforeAnythingIsWritten() throws IOException {
        Path missing = dir.resolve("nowhere/layout.png");
        assertEquals(
                missing + ": cannot be written: the folder " + dir.resolve("nowhere") + " does not exist",
                assertThrows(FileException.class, () -> AtomicFile.checkWritable(missing))
                        .getMessage());
        assertEquals(
                missing + ": cannot be written: the folder " + dir.resolve("nowhere") + " does not exist",
                assertThrows(FileException.class, () -> AtomicFile.write(missing, out -> out.write(1)))
                        .getMessage());
        Path folder = Files.createDirectory(dir.resolve("out.png"));
        assertEquals(
                folder + ": cannot be written: it is a folder",
                assertThrows(FileException.class, () -> AtomicFile.write(folder, out -> out.write(1)))
                        .getMessage());
    }

    @ParameterizedTest(name = "{0} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            read-only mount  | Read-only file system    | read-only file system
            full disk        | No space left on device  | the disk is full
            quota            | Disk quota exceeded      | the disk is full
            other            | Input/output error       | input/output error
            """)
    void theOperatingSystemsReasonIsToldWithoutAnyPath(String what, String reason, String words) {
        assertEquals(
                words, english(AtomicFile.reason(new FileSystemException("/out/.layout.png123.tmp", null, reason))));
    }

    @Test
    void aRefusalWithoutAReasonNamesNoPath() {
        assertEquals(
                "permission denied", english(AtomicFile.reason(new AccessDeniedException("/out/.layout.png123.tmp"))));
        assertEquals(
                "input/output error", english(AtomicFile.reason(new FileSystemException("/out/.layout.png123.tmp"))));
    }

    private static String english(Message reason) {
        return Messages.of(Language.ENGLISH).text(reason);
    }

    @Test
    void aNewFileGetsThePermissionsAnyNewFileGetsThereNotOwnerOnly() throws IOException {
        assumeTrue(posix());
        // given the permissions the user's umask gives a file any program creates in the folder
        Set<PosixFilePermission> usual = Files.getPosixFilePermissions(Files.createFile(dir.resolve("probe")));

        // when an export is written there
        Path target = dir.resolve("layout.png");
        AtomicFile.write(target, out -> out.write(1));

        // then it has them too (Files.createTempFile had made every output rw-------)
        assertEquals(PosixFilePermissions.toString(usual), permissions(target));
    }

    @Test
    void aReplacedFileKeepsItsPermissions() throws IOException {
        assumeTrue(posix());
        Path target = dir.resolve("layout.png");
        Files.writeString(target, "old");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-rw----"));

        AtomicFile.write(target, out -> out.write(1));

        assertEquals("rw-rw----", permissions(target));
    }

    @Test
    void anOwnerOnlyFileIsReadableByItsOwnerOnlyWhateverItReplaces() throws IOException {
        assumeTrue(posix());
        Path target = dir.resolve("shell-history");
        Files.writeString(target, "old");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));

        AtomicFile.writeOwnerOnly(target, out -> out.write(1));

        assertEquals("rw-------", permissions(target));
        assertEquals(List.of("shell-history"), entries());
    }

    private boolean posix() throws IOException {
        return Files.getFileStore(dir).supportsFileAttributeView(PosixFileAttributeView.class);
    }

    private static String permissions(Path file) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    }
}
