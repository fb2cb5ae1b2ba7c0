package io.shardlab.live;

import java.util.List;

/**
 * The server the live reader talks to.
 *
 * @param address {@code host:port} of the server that answered
 * @param version the server's version string from {@code buildInfo}, e.g. {@code "7.0.12"}
 * @param role mongos or mongod
 */
public record ServerInfo(String address, String version, ServerRole role) {

    public ServerInfo {
        if (version == null || version.isBlank()) {
            throw new IllegalArgumentException("version: required"); // untranslated: a developer's contract
        }
    }

    /** The version's numbers, e.g. {@code [7, 0, 12]}; parts that are not numbers count as 0. */
    public List<Integer> versionNumbers() {
        String[] parts = version.split("[.\\-]");
        Integer[] numbers = new Integer[3];
        for (int i = 0; i < 3; i++) {
            numbers[i] = i < parts.length ? parse(parts[i]) : 0;
        }
        return List.of(numbers);
    }

    /** Whether the server is at least {@code major.minor.patch}. */
    public boolean isAtLeast(int major, int minor, int patch) {
        List<Integer> v = versionNumbers();
        int c = Integer.compare(v.get(0), major);
        if (c == 0) {
            c = Integer.compare(v.get(1), minor);
        }
        if (c == 0) {
            c = Integer.compare(v.get(2), patch);
        }
        return c >= 0;
    }

    private static int parse(String part) {
        int end = 0;
        while (end < part.length() && Character.isDigit(part.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(part.substring(0, Math.min(end, 9)));
    }
}
