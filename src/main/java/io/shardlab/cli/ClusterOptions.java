package io.shardlab.cli;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.live.ChunkContents;
import io.shardlab.live.SourceLayout;
import io.shardlab.live.SourceRelease;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.SimulationSetup;
import java.io.PrintWriter;
import java.time.Clock;
import picocli.CommandLine.Option;

/**
 * The simulated cluster a front end of the command layer ({@code serve}, {@code shell}) drives: a new
 * one of {@code --shards} shards, or a fork of a layout read from a source (the command's
 * {@link LayoutSourceOptions}), under the rules of {@code --mongodb-version}.
 */
final class ClusterOptions {

    /** The forked line of serve and shell, which take no --lang yet, is English. */
    @Option(names = "--shards", paramLabel = "N")
    Integer shards;

    @Option(names = "--mongodb-version", descriptionKey = "cluster.mongodb-version", paramLabel = "V")
    String mongodbVersion;

    @Option(names = "--chunk-size", descriptionKey = "cluster.chunk-size", paramLabel = "MB")
    Integer chunkSizeMb;

    @Option(names = "--seed", descriptionKey = "cluster.seed", paramLabel = "S", defaultValue = "1")
    long seed;

    /**
     * The catalog the options describe; refuses bad values with one line.
     *
     * @param source the layout to fork, or null for a new cluster
     * @param command the command's name, for the line saying what was forked
     * @param err where that line goes
     * @param words the language of that line ({@code --lang})
     */
    ShardedCatalog catalog(LayoutSourceOptions source, String command, PrintWriter err, CliLanguage words) {
        OptionBounds.SHARDS.checkIfGiven(shards);
        OptionBounds.CHUNK_SIZE_MB.checkIfGiven(chunkSizeMb);
        return source != null && source.isGiven() ? forkedCatalog(source, command, err, words) : newCatalog();
    }

    private SimulationConfig config(MongoVersion version) {
        SimulationConfig config = SimulationConfig.of(version).withSeed(seed);
        return chunkSizeMb == null ? config : config.withMaxChunkSizeBytes(chunkSizeMb * 1024L * 1024L);
    }

    private ShardedCatalog newCatalog() {
        MongoVersion version = MongoVersion.parseModelled(mongodbVersion == null ? "8.0" : mongodbVersion);
        return new ShardedCatalog(config(version), Shard.newClusterIds(shards == null ? 2 : shards));
    }

    /** A catalog holding the source's collection, forked: the source is only read. */
    private ShardedCatalog forkedCatalog(
            LayoutSourceOptions source, String command, PrintWriter err, CliLanguage words) {
        if (shards != null) {
            throw new RefusedInput(Message.of("cli.simulate.shardsWithSource", source.describe()));
        }
        SourceLayout loaded = source.layout(Clock.systemUTC());
        ClusterSnapshot cluster = loaded.cluster();
        requireSimulatedShardCount(cluster);
        MongoVersion version;
        if (mongodbVersion != null) {
            version = MongoVersion.parseModelled(mongodbVersion);
        } else {
            SourceRelease release = loaded.release();
            if (!release.version().atLeast(MongoVersion.V4_4)) {
                throw new RefusedInput(Message.of("cli.cluster.releaseTooOld", release.said(), command));
            }
            version = release.version();
        }
        ChunkContents contents = loaded.contents();
        ShardedCatalog catalog = new ShardedCatalog(config(version), cluster.shardIds());
        catalog.loadCollection(loaded.load());
        err.println(words.text(
                "cli.cluster.forked",
                command,
                cluster.namespace(),
                loaded.metadata().source(),
                cluster.chunks().size(),
                cluster.shards().size(),
                version.toString(),
                words.words().text(contents.description())));
        err.flush();
        return catalog;
    }

    /**
     * Refuses a source cluster with more shards than a simulation holds ({@link SimulationSetup#MAX_SHARDS}),
     * naming its namespace and its shard count.
     */
    static void requireSimulatedShardCount(ClusterSnapshot cluster) {
        if (cluster.shards().size() > SimulationSetup.MAX_SHARDS) {
            throw new RefusedInput(Message.of(
                    "cli.simulate.tooManyShards",
                    cluster.namespace(),
                    String.valueOf(cluster.shards().size()),
                    String.valueOf(SimulationSetup.MAX_SHARDS)));
        }
    }
}
