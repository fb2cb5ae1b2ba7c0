package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a mongos of each release answers to an OP_QUERY command: all of them until 5.0; from 5.1 only the
 * handshake's and a few old drivers' (mongo {@code src/mongo/rpc/check_allowed_op_query_cmd.cpp}, 5.1's
 * {@code src/mongo/rpc/warn_deprecated_wire_ops.cpp}), the others refused with UnsupportedOpQueryCommand.
 */
class LegacyOpQueryTest {

    private static final String HINT = ". The client driver may require an upgrade. For more details see "
            + "https://dochub.mongodb.org/core/legacy-opcode-removal";

    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            4.4   | find         | answered
            5.0   | insert       | answered
            5.1   | find         | Unsupported OP_QUERY command: find
            5.3   | ping         | Unsupported OP_QUERY command: ping
            6.0   | find         | Unsupported OP_QUERY command: find+HINT
            6.0.2 | count        | Unsupported OP_QUERY command: count+HINT
            7.0   | listDatabases| Unsupported OP_QUERY command: listDatabases+HINT
            8.0   | ping         | Unsupported OP_QUERY command: ping+HINT
            8.0   | hello        | answered
            8.0   | isMaster     | answered
            8.0   | ismaster     | answered
            8.0   | buildinfo    | answered
            8.0   | buildInfo    | answered
            8.0   | saslStart    | answered
            8.0   | saslContinue | answered
            8.0   | authenticate | answered
            8.0   | _isSelf      | answered
            """)
    void opQueryCommandsFrom51AreTheHandshakesAndAFewOldDriversSend(String release, String command, String outcome) {
        LegacyOpQuery opQuery = new LegacyOpQuery(MongoVersion.parse(release));

        var refusal = opQuery.refusal(command);

        if (outcome.equals("answered")) {
            assertEquals(Optional.empty(), refusal.map(WireError::getMessage));
        } else {
            assertEquals(352, refusal.orElseThrow().code());
            assertEquals("UnsupportedOpQueryCommand", refusal.orElseThrow().codeName());
            assertEquals(outcome.replace("+HINT", HINT), refusal.orElseThrow().getMessage());
        }
    }

    @ParameterizedTest(name = "{0}: legacy find answered = {1}")
    @CsvSource(textBlock = """
            4.4, true
            5.0, true
            5.1, false
            8.0, false
            """)
    void aLegacyFindIsAnsweredUntil50(String release, boolean answered) {
        assertEquals(answered, new LegacyOpQuery(MongoVersion.parse(release)).answersFind());
    }
}
