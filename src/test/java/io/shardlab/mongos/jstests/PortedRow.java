package io.shardlab.mongos.jstests;

import io.shardlab.cluster.MongoVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One row of a ported MongoDB test: the release lines it holds for, the test it comes from, the commands that set
 * the cluster up, the command asserted, and MongoDB's answer to it.
 *
 * <p>The cells, as the tables write them (delimiter {@code |}):
 * <ul>
 *   <li>{@code releases}: {@code all}, a line ({@code 5.0}), from a line on ({@code 6.0+}), a range of lines
 *       ({@code 4.4-5.0}), or from a patch on ({@code 8.0.10+});</li>
 *   <li>{@code test}: where in MongoDB's file the assertion is (the {@code jsTest.log} block, the C++ test name);</li>
 *   <li>{@code given}: steps separated by {@code ;;}, each {@code DB {command}} and expected to succeed; a step
 *       starting with {@code ?} may fail (its outcome is the assertion of another row); {@code shards N} (first) sets
 *       the number of shards (default 2: {@code shard01}, {@code shard02}), {@code chunksize MB} the max chunk size,
 *       {@code advance MS} lets simulated time pass;</li>
 *   <li>{@code when}: one step;</li>
 *   <li>{@code then}: {@link Expectation}'s syntax.</li>
 * </ul>
 * {@code <x*230>} in a command stands for 230 {@code x}s (jstests build long names with {@code 'x'.repeat(n)}); a
 * message's final {@code <space>} is a space (the table's cells are trimmed).
 *
 * @param releases the release lines the row holds for
 * @param test the MongoDB test it is ported from
 * @param given the set-up steps
 * @param when the asserted step
 * @param then MongoDB's answer
 */
record PortedRow(String releases, String test, List<Step> given, Step when, Expectation then) {

    private static final Pattern REPEAT = Pattern.compile("<(.)\\*(\\d+)>");

    /** One command of a row: the database it runs on, its text, and whether it may fail. */
    record Step(String database, String command, boolean mayFail) {

        static Step parse(String text) {
            String t = text.strip();
            boolean mayFail = t.startsWith("?");
            if (mayFail) {
                t = t.substring(1).strip();
            }
            int space = t.indexOf(' ');
            if (space < 0) {
                throw new IllegalArgumentException("step: expected 'DB {command}', got " + text);
            }
            return new Step(t.substring(0, space), expand(t.substring(space + 1).strip()), mayFail);
        }
    }

    /** The row as its table cells give it. */
    static PortedRow of(String releases, String test, String given, String when, String then) {
        List<Step> steps = new ArrayList<>();
        if (given != null && !given.isBlank()) {
            for (String s : given.split(";;")) {
                steps.add(Step.parse(s));
            }
        }
        return new PortedRow(releases.strip(), test.strip(), steps, Step.parse(when), Expectation.parse(expand(then)));
    }

    /** Whether the row holds for {@code version}. */
    boolean holdsFor(MongoVersion version) {
        String r = releases;
        if (r.equals("all")) {
            return true;
        }
        if (r.endsWith("+")) {
            return version.atLeast(MongoVersion.parse(r.substring(0, r.length() - 1)));
        }
        int dash = r.indexOf('-');
        if (dash > 0) {
            MongoVersion from = MongoVersion.parse(r.substring(0, dash));
            MongoVersion to = MongoVersion.parse(r.substring(dash + 1));
            return version.atLeast(from) && to.atLeast(version.line());
        }
        return version.line().equals(MongoVersion.parse(r));
    }

    /** The number of shards the cluster starts with: a given step {@code shards N}, else 2. */
    int shards() {
        return (int) setting("shards", 2);
    }

    /** The max chunk size in MB: a given step {@code chunksize MB} ({@code ShardingTest({chunkSize})}), else 0. */
    long chunkSizeMegabytes() {
        return setting("chunksize", 0);
    }

    /** Whether {@code step} sets the cluster up rather than runs a command. */
    static boolean isSetting(Step step) {
        return step.database().equals("shards") || step.database().equals("chunksize");
    }

    private long setting(String name, long otherwise) {
        return given.stream()
                .filter(s -> s.database().equals(name))
                .mapToLong(s -> Long.parseLong(s.command()))
                .findFirst()
                .orElse(otherwise);
    }

    private static String expand(String command) {
        Matcher m = REPEAT.matcher(command);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(m.group(1).repeat(Integer.parseInt(m.group(2)))));
        }
        m.appendTail(out);
        return out.toString();
    }

    @Override
    public String toString() {
        return "[" + releases + "] " + test + ": " + when.database() + " " + when.command() + " => " + then;
    }
}
