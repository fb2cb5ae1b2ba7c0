package io.shardlab.exercise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.shell.ShellEngine;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each predicate of the check language, in states where it holds and states where it does not. Every state is a
 * student's database, built by a mongosh script run in ShardLab's shell over the command layer clients reach
 * (observed by a {@link CommandJournal}, as the app's mongos is), on an 8.0 cluster of three shards and 1 MB
 * chunks; the checks are written as an exercise file writes them.
 */
class CheckTest {

    /** The states: database name → the script that builds it. */
    static final Map<String, String> STATES = new LinkedHashMap<>();

    static {
        STATES.put("unsharded", "db.users.insertOne({ user_name: 'ada' })");
        STATES.put("ranged", """
                sh.shardCollection('ranged.users', { user_name: 1 })
                const users = []; for (let i = 0; i < 30; i++) { users.push({ user_name: 'u' + i }) }
                db.users.insertMany(users)""");
        STATES.put("hashed", """
                sh.shardCollection('hashed.users', { user_name: 'hashed' })
                const users = []; for (let i = 0; i < 600; i++) { users.push({ user_name: 'u' + i, joined: i }) }
                db.users.insertMany(users)""");
        STATES.put("idhashed", "sh.shardCollection('idhashed.users', { _id: 'hashed' })");
        STATES.put("compound", "sh.shardCollection('compound.inbox', { owner: 1, sequence: 1 })");
        STATES.put("lowcard", """
                sh.shardCollection('lowcard.people', { age: 1 })
                const people = []; for (let i = 0; i < 200; i++) { people.push({ age: i % 90 }) }
                db.people.insertMany(people)""");
        STATES.put("highcard", """
                sh.shardCollection('highcard.people', { email: 1 })
                const people = []; for (let i = 0; i < 200; i++) { people.push({ email: 'p' + i }) }
                db.people.insertMany(people)""");
        STATES.put("jumbo", """
                sh.shardCollection('jumbo.orders', { status: 1 })
                const pad = 'x'.repeat(1000)
                const orders = []; for (let i = 0; i < 1200; i++) { orders.push({ status: 'shipped', pad: pad }) }
                db.orders.insertMany(orders)""");
        STATES.put("zoned", """
                sh.addShardToZone('shard01', 'zoned-EU')
                sh.updateZoneKeyRange('zoned.customers', { region: 'EU', id: MinKey() }, { region: 'EU', id: MaxKey() }, 'zoned-EU')
                sh.shardCollection('zoned.customers', { region: 1, id: 1 })""");
        STATES.put("elsewhere", """
                sh.addShardToZone('shard02', 'elsewhere-EU')
                sh.updateZoneKeyRange('elsewhere.customers', { region: 'EU' }, { region: 'EV' }, 'elsewhere-EU')
                sh.shardCollection('elsewhere.customers', { region: 1 })""");
        STATES.put("unzoned", "sh.shardCollection('unzoned.customers', { region: 1, id: 1 })");
        STATES.put("presplitoff", """
                sh.shardCollection('presplitoff.readings', { minute: 1 })
                db.getSiblingDB('config').collections.updateOne({ _id: 'presplitoff.readings' }, { $set: { noBalance: true } })
                for (let m = 1; m < 11; m++) { sh.splitAt('presplitoff.readings', { minute: m }) }
                db.getSiblingDB('config').collections.updateOne({ _id: 'presplitoff.readings' }, { $set: { noBalance: false } })""");
        STATES.put("stilloff", """
                sh.shardCollection('stilloff.readings', { minute: 1 })
                db.getSiblingDB('config').collections.updateOne({ _id: 'stilloff.readings' }, { $set: { noBalance: true } })""");
        STATES.put("presplition", """
                sh.shardCollection('presplition.readings', { minute: 1 })
                for (let m = 1; m < 11; m++) { sh.splitAt('presplition.readings', { minute: m }) }""");
        STATES.put("queried", """
                sh.shardCollection('queried.purchases', { customer: 'hashed' })
                db.purchases.insertMany([{ customer: 'c1', status: 'new' }, { customer: 'c2', status: 'paid' }])
                db.purchases.find({ status: 'new' }).toArray()
                db.runCommand({ explain: { find: 'purchases', filter: { customer: 'c1' } } })""");
    }

    private static ClassEvidence evidence;

    @BeforeAll
    static void buildEveryState() {
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.DEFAULT).withMaxChunkSizeBytes(1L << 20), Shard.newClusterIds(3));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        CommandJournal journal = new CommandJournal();
        mongos.observe(journal);
        List<String> printed = new ArrayList<>();
        ShellEngine shell = new ShellEngine(mongos, printed::add, 0, System::nanoTime, 80, 80);
        STATES.forEach((database, script) -> shell.evaluate(
                "use " + database + "\n(function () {\n" + script + "\n})()", database, false, Duration.ofMinutes(1)));
        evidence = ClassEvidence.read(catalog, journal, Set.of(), Map.of("people", 100L));
    }

    /** The check item {@code text} (mongosh syntax, no hint) read as an exercise file reads it. */
    static Check check(String text) {
        BsonDocument item = BsonLiterals.parseDocument(text).append("hint", new BsonString("a hint"));
        BsonDocument file = new BsonDocument("id", new BsonString("x"))
                .append("title", new BsonString("x"))
                .append("principle", new BsonString("hashed-keys"))
                .append("goal", new BsonString("x"))
                .append("check", new BsonArray(List.of(item)))
                .append("solution", new BsonString("x"))
                .append("mistake", new BsonString("x"));
        return new ExerciseFile("test.json").read(file.toJson()).checks().get(0).check();
    }

    @ParameterizedTest(name = "[{index}] {0}: {1} -> {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            unsharded   | { predicate: 'sharded', collection: 'users' }                                           | false | users is not sharded yet
            ranged      | { predicate: 'sharded', collection: 'users' }                                           | true  | users is sharded on { user_name: 1 }
            ranged      | { predicate: 'sharded', collection: 'users', key: '{ user_name: "hashed" }' }            | false | users is sharded on { user_name: 1 }, not { user_name: 'hashed' }
            hashed      | { predicate: 'sharded', collection: 'users', key: '{ user_name: "hashed" }' }            | true  | users is sharded on { user_name: 'hashed' }
            compound    | { predicate: 'keyFields', collection: 'inbox', prefix: ['owner'], atLeast: 2 }          | true  | inbox is sharded on { owner: 1, sequence: 1 }
            ranged      | { predicate: 'keyFields', collection: 'users', prefix: ['user_name'], atLeast: 2 }      | false | users is sharded on { user_name: 1 }: 1 field, not 2
            compound    | { predicate: 'keyFields', collection: 'inbox', prefix: ['sequence'] }                   | false | which does not start with sequence
            hashed      | { predicate: 'targets', collection: 'users', filter: '{ user_name: "ada" }', expect: 'single-shard' }   | true  | single-shard: it reaches
            idhashed    | { predicate: 'targets', collection: 'users', filter: '{ user_name: "ada" }', expect: 'single-shard' }   | false | scatter-gather: it reaches all 3 shards
            ranged      | { predicate: 'targets', collection: 'users', filter: '{ user_name: { $gt: "m" } }', expect: 'multi-shard' } | true | multi-shard
            compound    | { predicate: 'reaches', collection: 'inbox', filter: '{ owner: "peter" }', atMost: 1 }  | true  | multi-shard: it reaches shard0
            hashed      | { predicate: 'reaches', collection: 'users', filter: '{ joined: 7 }', atMost: 1 }        | false | it reaches all 3 shards
            ranged      | { predicate: 'documents', collection: 'users', atLeast: 30 }                            | true  | users holds 30 documents
            ranged      | { predicate: 'documents', collection: 'users', atLeast: 31 }                            | false | users holds 30 documents
            hashed      | { predicate: 'documentsOnShards', collection: 'users', atLeast: 3, minShare: 0.15 }     | true  | documents per shard: shard01
            ranged      | { predicate: 'documentsOnShards', collection: 'users', atLeast: 3 }                     | false | 30 (100%)
            idhashed    | { predicate: 'documentsOnShards', collection: 'users', atLeast: 1 }                     | false | users holds no document yet
            highcard    | { predicate: 'distinctKeyValues', collection: 'people', atLeast: 100 }                  | true  | at least 100 distinct values of { email: 1 }
            lowcard     | { predicate: 'distinctKeyValues', collection: 'people', atLeast: 100 }                  | false | the documents have 90 distinct values of { age: 1 }
            presplitoff | { predicate: 'chunks', collection: 'readings', atLeast: 11 }                            | true  | readings has 11 chunks
            ranged      | { predicate: 'chunks', collection: 'users', atLeast: 2 }                                | false | users has 1 chunk
            hashed      | { predicate: 'noJumboChunks', collection: 'users' }                                     | true  | every chunk of users fits the 1.0 MB chunk size
            jumbo       | { predicate: 'noJumboChunks', collection: 'orders' }                                    | false | holds 1.2 MB (the chunk size is 1.0 MB)
            zoned       | { predicate: 'zonePlacement', collection: 'customers', value: '{ region: "EU" }', shards: ['shard01'] } | true  | { region: 'EU' } is in a zone of shard01
            unzoned     | { predicate: 'zonePlacement', collection: 'customers', value: '{ region: "EU" }', shards: ['shard01'] } | false | covers { region: 'EU' }
            elsewhere   | { predicate: 'zonePlacement', collection: 'customers', value: '{ region: "EU" }', shards: ['shard01'] } | false | chunks of { region: 'EU' } are on shard02
            compound    | { predicate: 'zonePlacement', collection: 'inbox', value: '{ region: "EU" }', shards: ['shard01'] }     | false | the shard key { owner: 1, sequence: 1 } does not start with region
            presplitoff | { predicate: 'balancing', collection: 'readings' }                                      | true  | balancing of readings is on
            stilloff    | { predicate: 'balancing', collection: 'readings' }                                      | false | balancing of readings is off
            stilloff    | { predicate: 'balancing', collection: 'readings', on: false }                           | true  | balancing of readings is off
            presplitoff | { predicate: 'splitsWhileBalancingOff', collection: 'readings', atLeast: 10 }           | true  | 10 splits of readings seen, 10 of them with balancing off
            presplition | { predicate: 'splitsWhileBalancingOff', collection: 'readings', atLeast: 10 }           | false | 10 splits of readings seen, 0 of them with balancing off
            queried     | { predicate: 'ranQuery', collection: 'purchases', targeting: 'scatter-gather' }         | true  | 1 single-shard, 0 multi-shard, 1 scatter-gather
            queried     | { predicate: 'ranQuery', collection: 'purchases', targeting: 'multi-shard' }            | false | 1 single-shard, 0 multi-shard, 1 scatter-gather
            hashed      | { predicate: 'ranQuery', collection: 'users', targeting: 'scatter-gather' }             | false | 0 single-shard, 0 multi-shard, 0 scatter-gather
            """)
    void aPredicateHoldsInTheStatesItDescribesAndSaysWhatItSaw(
            String state, String item, boolean passes, String observed) {
        // given a student's database in that state
        StudentEvidence student = evidence.students().get(state);

        // when the check is evaluated
        Check.Outcome outcome = check(item).evaluate(student);

        // then it holds or not, and says what it saw
        String said = Messages.of(Language.ENGLISH).text(outcome.observed());
        assertEquals(passes, outcome.passed(), said);
        assertTrue(said.contains(observed), said);
    }
}
