package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.serve.MongosServer;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code dbStats}' {@code scale}, per release: 4.4 mongo {@code src/mongo/s/commands/cluster_db_stats_cmd.cpp}
 * ({@code errmsgRun}: "scale has to be > 0", "scale has to be a number > 0", errmsg without a code) and
 * {@code src/mongo/db/commands/dbcommands.cpp} ({@code CmdDbStats}, the same rule on the shards, as 2022's source still
 * reads it: 5.0 and 6.0 rows); 7.0+
 * {@code src/mongo/db/dbcommands.idl} ({@code scale: safeInt64}) and {@code cluster_db_stats_cmd.cpp}
 * ({@code runWithRequestParser}: "Scale must be greater than zero").
 */
class DbStatsScaleTest {

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            4.4 | {dbStats: 1}                   | 1
            4.4 | {dbStats: 1, scale: 1024}      | 1024
            4.4 | {dbStats: 1, scale: 1024.9}    | 1024
            4.4 | {dbStats: 1, scale: false}     | 1
            4.4 | {dbStats: 1, scale: null}      | 1
            4.4 | {dbStats: 1, scale: 0}         | NoCode: scale has to be > 0
            4.4 | {dbStats: 1, scale: 0.5}       | NoCode: scale has to be > 0
            4.4 | {dbStats: 1, scale: -100}      | NoCode: scale has to be > 0
            4.4 | {dbStats: 1, scale: '1'}       | NoCode: scale has to be a number > 0
            4.4 | {dbStats: 1, scale: {a: 1}}    | NoCode: scale has to be a number > 0
            4.4 | {dbStats: 1, scale: true}      | NoCode: scale has to be a number > 0
            5.0 | {dbStats: 1, scale: 1024}      | 1024
            6.0 | {dbStats: 1, scale: 1024}      | 1024
            6.0 | {dbStats: 1, scale: 0}         | NoCode: scale has to be > 0
            5.0 | {dbStats: 1, scale: '1'}       | NoCode: scale has to be a number > 0
            7.0 | {dbStats: 1}                   | 1
            8.0 | {dbStats: 1, scale: 1024}      | 1024
            8.0 | {dbStats: 1, scale: 1048576.5} | 1048576
            7.0 | {dbStats: 1, scale: 0}         | BadValue: Scale must be greater than zero
            8.0 | {dbStats: 1, scale: -100}      | BadValue: Scale must be greater than zero
            8.0 | {dbStats: 1, scale: 0.5}       | BadValue: Scale must be greater than zero
            7.0 | {dbStats: 1, scale: '1'}       | TypeMismatch: BSON field 'dbStats.scale' is the wrong type 'string', expected types '[long, int, decimal, double]'
            8.0 | {dbStats: 1, scale: true}      | TypeMismatch: BSON field 'dbStats.scale' is the wrong type 'bool', expected types '[long, int, decimal, double]'
            """)
    void theMongosReadsTheScaleAsItsReleaseDoes(String release, String command, String answer) {
        // given a dbStats command sent to a release's mongos
        BsonDocument body = BsonDocument.parse(command);
        MongoVersion version = MongoVersion.parse(release);

        if (answer.contains(":")) {
            // when it reads the scale, then it refuses it with MongoDB's code and words
            MongoCommandException refused =
                    assertThrows(MongoCommandException.class, () -> DbStatsScale.of(body, version));
            String codeName = refused.code() == ErrorCode.NO_CODE
                    ? "NoCode"
                    : refused.code().codeName();
            assertEquals(answer, codeName + ": " + refused.getMessage());
        } else {
            // when it reads the scale, then sizes are divided by it
            assertEquals(Long.parseLong(answer), DbStatsScale.of(body, version).divisor());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"4.4", "5.0", "6.0", "7.0", "8.0"})
    void eachShardDividesItsSizesAndTheMongosSumsThem(String release) {
        // given a database with documents on a mongos of the release
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled(release)).withSeed(5), List.of("shard01", "shard02"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        StringBuilder docs = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            docs.append(i == 0 ? "" : ", ")
                    .append("{i: ")
                    .append(i)
                    .append(", pad: '")
                    .append("x".repeat(100))
                    .append("'}");
        }
        mongos.run("app", BsonDocument.parse("{insert: 'c', documents: [" + docs + "]}"));
        BsonDocument bytes = mongos.run("app", BsonDocument.parse("{dbStats: 1}"));

        // when dbStats is asked in KB
        BsonDocument kb = mongos.run("app", BsonDocument.parse("{dbStats: 1, scale: 1024}"));

        // then every shard's sizes are its bytes divided in whole KB, the mongos sums them, avgObjSize stays in bytes
        assertEquals(1024, kb.getNumber("scaleFactor").intValue());
        long summed = 0;
        for (var shard : kb.getDocument("raw").entrySet()) {
            BsonDocument inBytes = bytes.getDocument("raw").getDocument(shard.getKey());
            long dataSize = shard.getValue().asDocument().getNumber("dataSize").longValue();
            assertEquals(inBytes.getNumber("dataSize").longValue() / 1024, dataSize);
            summed += dataSize;
        }
        assertEquals(summed, kb.getNumber("dataSize").longValue());
        assertEquals(bytes.get("avgObjSize"), kb.get("avgObjSize"));
        BsonValue fsUsed = kb.get("fsUsedSize");
        assertEquals(
                bytes.getNumber("fsUsedSize").longValue() / 1024,
                fsUsed.asNumber().longValue());
    }
}
