package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.mongos.MongoCommandException;
import org.bson.BsonDocument;

/**
 * A jstest's sequence of commands on one session, as a table: each line {@code txnNumber | database | command |
 * expected}, where {@code expected} is {@code ok} or the refusal's code name, optionally followed by
 * {@code : text} that the message must contain; {@code -} as the number sends none. Lines starting with
 * {@code #} are comments.
 */
final class StatementScript {

    private StatementScript() {}

    /** Runs every line of {@code script} on {@code mongos} in session {@code lsid}, checking each outcome. */
    static void run(SessionMongos mongos, BsonDocument lsid, String script) {
        for (String line : script.strip().split("\n")) {
            if (line.isBlank() || line.strip().startsWith("#")) {
                continue;
            }
            String[] cells = line.split("\\|", 4);
            String number = cells[0].strip();
            Long txnNumber = number.equals("-") ? null : Long.parseLong(number);
            String db = cells[1].strip();
            String command = cells[2].strip();
            String expected = cells[3].strip();
            String code = expected.contains(":")
                    ? expected.substring(0, expected.indexOf(':')).strip()
                    : expected;
            String text = expected.contains(":")
                    ? expected.substring(expected.indexOf(':') + 1).strip()
                    : "";
            if (code.equals("ok")) {
                BsonDocument reply = mongos.run(db, command, lsid, txnNumber);
                assertEquals(1.0, reply.getNumber("ok").doubleValue(), line + " -> " + reply.toJson());
                continue;
            }
            MongoCommandException e = mongos.refusal(db, command, lsid, txnNumber);
            assertEquals(code, e.code().codeName(), line + " -> " + e.getMessage());
            assertTrue(e.getMessage().contains(text), line + " -> " + e.getMessage());
        }
    }
}
