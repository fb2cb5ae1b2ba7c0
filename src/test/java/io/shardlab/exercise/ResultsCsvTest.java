package io.shardlab.exercise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.files.FileException;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The results file a teacher exports: one row per student and exercise, RFC 4180 quoting, written atomically. */
class ResultsCsvTest {

    @TempDir
    Path dir;

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private static final List<ClassProgress.Result> RESULTS = List.of(
            new ClassProgress.Result(
                    "ada",
                    "hashed-lookups",
                    true,
                    Optional.of(Instant.parse("2024-05-02T09:15:30Z")),
                    Optional.empty()),
            new ClassProgress.Result(
                    "bob",
                    "hashed-lookups",
                    false,
                    Optional.empty(),
                    Optional.of(Message.of(
                            "exercise.hint",
                            "Hash user_name, \"not\" _id",
                            Message.of("exercise.shardedOn", "users", "{ _id: 'hashed' }")))));

    @Test
    void eachStudentAndExerciseIsARowWithTheirNameStatusTimeAndHint() {
        // given the students' names from the roster (bob connected without an appName)
        Map<String, String> names = Map.of("ada", "Ada Lovelace");

        // when the results are written
        String csv = ResultsCsv.text(RESULTS, db -> names.getOrDefault(db, db), ENGLISH);

        // then one row each, the hint quoted since it holds commas and quotes
        assertEquals(
                "student,database,exercise,status,when passed,hint\r\n"
                        + "Ada Lovelace,ada,hashed-lookups,pass,2024-05-02T09:15:30Z,\r\n"
                        + "bob,bob,hashed-lookups,not yet,,"
                        + "\"Hash user_name, \"\"not\"\" _id (now: users is sharded on { _id: 'hashed' })\"\r\n",
                csv);
    }

    @Test
    void theFileIsReplacedWhole() throws Exception {
        Path target = dir.resolve("results.csv");
        Files.writeString(target, "an older export");

        ResultsCsv.write(target, RESULTS, db -> db, ENGLISH);

        assertEquals(ResultsCsv.text(RESULTS, db -> db, ENGLISH), Files.readString(target, StandardCharsets.UTF_8));
        try (var files = Files.list(dir)) {
            assertEquals(List.of(target), files.toList(), "no temporary file is left behind");
        }
    }

    @Test
    void aFolderThatDoesNotExistIsNamedInTheMessage() {
        Path target = dir.resolve("gone").resolve("results.csv");

        FileException e = assertThrows(FileException.class, () -> ResultsCsv.write(target, RESULTS, db -> db, ENGLISH));

        assertEquals(
                target + ": cannot be written: the folder " + target.getParent() + " does not exist", e.getMessage());
    }
}
