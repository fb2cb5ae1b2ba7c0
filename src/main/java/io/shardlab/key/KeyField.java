package io.shardlab.key;

/**
 * One field of a shard key pattern: a dotted path and whether it is {@code "hashed"} or ascending
 * ({@code 1}). Shard keys have no descending fields.
 *
 * @param path the dotted field path, e.g. {@code "user.id"}; never empty
 * @param hashed true for {@code "hashed"}, false for {@code 1}
 */
public record KeyField(String path, boolean hashed) {

    public KeyField {
        if (path == null || path.isEmpty()) {
            throw new IllegalArgumentException("path: a shard key field needs a name, got '" + path + "'");
        }
    }
}
