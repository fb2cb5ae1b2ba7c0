package io.shardlab.mongos.jstests;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.mongos.ErrorCode;
import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonNumber;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Assertions;

/**
 * Runs ported rows against a mongos as {@code serve} answers (the command layer over the wire adapter's document
 * store, in process), a new cluster for each row and release line: the release lines from 4.4 (the first a mongos
 * of ShardLab answers as; 4.0 and 4.2 are refused by current clients, {@code MongosRelease.of}) to the newest.
 */
final class PortedRowRunner {

    private PortedRowRunner() {}

    /** The release lines a served mongos answers as. */
    static List<MongoVersion> servedLines() {
        return MongoVersion.releaseLines().stream()
                .filter(v -> v.atLeast(MongoVersion.V4_4))
                .toList();
    }

    /** The lines of {@link #servedLines} the row holds for. */
    static List<MongoVersion> linesOf(PortedRow row) {
        return servedLines().stream().filter(row::holdsFor).toList();
    }

    /** Asserts the row on every line it holds for (the failures of all lines together). */
    static void assertRow(PortedRow row) {
        List<MongoVersion> lines = linesOf(row);
        Assertions.assertFalse(lines.isEmpty(), "no served release line in " + row.releases());
        List<String> failures = new ArrayList<>();
        for (MongoVersion v : lines) {
            run(row, v).ifPresent(f -> failures.add(v + ": " + f));
        }
        if (!failures.isEmpty()) {
            Assertions.fail(row + "\n  " + String.join("\n  ", failures));
        }
    }

    /** Runs the row on {@code version}: empty when MongoDB's answer came back, else what differs. */
    static Optional<String> run(PortedRow row, MongoVersion version) {
        List<String> shardIds = Shard.newClusterIds(row.shards());
        SimulationConfig config = SimulationConfig.of(version).withSeed(7);
        if (row.chunkSizeMegabytes() > 0) {
            config = config.withMaxChunkSizeBytes(row.chunkSizeMegabytes() << 20);
        }
        ShardedCatalog catalog = new ShardedCatalog(config, shardIds);
        MongosCommands mongos = MongosServer.inProcess(catalog, 256L << 20, line -> {});
        for (PortedRow.Step step : row.given()) {
            if (PortedRow.isSetting(step)) {
                continue;
            }
            if (step.database().equals("advance")) {
                mongos.advance(Long.parseLong(step.command()));
                continue;
            }
            Expectation.Answer a = answer(mongos, step);
            if (!step.mayFail() && (!a.ok() || a.writeErrorCode() != null)) {
                return Optional.of("given step " + step.database() + " " + step.command() + " failed: " + a);
            }
        }
        return row.then().mismatch(answer(mongos, row.when()));
    }

    private static Expectation.Answer answer(MongosCommands mongos, PortedRow.Step step) {
        BsonDocument command;
        try {
            command = BsonDocument.parse(step.command());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("step: not a document: " + step.command(), e);
        }
        try {
            BsonDocument reply = mongos.run(step.database(), command);
            if (!isOk(reply)) {
                return new Expectation.Answer(
                        false,
                        reply,
                        reply.getString("codeName", new BsonString("")).getValue(),
                        reply.getString("errmsg", new BsonString("")).getValue(),
                        null,
                        null);
            }
            BsonArray writeErrors = reply.getArray("writeErrors", new BsonArray());
            if (!writeErrors.isEmpty()) {
                BsonDocument first = writeErrors.get(0).asDocument();
                int code = first.getNumber("code").intValue();
                return new Expectation.Answer(
                        true,
                        reply,
                        null,
                        null,
                        codeName(code, first),
                        first.getString("errmsg").getValue());
            }
            return new Expectation.Answer(true, reply, null, null, null, null);
        } catch (MongoCommandException e) {
            return new Expectation.Answer(false, null, e.code().codeName(), e.getMessage(), null, null);
        } catch (RuntimeException e) {
            // what the wire adapter turns into InternalError: ShardLab itself failed
            return new Expectation.Answer(false, null, "InternalError", String.valueOf(e), null, null);
        }
    }

    private static String codeName(int code, BsonDocument writeError) {
        if (writeError.containsKey("codeName")) {
            return writeError.getString("codeName").getValue();
        }
        Function<Integer, Optional<ErrorCode>> byNumber = n ->
                Arrays.stream(ErrorCode.values()).filter(c -> c.number() == n).findFirst();
        return byNumber.apply(code).map(ErrorCode::codeName).orElse("Location" + code);
    }

    private static boolean isOk(BsonDocument reply) {
        BsonValue ok = reply.get("ok");
        return ok instanceof BsonNumber n && n.doubleValue() == 1.0;
    }
}
