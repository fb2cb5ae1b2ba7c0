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
 * 4.4's collMod, read by the shard's hand parser: mongo {@code src/mongo/db/catalog/coll_mod.cpp} of 4.4
 * ({@code parseCollModRequest}: the generic arguments skipped, the options of a collection and of a view, every
 * refusal InvalidOptions; {@code _collModInternal}: NamespaceNotFound "ns does not exist" first). The jstest rows are
 * {@code CollModBadSpecPortTest}'s.
 */
class CollModFourFourParserTest {

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            {create: 'c'}                         | {collMod: 'c', validationLevel: 'off', comment: 'x', maxTimeMS: 1000} | ok
            {create: 'c'}                         | {collMod: 'c'}                                                        | ok
            {create: 'c'}                         | {collMod: 'c', recordPreImages: true}                                 | ok
            {create: 'c'}                         | {collMod: 'c', pipeline: []}                                          | InvalidOptions: 'pipeline' option only supported on a view
            {create: 'c'}                         | {collMod: 'c', viewOn: 'x'}                                           | InvalidOptions: 'viewOn' option only supported on a view
            {create: 'c'}                         | {collMod: 'c', cappedSize: 4096}                                      | InvalidOptions: unknown option to collMod: cappedSize
            {create: 'c'}                         | {collMod: 'c', validationLevel: 'off', unknownField: 'x'}             | InvalidOptions: unknown option to collMod: unknownField
            {create: 'v', viewOn: 'c', pipeline: []} | {collMod: 'v', validationLevel: 'off'}                             | InvalidOptions: option not supported on a view: validationLevel
            {create: 'v', viewOn: 'c', pipeline: []} | {collMod: 'v', unknownField: 1}                                    | InvalidOptions: option not supported on a view: unknownField
            {create: 'other'}                     | {collMod: 'c', validationLevel: 'off'}                                | NamespaceNotFound: ns does not exist
            """)
    void theShardsParserAnswers(String given, String command, String answer) {
        // given a 4.4 cluster with a collection or a view
        ShardedCatalog catalog =
                new ShardedCatalog(SimulationConfig.of(MongoVersion.V4_4).withSeed(5), List.of("shard01", "shard02"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        mongos.run("app", BsonDocument.parse(given));

        // when collMod is sent
        String got;
        try {
            got = mongos.run("app", BsonDocument.parse(command)).getNumber("ok").intValue() == 1 ? "ok" : "failed";
        } catch (MongoCommandException e) {
            got = e.code().codeName() + ": " + e.getMessage();
        }

        // then it works, or fails with 4.4's code and words
        assertEquals(answer, got);
    }
}
