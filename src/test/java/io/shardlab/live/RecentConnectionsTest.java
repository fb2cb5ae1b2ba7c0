package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.files.FileException;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recent connections file: secrets never kept, and its problems said in the user's language. */
class RecentConnectionsTest {

    @TempDir
    Path dir;

    @Test
    void aConnectionIsRememberedWithoutItsPasswordNewestFirst() {
        RecentConnections recent = new RecentConnections(dir.resolve("recent.txt"));

        recent.remember("mongodb://a.example.net:27017");
        recent.remember("mongodb://dba:secret@b.example.net:27017");

        assertEquals(List.of("mongodb://dba@b.example.net:27017", "mongodb://a.example.net:27017"), recent.list());
    }

    @Test
    void aFileThatCannotBeWrittenIsNamedInEnglishAndInChinese() throws Exception {
        // given a folder for the file that is a plain file
        Path notAFolder = Files.writeString(dir.resolve("settings"), "x");
        RecentConnections recent = new RecentConnections(notAFolder.resolve("recent.txt"));

        // when a connection is remembered
        FileException e = assertThrows(FileException.class, () -> recent.remember("mongodb://a.example.net:27017"));

        // then the problem names the file, in either language
        Path file = notAFolder.resolve("recent.txt");
        assertTrue(e.getMessage().startsWith("recent connections: " + file + " cannot be written: "), e.getMessage());
        String chinese = Messages.of(Language.SIMPLIFIED_CHINESE).text(e.said());
        assertTrue(chinese.startsWith("最近的连接：无法写入 " + file + "："), chinese);
    }
}
