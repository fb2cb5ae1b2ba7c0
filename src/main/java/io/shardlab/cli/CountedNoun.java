package io.shardlab.cli;

import java.util.Locale;

/** A count and its noun as the CLI prints them: "1 chunk change", "1,055 chunk changes" (thousands separated). */
final class CountedNoun {

    private CountedNoun() {
    }

    /** {@code n} and {@code one}, or {@code one + "s"} when n is not 1. */
    static String of(long n, String one) {
        return of(n, one, one + "s");
    }

    /** {@code n} and {@code one} or {@code many}. */
    static String of(long n, String one, String many) {
        return String.format(Locale.ROOT, "%,d", n) + " " + (n == 1 ? one : many);
    }
}
