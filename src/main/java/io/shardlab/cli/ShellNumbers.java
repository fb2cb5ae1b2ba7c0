package io.shardlab.cli;

/**
 * Numbers as the legacy mongo shell prints them in {@code getShardDistribution()}: sizes through
 * {@code sh._dataFormat} and JavaScript's number-to-text.
 *
 * <p>{@code sh._dataFormat} (mongo {@code src/mongo/shell/utils_sh.js}, 4.x/5.0 era): below 1024
 * {@code floor(b) + "B"}; below 1 MiB {@code floor(b / 1024) + "KiB"}; below 1 GiB
 * {@code floor(floor(b / 1024) / 1024 * 100) / 100 + "MiB"}; otherwise
 * {@code floor(floor(b / 1024^2) / 1024 * 100) / 100 + "GiB"}; null is {@code "0B"}.
 */
final class ShellNumbers {

    private ShellNumbers() {}

    /** {@code sh._dataFormat(bytes)}. */
    static String dataFormat(double bytes) {
        if (bytes < 1024) {
            return js(Math.floor(bytes)) + "B";
        }
        if (bytes < 1024 * 1024) {
            return js(Math.floor(bytes / 1024)) + "KiB";
        }
        if (bytes < 1024.0 * 1024 * 1024) {
            return js(Math.floor((Math.floor(bytes / 1024) / 1024) * 100) / 100) + "MiB";
        }
        return js(Math.floor((Math.floor(bytes / (1024 * 1024)) / 1024) * 100) / 100) + "GiB";
    }

    /** {@code Math.floor(part / whole * 10000) / 100}, the shell's percentage; 0 when {@code whole} is 0. */
    static String percent(double part, double whole) {
        return whole == 0 ? "0" : js(Math.floor(part / whole * 10000) / 100);
    }

    /** A double as JavaScript prints it for the values these helpers make: {@code 3}, {@code 31.43}. */
    static String js(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return Double.toString(value);
    }
}
