package io.shardlab.routing;

import java.util.Locale;

/**
 * A count with its noun in the right number, thousands separated, as ShardLab's sentences say it: "1 shard",
 * "3 shards", "1,055 chunk changes", "2 changelog entries". The one plural helper of routing's reasons, the
 * layout reader's notes and the CLI's lines.
 */
public final class Counts {

    private Counts() {}

    /** {@code n} and {@code noun}, with an "s" unless {@code n} is 1: "1 chunk", "0 chunks", "1,024 chunks". */
    public static String of(long n, String noun) {
        return of(n, noun, noun + "s");
    }

    /** {@code n} and {@code one} when {@code n} is 1, else {@code many}: "1 changelog entry", "3 changelog entries". */
    public static String of(long n, String one, String many) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? one : many);
    }
}
