package io.shardlab.sim;

import org.bson.BsonDocument;

/**
 * A zone range defined with {@code updateZoneKeyRange} before its collection is sharded (allowed
 * from 4.0.2, docs {@code reference/command/updateZoneKeyRange}): bounds are kept as documents
 * until shardCollection gives them a shard key pattern.
 *
 * @param namespace the collection
 * @param min inclusive lower bound document
 * @param max exclusive upper bound document
 * @param zone the zone name
 */
record PendingZoneRange(String namespace, BsonDocument min, BsonDocument max, String zone) {}
