package io.shardlab.cluster;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A MongoDB server version as a server reports it: {@code major.minor}, optionally {@code .patch} and a
 * pre-release tag ({@code "6.0"}, {@code "6.0.2"}, {@code "8.2.0-rc1"}). Its rules are
 * {@link ReleaseRules#of(MongoVersion)}.
 *
 * <p>A version without a patch number names a <em>release line</em> at its newest patch: {@code 6.0} has
 * the rules of 6.0.3 and later, not those of 6.0.0–6.0.2. ShardLab knows the lines in
 * {@link #releaseLines()} (4.0 to 8.3, rapid releases included); any other version still parses and is
 * simulated with the rules of the nearest lower known line ({@link #modelledLine()}, with
 * {@link #modellingNote()} saying so). Versions before 4.0 are refused by {@link #parseModelled}.
 *
 * @param major e.g. 8; at least 3
 * @param minor e.g. 0; not negative
 * @param patch e.g. 2; {@link #LINE} (-1) when not given
 * @param preRelease e.g. {@code "rc1"}; empty for a release
 */
public record MongoVersion(int major, int minor, int patch, String preRelease) implements Comparable<MongoVersion> {

    /** {@link #patch} of a release line named without a patch number. */
    public static final int LINE = -1;

    public static final MongoVersion V4_0 = new MongoVersion(4, 0);
    public static final MongoVersion V4_2 = new MongoVersion(4, 2);
    public static final MongoVersion V4_4 = new MongoVersion(4, 4);
    public static final MongoVersion V5_0 = new MongoVersion(5, 0);
    public static final MongoVersion V5_1 = new MongoVersion(5, 1);
    public static final MongoVersion V5_2 = new MongoVersion(5, 2);
    public static final MongoVersion V5_3 = new MongoVersion(5, 3);
    public static final MongoVersion V6_0 = new MongoVersion(6, 0);
    public static final MongoVersion V6_1 = new MongoVersion(6, 1);
    public static final MongoVersion V6_2 = new MongoVersion(6, 2);
    public static final MongoVersion V6_3 = new MongoVersion(6, 3);
    public static final MongoVersion V7_0 = new MongoVersion(7, 0);
    public static final MongoVersion V7_1 = new MongoVersion(7, 1);
    public static final MongoVersion V7_2 = new MongoVersion(7, 2);
    public static final MongoVersion V7_3 = new MongoVersion(7, 3);
    public static final MongoVersion V8_0 = new MongoVersion(8, 0);
    public static final MongoVersion V8_1 = new MongoVersion(8, 1);
    public static final MongoVersion V8_2 = new MongoVersion(8, 2);
    public static final MongoVersion V8_3 = new MongoVersion(8, 3);

    /** The version ShardLab uses when none is chosen or found: the current long-term line, 8.0. */
    public static final MongoVersion DEFAULT = V8_0;

    /**
     * The release lines ShardLab knows, oldest first: every line from 4.0 to 8.3, rapid releases (5.1–5.3,
     * 6.1–6.3, 7.1–7.3, 8.1–8.3) included (docs {@code release-notes/}, one page per line).
     */
    private static final List<MongoVersion> LINES = List.of(
            V4_0, V4_2, V4_4, V5_0, V5_1, V5_2, V5_3, V6_0, V6_1, V6_2, V6_3, V7_0, V7_1, V7_2, V7_3, V8_0, V8_1, V8_2,
            V8_3);

    private static final Pattern TEXT =
            Pattern.compile("(\\d{1,4})\\.(\\d{1,4})(?:\\.(\\d{1,4}))?(?:-([0-9A-Za-z.-]+))?");

    public MongoVersion {
        if (major < 3 || minor < 0 || patch < LINE) {
            throw new IllegalArgumentException("version: expected a MongoDB version such as 8.0, got " + major + "."
                    + minor + (patch >= 0 ? "." + patch : ""));
        }
        preRelease = preRelease == null ? "" : preRelease;
        if (patch == LINE && !preRelease.isEmpty()) {
            throw new IllegalArgumentException(
                    "version: a pre-release needs a patch number, got " + major + "." + minor + "-" + preRelease);
        }
    }

    /** The release line {@code major.minor} (at its newest patch). */
    public MongoVersion(int major, int minor) {
        this(major, minor, LINE, "");
    }

    /** The release lines ShardLab knows and simulates, oldest first (4.0 … 8.3). */
    public static List<MongoVersion> releaseLines() {
        return LINES;
    }

    /**
     * Parses {@code "8.0"}, {@code "6.0.2"}, {@code "8.2.0-rc1"}; a server's build suffix after the
     * pre-release tag (e.g. {@code "-rc1-12-gabc"}) is kept as part of the tag.
     *
     * @throws IllegalArgumentException naming the text when it is not a version
     */
    public static MongoVersion parse(String text) {
        Matcher m = text == null ? null : TEXT.matcher(text.strip());
        if (m == null || !m.matches()) {
            throw new IllegalArgumentException(
                    "version: expected a MongoDB version such as 8.0 or 6.0.2, got '" + text + "'");
        }
        int patch = m.group(3) == null ? LINE : Integer.parseInt(m.group(3));
        if (patch == LINE && m.group(4) != null) {
            throw new IllegalArgumentException(
                    "version: expected MAJOR.MINOR.PATCH before '-" + m.group(4) + "', got '" + text + "'");
        }
        return new MongoVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), patch, m.group(4));
    }

    /**
     * Parses a version the in-memory cluster can simulate: any version from 4.0 on (one ShardLab does not
     * know gets the rules of {@link #modelledLine()}).
     *
     * @throws IllegalArgumentException naming the text when it is not a version or is older than 4.0
     */
    public static MongoVersion parseModelled(String text) {
        MongoVersion v = parse(text);
        v.modelledLine();
        return v;
    }

    /** This version's release line, {@code major.minor}. */
    public MongoVersion line() {
        return patch == LINE ? this : new MongoVersion(major, minor);
    }

    /** Whether this is one of {@link #releaseLines()} or a version of one. */
    public boolean known() {
        return LINES.contains(line());
    }

    /**
     * The known release line whose rules this version gets: its own line, or the nearest lower known one.
     *
     * @throws IllegalArgumentException when the version is older than 4.0
     */
    public MongoVersion modelledLine() {
        MongoVersion best = null;
        for (MongoVersion l : LINES) {
            if (l.compareTo(line()) <= 0) {
                best = l;
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("version: MongoDB " + this + " is older than " + LINES.get(0)
                    + ", the oldest release ShardLab models");
        }
        return best;
    }

    /** Why an unknown version gets another line's rules; empty for a known one. */
    public Optional<String> modellingNote() {
        if (known()) {
            return Optional.empty();
        }
        MongoVersion used = modelledLine();
        String why = line().compareTo(LINES.get(LINES.size() - 1)) > 0
                ? " is newer than every release ShardLab knows"
                : " is not a release line ShardLab knows";
        return Optional.of("MongoDB " + this + why + "; the rules of " + used + ", the nearest lower one, apply");
    }

    /** Whether this version's line is at least {@code major.minor}. */
    public boolean atLeast(int major, int minor) {
        return line().compareTo(new MongoVersion(major, minor)) >= 0;
    }

    /**
     * Whether this version is {@code other} or newer. A line {@code other} compares lines only
     * (6.0.2 is at least 6.0); a patch {@code other} compares patches too, a line counting as its newest
     * patch (6.0 is at least 6.0.3; 6.0.2 is not) and a pre-release as its patch (6.0.3-rc0 is at least
     * 6.0.3).
     */
    public boolean atLeast(MongoVersion other) {
        int lines = line().compareTo(other.line());
        if (lines != 0 || other.patch == LINE) {
            return lines >= 0;
        }
        return patch == LINE || patch >= other.patch;
    }

    /** {@code "7.0"}, {@code "6.0.2"}, {@code "8.2.0-rc1"}. */
    public String label() {
        return toString();
    }

    /** Line order, then patch (a line after all its patches), then a pre-release before its release. */
    @Override
    public int compareTo(MongoVersion o) {
        if (major != o.major) {
            return Integer.compare(major, o.major);
        }
        if (minor != o.minor) {
            return Integer.compare(minor, o.minor);
        }
        int p = Integer.compare(
                patch == LINE ? Integer.MAX_VALUE : patch, o.patch == LINE ? Integer.MAX_VALUE : o.patch);
        if (p != 0) {
            return p;
        }
        if (preRelease.isEmpty() || o.preRelease.isEmpty()) {
            return Boolean.compare(preRelease.isEmpty(), o.preRelease.isEmpty());
        }
        return preRelease.compareTo(o.preRelease);
    }

    @Override
    public String toString() {
        return major + "." + minor + (patch == LINE ? "" : "." + patch)
                + (preRelease.isEmpty() ? "" : "-" + preRelease);
    }
}
