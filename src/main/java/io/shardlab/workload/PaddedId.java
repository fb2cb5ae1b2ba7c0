package io.shardlab.workload;

/**
 * Names such as {@code "c00042"}: a prefix and a zero-padded number, so that text order equals
 * numeric order. Faster than {@code String.format} on the insert hot path.
 */
public final class PaddedId {

    private PaddedId() {}

    /**
     * {@code prefix} followed by {@code value} in decimal, left-padded with zeros to {@code width}
     * digits (more digits when the value needs them).
     *
     * @throws IllegalArgumentException if {@code value} is negative
     */
    public static String of(String prefix, long value, int width) {
        if (value < 0) {
            throw new IllegalArgumentException(
                    "value: not negative, got " + value); // untranslated: a developer's contract
        }
        String digits = Long.toString(value);
        int pad = width - digits.length();
        if (pad <= 0) {
            return prefix.concat(digits);
        }
        StringBuilder b = new StringBuilder(prefix.length() + width);
        b.append(prefix);
        for (int i = 0; i < pad; i++) {
            b.append('0');
        }
        return b.append(digits).toString();
    }
}
