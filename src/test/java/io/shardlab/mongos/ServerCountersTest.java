package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * serverStatus's counters on a mongos: which opcounter a command moves and by how much (mongo
 * {@code src/mongo/db/stats/counters.h}; the find, getMore and write commands do not move the command
 * counter, {@code shouldAffectCommandCounter() == false}).
 */
class ServerCountersTest {

    @ParameterizedTest(name = "{0} → {2} +{3}")
    @CsvSource(delimiter = '|', textBlock = """
            find          | {find: 'c', filter: {}}                                               | query   | 1
            getMore       | {getMore: 7, collection: 'c'}                                         | getmore | 1
            insert        | {insert: 'c', documents: [{a: 1}, {a: 2}, {a: 3}]}                    | insert  | 3
            update        | {update: 'c', updates: [{q: {}, u: {$set: {a: 1}}}, {q: {}, u: {}}]}  | update  | 2
            delete        | {delete: 'c', deletes: [{q: {}, limit: 0}]}                           | delete  | 1
            findAndModify | {findAndModify: 'c', query: {}, remove: true}                         | command | 1
            aggregate     | {aggregate: 'c', pipeline: [], cursor: {}}                            | command | 1
            count         | {count: 'c'}                                                          | command | 1
            hello         | {hello: 1}                                                            | command | 1
            serverStatus  | {serverStatus: 1}                                                     | command | 1
            """)
    void a_command_moves_one_counter(String name, String body, String counter, long by) {
        ServerCounters counters = new ServerCounters(10);

        counters.countOperation(name, BsonDocument.parse(body));

        BsonDocument opcounters = counters.opcounters();
        for (String field : opcounters.keySet()) {
            assertEquals(
                    field.equals(counter) ? by : 0, opcounters.getNumber(field).longValue(), field);
        }
    }

    @Test
    void connections_available_count_down_from_the_maximum_and_total_created_only_grows() {
        ServerCounters counters = new ServerCounters(3);

        counters.connected();
        counters.connected();
        counters.disconnected();
        counters.connected();

        BsonDocument c = counters.connections();
        assertEquals(2, c.getNumber("current").intValue());
        assertEquals(1, c.getNumber("available").intValue());
        assertEquals(3, c.getNumber("totalCreated").longValue());
    }

    @Test
    void traffic_adds_bytes_both_ways_and_one_request() {
        ServerCounters counters = new ServerCounters(3);

        counters.countTraffic(100, 40);
        counters.countTraffic(21, 60);

        BsonDocument n = counters.network();
        assertEquals(121, n.getNumber("bytesIn").longValue());
        assertEquals(100, n.getNumber("bytesOut").longValue());
        assertEquals(2, n.getNumber("numRequests").longValue());
    }
}
