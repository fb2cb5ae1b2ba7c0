package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The error codes ShardLab's mongos answers with, as mongo {@code src/mongo/base/error_codes.yml} numbers them. */
class ErrorCodeTest {

    @ParameterizedTest(name = "{1} is {0}")
    @CsvSource(textBlock = """
            2,       BadValue
            59,      CommandNotFound
            61,      ShardKeyNotFound
            70,      ShardNotFound
            96,      OperationFailed
            118,     NamespaceNotSharded
            163,     ZoneStillInUse
            177,     ZoneNotFound
            178,     RangeOverlapConflict
            40414,   IDLFailedToParse
            20,      IllegalOperation
            72,      InvalidOptions
            31387,   Location31387
            50973,   Location50973
            51260,   Location51260
            656450,  Location656450
            4952606, Location4952606
            112,     WriteConflict
            217,     IncompleteTransactionHistory
            225,     TransactionTooOld
            251,     NoSuchTransaction
            256,     TransactionCommitted
            263,     OperationNotSupportedInTransaction
            50768,   NotARetryableWriteCommand
            85,      IndexOptionsConflict
            86,      IndexKeySpecsConflict
            40573,   Location40573
            """)
    void numbers_follow_error_codes_yml(int number, String codeName) {
        assertEquals(number, ErrorCode.named(codeName).orElseThrow().number());
    }

    @Test
    void every_code_name_a_simulator_refusal_carries_is_one_the_mongos_answers_with() throws IOException {
        Pattern refusal = Pattern.compile("new Refusal\\(\"([A-Za-z0-9]+)\"");
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of("src/main/java/io/shardlab/sim"))) {
            for (Path f : files.toList()) {
                Matcher m = refusal.matcher(Files.readString(f));
                while (m.find()) {
                    names.add(m.group(1));
                }
            }
        }

        assertTrue(names.size() >= 5, "the simulator names codes: " + names);
        for (String name : names) {
            assertTrue(ErrorCode.named(name).isPresent(), name + " is not an ErrorCode");
        }
    }
}
