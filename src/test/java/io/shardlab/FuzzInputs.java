package io.shardlab;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Seeded random inputs for property-style parser tests: valid inputs mutated (truncated, a character
 * inserted, deleted or replaced, a piece repeated), nested at random depths (up to far beyond
 * MongoDB's limit), and random text. Every test states the parsers' contract: a result, or an
 * {@link IllegalArgumentException} whose message is one non-empty line naming the input — never
 * another exception (a stack overflow included).
 */
public final class FuzzInputs {

    /** Characters that matter to JSON, mongosh literals, regexes and CSV, plus a few others. */
    private static final String ALPHABET = "{}[]()'\":,$\\/. \t\n-+0123456789eEaAxz_?*|^#\u0000\u00e9\uFEFF";

    private static final List<String[]> BRACKETS = List.of(
            new String[] {"{a: ", "}"},
            new String[] {"[", "]"},
            new String[] {"{\"$and\": [", "]}"},
            new String[] {"NumberLong(", ")"},
            new String[] {"{\"a\": {\"$in\": [", "]}}"});

    private final Random random;
    private final List<String> valid;

    /**
     * @param seed fixes the sequence, so that a failure can be replayed
     * @param valid well-formed inputs to mutate
     */
    public FuzzInputs(long seed, List<String> valid) {
        this.random = new Random(seed);
        this.valid = List.copyOf(valid);
    }

    /** The next input: a mutation of a valid one (most often), a deep nesting, or random text. */
    public String next() {
        int kind = random.nextInt(10);
        if (kind < 7) {
            return mutate(valid.get(random.nextInt(valid.size())));
        }
        if (kind < 9) {
            return nest(valid.get(random.nextInt(valid.size())));
        }
        return randomText(random.nextInt(40));
    }

    /** One to three random edits of {@code text}. */
    public String mutate(String text) {
        StringBuilder s = new StringBuilder(text);
        int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits; e++) {
            int at = s.isEmpty() ? 0 : random.nextInt(s.length() + 1);
            switch (random.nextInt(5)) {
                case 0 -> s.setLength(at);
                case 1 -> s.insert(at, randomChar());
                case 2 -> {
                    if (at < s.length()) {
                        s.deleteCharAt(at);
                    }
                }
                case 3 -> {
                    if (at < s.length()) {
                        s.setCharAt(at, randomChar());
                    }
                }
                default -> {
                    int end = Math.min(s.length(), at + 1 + random.nextInt(8));
                    String piece = s.substring(at, end);
                    s.insert(at, piece.repeat(1 + random.nextInt(4)));
                }
            }
        }
        return s.toString();
    }

    /** {@code text} wrapped in one kind of bracket, 1 to 5,000 levels deep (closed or not). */
    public String nest(String text) {
        String[] b = BRACKETS.get(random.nextInt(BRACKETS.size()));
        int depth = random.nextInt(4) != 0 ? 1 + random.nextInt(260) : 1 + random.nextInt(5_000);
        String closing = random.nextInt(4) == 0 ? "" : b[1].repeat(depth);
        return b[0].repeat(depth) + text + closing;
    }

    /** {@code length} random characters of the alphabet. */
    public String randomText(int length) {
        StringBuilder s = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            s.append(randomChar());
        }
        return s.toString();
    }

    /** {@code length} random bytes. */
    public byte[] randomBytes(int length) {
        byte[] b = new byte[length];
        random.nextBytes(b);
        return b;
    }

    /** The shared random, for tests that build their own variations. */
    public Random random() {
        return random;
    }

    private char randomChar() {
        return ALPHABET.charAt(random.nextInt(ALPHABET.length()));
    }

    /**
     * Runs {@code parse} on {@code input}: it may return, or refuse with an
     * {@link IllegalArgumentException} of one non-empty line that contains {@code name} (the input's
     * name, e.g. its file); any other throwable fails the test with the input.
     */
    public static void assertResultOrOneLine(String input, String name, Consumer<String> parse) {
        try {
            parse.accept(input);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            assertTrue(message != null && !message.isBlank(), () -> "empty message for " + shown(input));
            assertFalse(
                    message.contains("\n") || message.contains("\r"),
                    () -> "two lines for " + shown(input) + ": " + message);
            assertTrue(message.contains(name), () -> "the message does not name " + name + ": " + message);
        } catch (Throwable t) {
            fail("input " + shown(input) + " threw " + t, t);
        }
    }

    /** The input for a failure message, cut to a readable length. */
    public static String shown(String input) {
        String escaped = input.replace("\n", "\\n").replace("\u0000", "\\0");
        return escaped.length() <= 200
                ? "'" + escaped + "'"
                : "'" + escaped.substring(0, 200) + "...' (" + input.length() + " chars)";
    }
}
