package io.shardlab.sim;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.bson.BsonParseException;
import org.bson.BsonDocument;

/**
 * A zone range set for a collection before it is sharded, as {@code sh.updateZoneKeyRange} takes it:
 * bound documents, checked by the cluster ({@link UpdateZoneKeyRange}) when they are applied.
 *
 * @param zone the zone name, not blank
 * @param min inclusive lower bound, e.g. {@code { region: "EU" }}
 * @param max exclusive upper bound
 */
public record ZoneKeyRange(String zone, BsonDocument min, BsonDocument max) {

    public ZoneKeyRange {
        if (zone == null || zone.isBlank()) {
            throw new IllegalArgumentException("zone: a zone range needs a zone name, got '" + zone + "'");
        }
        min = min.clone();
        max = max.clone();
    }

    /**
     * Reads the bounds as mongosh text, e.g. {@code "{ region: 'EU' }"}.
     *
     * @throws IllegalArgumentException {@code "min: "} or {@code "max: "} and what is wrong with the text
     */
    public static ZoneKeyRange parse(String zone, String minText, String maxText) {
        return new ZoneKeyRange(zone, bound(minText, "min"), bound(maxText, "max"));
    }

    private static BsonDocument bound(String text, String which) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(which + ": a bound document is required, e.g. { region: 'EU' }");
        }
        try {
            return BsonLiterals.parseDocument(text);
        } catch (BsonParseException e) {
            throw new IllegalArgumentException(which + ": " + e.getMessage(), e);
        }
    }

    /** The command that sets the range for {@code namespace}. */
    public UpdateZoneKeyRange command(String namespace) {
        return new UpdateZoneKeyRange(namespace, min, max, zone);
    }
}
