package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.serve.MongosServer;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A view's options ({@code viewOn}, {@code pipeline}) in a collMod of a collection are refused, never taken and
 * ignored: mongo {@code src/mongo/db/catalog/coll_mod.cpp} ({@code parseCollModRequest}; before 7.0 in the command's
 * order, "'F' option only supported on a view"; from 7.0 {@code pipeline} before {@code viewOn},
 * {@code getOnlySupportedOnViewError}). 4.4's rows are {@code CollModFourFourParserTest}'s.
 */
class CollModViewOptionsTest {

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            5.0 | {collMod: 'c', viewOn: 'x', pipeline: []}     | InvalidOptions: 'viewOn' option only supported on a view
            6.0 | {collMod: 'c', pipeline: [], viewOn: 'x'}     | InvalidOptions: 'pipeline' option only supported on a view
            7.0 | {collMod: 'c', viewOn: 'x', pipeline: []}     | InvalidOptions: option only supported on a view: pipeline
            8.0 | {collMod: 'c', viewOn: 'x'}                   | InvalidOptions: option only supported on a view: viewOn
            8.0 | {collMod: 'c', validationLevel: 'off'}        | ok
            """)
    void aCollectionTakesNoViewOption(String release, String command, String answer) {
        // given a collection
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parse(release)).withSeed(5), List.of("shard01", "shard02"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        mongos.run("app", BsonDocument.parse("{create: 'c'}"));

        // when collMod names a view's option
        String got;
        try {
            got = mongos.run("app", BsonDocument.parse(command)).getNumber("ok").intValue() == 1 ? "ok" : "failed";
        } catch (MongoCommandException e) {
            got = e.code().codeName() + ": " + e.getMessage();
        }

        // then the release's refusal comes back
        assertEquals(answer, got);
    }
}
