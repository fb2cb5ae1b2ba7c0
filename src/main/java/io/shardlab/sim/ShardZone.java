package io.shardlab.sim;

/**
 * A shard given a zone before a collection is sharded: {@code sh.addShardToZone(shard, zone)}.
 *
 * @param shard the shard id, e.g. {@code shard01}
 * @param zone the zone name, not blank
 */
public record ShardZone(String shard, String zone) {

    public ShardZone {
        if (shard == null || shard.isBlank()) {
            throw new IllegalArgumentException(
                    "shard: a zone is given to a shard by its id, e.g. shard01, got '" + shard + "'");
        }
        CommandSupport.zoneName(zone);
    }

    /**
     * Reads {@code SHARD:ZONE}, e.g. {@code shard01:EU} (the zone may hold further colons).
     *
     * @throws IllegalArgumentException "expected SHARD:ZONE, e.g. shard01:EU, got '…'"
     */
    public static ShardZone parse(String text) {
        int colon = text == null ? -1 : text.indexOf(':');
        if (colon <= 0
                || colon == text.length() - 1
                || text.substring(0, colon).isBlank()
                || text.substring(colon + 1).isBlank()) {
            throw new IllegalArgumentException("expected SHARD:ZONE, e.g. shard01:EU, got '" + text + "'");
        }
        return new ShardZone(
                text.substring(0, colon).strip(), text.substring(colon + 1).strip());
    }

    /** The command that gives the shard its zone. */
    public AddShardToZone command() {
        return new AddShardToZone(shard, zone);
    }
}
