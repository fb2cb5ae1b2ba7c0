package io.shardlab.sim;

import java.util.Optional;

/**
 * Sets the cluster's maximum chunk size: {@code config.settings.updateOne({_id: "chunksize"}, {$set: {_id:
 * "chunksize", value: <MB>}}, {upsert: true})} (docs {@code tutorial/modify-chunk-size-in-sharded-cluster}). The
 * balancer, the auto-splitter and the defragmenter read it from their next round (mongo
 * {@code src/mongo/s/balancer_configuration.cpp}, {@code BalancerConfiguration::getMaxChunkSizeBytes}, refreshed
 * from config.settings).
 *
 * @param megabytes the new size in MB, 1 to 1024 ({@code ChunkSizeSettingsType::checkMaxChunkSizeValid})
 */
public record SetChunkSize(int megabytes) implements ClusterCommand {

    /** The largest chunk size config.settings accepts, in MB. */
    public static final int MAX_MEGABYTES = 1024;

    @Override
    public Optional<String> canApply(ClusterState state) {
        if (megabytes < 1 || megabytes > MAX_MEGABYTES) {
            return Optional.of("chunksize value must be between 1MB and 1GB");
        }
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        state.changeSettings(settings -> settings.withChunkSize((long) megabytes * 1024 * 1024), describe());
    }

    @Override
    public String describe() {
        return "set the chunk size to " + megabytes + " MB";
    }

    @Override
    public String mongoshCommand() {
        return "db.getSiblingDB(\"config\").settings.updateOne({ _id: \"chunksize\" }, { $set: { _id: \"chunksize\", "
                + "value: " + megabytes + " } }, { upsert: true })";
    }
}
