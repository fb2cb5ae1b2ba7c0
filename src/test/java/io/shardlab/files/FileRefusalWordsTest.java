package io.shardlab.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file's refusal is a message: English as before, and in Chinese when the user chose Chinese. */
class FileRefusalWordsTest {

    @TempDir
    Path dir;

    @Test
    void aMissingFileIsRefusedInTheChosenLanguage() {
        Path missing = dir.resolve("chunks.json");

        FileException refusal = assertThrows(FileException.class, () -> InputFile.check(missing));

        assertEquals(missing + ": no such file", refusal.getMessage());
        assertEquals(
                missing + "：没有这个文件", Messages.of(Language.SIMPLIFIED_CHINESE).text(refusal.said()));
    }

    @Test
    void aFolderGivenAsAFileIsRefusedInTheChosenLanguage() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("out.png"));

        FileException refusal = assertThrows(FileException.class, () -> AtomicFile.write(folder, out -> out.write(1)));

        assertEquals(folder + ": cannot be written: it is a folder", refusal.getMessage());
        assertEquals(
                folder + "：无法写入：它是一个文件夹",
                Messages.of(Language.SIMPLIFIED_CHINESE).text(refusal.said()));
    }
}
