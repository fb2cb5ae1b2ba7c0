package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Updates feed the auto-splitter as the release's MongoDB counts them: from 4.2 to 6.0.2 the shard's op
 * observer adds every changed document's whole new size ({@code ShardServerOpObserver::onUpdate} →
 * {@code incrementChunkOnInsertOrUpdate(updatedDoc.objsize())}, shard_server_op_observer.cpp); 4.0's
 * mongos adds {@code q} + {@code u} of each statement it targets by the exact shard key
 * ({@code _targetUpdateByShardKey}, chunk_manager_targeter.cpp).
 */
class UpdateAutoSplitTest {

    private static final String NS = "db.c";
    private static final long MIB = 1 << 20;

    private static SimulatedCluster oneShard(MongoVersion version) {
        SimulatedCluster c = new SimulatedCluster(
                SimulationConfig.of(version).withMaxChunkSizeBytes(MIB).withInvariantChecks(true));
        c.execute(new AddShard("shard01"));
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        return c;
    }

    private static InsertBatch documents(int from, int count, int sizeBytes) {
        List<ShardKey> keys = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            keys.add(ShardKey.of(new BsonInt64(i)));
        }
        return InsertBatch.ofKeys(keys, sizeBytes);
    }

    private static final InsertBatch NO_STATEMENTS = InsertBatch.ofKeys(List.of(), new int[0]);

    @ParameterizedTest(name = "{0}: {1} chunks after one document changes")
    @CsvSource(textBlock = """
            # 14 documents of 100,000 B: the splitter looks each time more than max/5 = 209,715 B were
            # written, after the 3rd, 6th, 9th and 12th document, and autoSplitVector found no point that
            # leaves a big enough last chunk; 200,000 B written since, 1.4 MB of data.
            # One document updated at the same size adds its 100,000 B: the splitter looks again, and with
            # 14 documents of which 10 fill a chunk autoSplitVector (5.0) splits
            5.0, 2
            # 6.0.3 on there is no auto-splitter (gNoMoreAutoSplitter)
            7.0, 1
            8.0, 1
            """)
    void a_document_an_update_changed_counts_towards_the_shards_auto_split_at_its_whole_new_size(
            String version, int chunks) {
        // given a chunk over the chunk size, 200,000 B written since the splitter last looked
        SimulatedCluster c = oneShard(MongoVersion.parse(version));
        c.execute(new InsertDocuments(NS, documents(0, 14, 100_000)));
        assertEquals(1, c.snapshot().cluster().chunks().size());

        // when an update changes one document and leaves its size as it was
        c.execute(new UpdateDocuments(NS, documents(5, 1, 100_000), documents(5, 1, 100_000), NO_STATEMENTS));

        // then
        assertEquals(chunks, c.snapshot().cluster().chunks().size());
    }

    @Test
    void on_4_0_the_mongos_counts_the_statements_it_targets_by_shard_key_not_the_documents() {
        // given a 4.0 collection of 40 documents written while auto-split was off, then turned on
        SimulatedCluster c = oneShard(MongoVersion.V4_0);
        c.execute(new SetAutoSplit(false));
        c.execute(new InsertDocuments(NS, documents(0, 40, 100)));
        c.execute(new SetAutoSplit(true));
        // the mongos' counter of a new chunk starts at 0 (chunk.cpp); the count kept from the inserts
        // already crossed 184 B (1,024 B desired for a one-chunk collection, 90 % at an edge, over 5)
        // and mongos splits on the next write it counts

        // when an update changes documents but came through a query without the shard key
        c.execute(new UpdateDocuments(NS, documents(0, 40, 100), documents(0, 40, 120), NO_STATEMENTS));

        // then mongos counted nothing for it
        assertEquals(1, c.snapshot().cluster().chunks().size());

        // when a statement targeted by its exact key {x: 7} is counted with its q + u bytes
        c.execute(new UpdateDocuments(
                NS,
                InsertBatch.ofKeys(List.of(), new int[0]),
                InsertBatch.ofKeys(List.of(), new int[0]),
                documents(7, 1, 60)));

        // then the chunk is checked and split
        assertEquals(true, c.snapshot().cluster().chunks().size() > 1);
    }
}
