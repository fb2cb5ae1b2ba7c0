package io.shardlab.mongos.jstests;

import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonNumber;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * MongoDB's answer to a command, as a ported row states it:
 * <ul>
 *   <li>{@code ok}: the command worked ({@code assert.commandWorked});</li>
 *   <li>{@code ok {fields}}: it worked and its reply has these fields with these values (a top-level name may be a
 *       dotted path, a number in it an array index; a document matches when it has at least the fields given; an
 *       array matches element by element; numbers compare by value); a field given as {@code '<absent>'} must not
 *       be there ({@code assert.eq(x.f, undefined)});</li>
 *   <li>{@code CodeName}: it failed with this code ({@code assert.commandFailedWithCode});</li>
 *   <li>{@code CodeName: text}: with this code and exactly this message;</li>
 *   <li>{@code CodeName~ text}: with this code and a message containing the text ({@code errmsg.includes});</li>
 *   <li>{@code writeError CodeName[: text]}: an {@code ok: 1} reply whose first write error has this code;</li>
 * </ul>
 * {@code NoCode} is a failure MongoDB reports with {@code errmsg} alone (no {@code code} field); {@code error} is any
 * failure ({@code assert.commandFailed}, where the file names no code). A message's {@code \n} is a line break.
 *
 * @param ok whether the command works
 * @param fields for a working command, the reply's fields to check
 * @param codeName for a failure, its code name
 * @param message for a failure, the message or part of it, or null
 * @param contains whether {@code message} is a part
 * @param writeError whether the failure is a write error of an {@code ok: 1} reply
 */
record Expectation(
        boolean ok, BsonDocument fields, String codeName, String message, boolean contains, boolean writeError) {

    /** A field's value in {@code ok {fields}} saying the reply has no such field. */
    private static final BsonString ABSENT = new BsonString("<absent>");

    static Expectation parse(String text) {
        String t = text.strip();
        if (t.equals("ok")) {
            return new Expectation(true, new BsonDocument(), null, null, false, false);
        }
        if (t.startsWith("ok ")) {
            return new Expectation(true, BsonDocument.parse(t.substring(3)), null, null, false, false);
        }
        boolean writeError = t.startsWith("writeError ");
        if (writeError) {
            t = t.substring("writeError ".length()).strip();
        }
        int colon = t.indexOf(':');
        int tilde = t.indexOf('~');
        if (tilde > 0 && (colon < 0 || tilde < colon)) {
            return new Expectation(
                    false, null, t.substring(0, tilde).strip(), message(t.substring(tilde + 1)), true, writeError);
        }
        if (colon > 0) {
            return new Expectation(
                    false, null, t.substring(0, colon).strip(), message(t.substring(colon + 1)), false, writeError);
        }
        return new Expectation(false, null, t, null, false, writeError);
    }

    /** A message as the table writes it: trimmed, a final {@code <space>} standing for a space. */
    private static String message(String text) {
        return text.strip().replace("<space>", " ").replace("\\n", "\n");
    }

    /** Why {@code reply} (or the failure {@code codeName} / {@code errmsg}) is not this answer; empty when it is. */
    Optional<String> mismatch(Answer answer) {
        if (ok) {
            if (!answer.ok()) {
                return Optional.of("expected ok, got " + answer);
            }
            if (answer.writeErrorCode() != null) {
                return Optional.of("expected ok, got a write error " + answer);
            }
            for (String path : fields.keySet()) {
                Optional<BsonValue> actual = at(answer.reply(), path);
                if (ABSENT.equals(fields.get(path))) {
                    if (actual.isPresent()) {
                        return Optional.of("expected no field " + path + " in "
                                + answer.reply().toJson());
                    }
                    continue;
                }
                if (actual.isEmpty()) {
                    return Optional.of(
                            "expected field " + path + " in " + answer.reply().toJson());
                }
                if (!matches(fields.get(path), actual.get())) {
                    return Optional.of("expected " + path + " = " + json(fields.get(path)) + ", got "
                            + json(actual.get()) + " in " + answer.reply().toJson());
                }
            }
            return Optional.empty();
        }
        String gotCode = writeError ? answer.writeErrorCode() : (answer.ok() ? null : answer.codeName());
        String gotMessage = writeError ? answer.writeErrorMessage() : answer.message();
        if (gotCode == null) {
            return Optional.of("expected " + (writeError ? "write error " : "failure ") + codeName + ", got " + answer);
        }
        String expectedCode = codeName.equals("NoCode") ? "" : codeName;
        if (!codeName.equals("error") && !expectedCode.equals(gotCode)) {
            return Optional.of("expected code " + codeName + ", got " + answer);
        }
        if (message != null && !(contains ? gotMessage.contains(message) : gotMessage.equals(message))) {
            return Optional.of("expected message " + (contains ? "containing " : "") + "<" + message + ">, got <"
                    + gotMessage + ">");
        }
        return Optional.empty();
    }

    private static Optional<BsonValue> at(BsonDocument document, String path) {
        BsonValue current = document;
        for (String part : path.split("\\.")) {
            if (current instanceof BsonDocument d && d.containsKey(part)) {
                current = d.get(part);
            } else if (current instanceof BsonArray a && part.matches("\\d+") && Integer.parseInt(part) < a.size()) {
                current = a.get(Integer.parseInt(part));
            } else {
                return document.containsKey(path) ? Optional.of(document.get(path)) : Optional.empty();
            }
        }
        return Optional.of(current);
    }

    private static boolean matches(BsonValue expected, BsonValue actual) {
        if (expected instanceof BsonNumber e && actual instanceof BsonNumber a) {
            return e.doubleValue() == a.doubleValue();
        }
        if (expected instanceof BsonDocument e && actual instanceof BsonDocument a) {
            for (String k : e.keySet()) {
                if (!a.containsKey(k) || !matches(e.get(k), a.get(k))) {
                    return false;
                }
            }
            return true;
        }
        if (expected instanceof BsonArray e && actual instanceof BsonArray a) {
            if (e.size() != a.size()) {
                return false;
            }
            for (int i = 0; i < e.size(); i++) {
                if (!matches(e.get(i), a.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return expected.equals(actual);
    }

    private static String json(BsonValue v) {
        return new BsonDocument("v", v).toJson().replaceFirst("^\\{\"v\": ", "").replaceFirst("}$", "");
    }

    /**
     * What a command got: its reply, or the failure's code name ({@code ""} for an errmsg-only failure) and message;
     * for a write, its first write error.
     */
    record Answer(
            boolean ok,
            BsonDocument reply,
            String codeName,
            String message,
            String writeErrorCode,
            String writeErrorMessage) {

        @Override
        public String toString() {
            if (!ok) {
                return "failure " + (codeName.isEmpty() ? "(no code)" : codeName) + ": " + message;
            }
            return writeErrorCode != null
                    ? "write error " + writeErrorCode + ": " + writeErrorMessage
                    : "ok " + reply.toJson();
        }
    }

    @Override
    public String toString() {
        if (ok) {
            return fields.isEmpty() ? "ok" : "ok " + fields.toJson();
        }
        return (writeError ? "writeError " : "")
                + codeName
                + (message == null ? "" : (contains ? "~ " : ": ") + message);
    }
}
