package io.shardlab.render;

import io.shardlab.text.Message;

/**
 * How wide each chunk is drawn on the number line.
 */
public enum Scale {

    /** Every chunk gets the same width: shows how the chunks (not the data) are spread over shards. */
    EQUAL("render.scale.equal", "equal"),

    /**
     * Width proportional to the chunk's bytes, plus a floor of 1% of an equal share so that empty chunks
     * keep a sliver (weight of chunk i = {@code bytes[i] + totalBytes / (100 n)}); equal widths when no chunk
     * holds data. Needs chunk sizes.
     */
    DATA_SIZE("render.scale.size", "size"),

    /**
     * Width by the value of the first shard-key field, for numbers and dates (for a hashed first field,
     * the hash space from -2^63 to 2^63). See {@link KeyValueAxis} for where MinKey, MaxKey and values of
     * other types go.
     */
    KEY_VALUE("render.scale.key", "key");

    private final String captionKey;
    private final String cliName;

    Scale(String captionKey, String cliName) {
        this.captionKey = captionKey;
        this.cliName = cliName;
    }

    /** A short description for captions, e.g. "equal width per chunk" in English. */
    public Message caption() {
        return Message.of(captionKey);
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
