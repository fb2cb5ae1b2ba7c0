package io.shardlab.render;

/**
 * How wide each chunk is drawn on the number line.
 */
public enum Scale {

    /** Every chunk gets the same width: shows how the chunks (not the data) are spread over shards. */
    EQUAL("equal width per chunk", "equal"),

    /**
     * Width proportional to the chunk's bytes, plus a floor of 1% of an equal share so that empty chunks
     * keep a sliver (weight of chunk i = {@code bytes[i] + totalBytes / (100 n)}); equal widths when no chunk
     * holds data. Needs chunk sizes.
     */
    DATA_SIZE("width by data size", "size"),

    /**
     * Width by the value of the first shard-key field, for numbers and dates (for a hashed first field,
     * the hash space from -2^63 to 2^63). See {@link KeyValueAxis} for where MinKey, MaxKey and values of
     * other types go.
     */
    KEY_VALUE("width by key value", "key");

    private final String caption;
    private final String cliName;

    Scale(String caption, String cliName) {
        this.caption = caption;
        this.cliName = cliName;
    }

    /** A short description for captions, e.g. "equal width per chunk". */
    public String caption() {
        return caption;
    }

    /** The command-line spelling: equal, size or key. */
    public String cliName() {
        return cliName;
    }

    /**
     * The scale spelled {@code name} on the command line.
     *
     * @throws IllegalArgumentException naming the unknown scale
     */
    public static Scale parse(String name) {
        return CommandLineWords.parse("scale", values(), Scale::cliName, name);
    }
}
