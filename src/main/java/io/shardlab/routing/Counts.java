package io.shardlab.routing;

import java.util.Locale;

/** A count with its noun in the right number, as routing's sentences say it: "1 shard", "3 shards". */
final class Counts {

    private Counts() {
    }

    /** {@code n} and {@code noun}, with an "s" unless {@code n} is 1: "1 chunk", "0 chunks", "1,024 chunks". */
    static String of(long n, String noun) {
        return String.format(Locale.ROOT, "%,d %s%s", n, noun, n == 1 ? "" : "s");
    }
}
