package io.shardlab.cli;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.files.FileException;
import io.shardlab.live.CollectionDocuments;
import io.shardlab.live.LiveClusterException;
import io.shardlab.live.LiveConnection;
import io.shardlab.live.LiveConnectionRequest;
import io.shardlab.live.LiveConnector;
import io.shardlab.live.SourceLayout;
import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.CommandLane;
import io.shardlab.session.DataFileContents;
import io.shardlab.sim.LoadLayout;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonDocument;

/**
 * {@code snapshot --uri URI --with-documents}: the collection's layout and every one of its documents as a ShardLab
 * data file, the file {@code serve --data-file} starts from and File → Open cluster opens. The layout is read as
 * {@code snapshot} reads it; the documents ({@link CollectionDocuments}) are stored in a mongos of the source's release
 * over that layout, each landing in its chunk as a client's insert would, within {@code serve}'s default memory
 * budget, and that mongos is saved exactly as {@code serve} saves ({@code DataFile}): one writer of the format.
 */
final class SnapshotWithDocuments {

    private SnapshotWithDocuments() {}

    /**
     * Writes {@code out}.
     *
     * @return what the file holds
     * @throws RefusedInput when the source is not a live deployment, {@code --at} is given, or the documents do not fit
     *     in the memory budget
     * @throws IllegalArgumentException with one line when the deployment cannot be read
     * @throws FileException naming {@code --out} when it cannot be written
     */
    static Written write(LayoutSourceOptions source, SourceLayout layout, Path out) {
        LiveConnectionRequest request = source.connectionRequest()
                .orElseThrow(() -> new RefusedInput(Message.of("cli.snapshot.documentsNeedUri", source.describe())));
        if (source.rewinds()) {
            throw new RefusedInput(Message.of("cli.snapshot.documentsNotAt"));
        }
        ClusterSnapshot cluster = layout.cluster();
        String namespace = cluster.namespace();
        SimulationConfig config = SimulationConfig.of(layout.simulatedVersion());
        long chunkSize = layout.chunkSize().bytes();
        ShardedCatalog catalog = new ShardedCatalog(
                chunkSize > 0 ? config.withMaxChunkSizeBytes(chunkSize) : config, cluster.shardIds());
        // the chunks start empty: the documents read land in them
        catalog.loadCollection(new LoadLayout(cluster, List.of()));
        MongosServer.InProcess mongos = new MongosServer.InProcess(
                catalog,
                "localhost:27017",
                MongosServer.Settings.defaultMemoryBudgetMb(Runtime.getRuntime().maxMemory()) * 1024L * 1024L,
                1,
                line -> {},
                CommandLane.DIRECT);
        MongosCommands commands = mongos.commands();
        try (LiveConnection connection = new LiveConnector().connect(request)) {
            List<BsonDocument> indexes = CollectionDocuments.indexes(connection, namespace);
            commands.restore(namespace, indexes, List.of());
            CollectionDocuments.read(connection, namespace, batch -> commands.restore(namespace, indexes, batch));
        } catch (LiveClusterException e) {
            throw new RefusedInput(e.said(), e);
        } catch (MongoCommandException e) {
            throw new RefusedInput(Message.of(
                    "cli.snapshot.documentsPastBudget",
                    namespace,
                    commands.memoryBudget().describe(),
                    String.valueOf(MongosServer.Settings.defaultMemoryBudgetMb(
                            Runtime.getRuntime().maxMemory()))));
        }
        return OptionValue.inFile("--out", () -> new Written(namespace, cluster, mongos.saveTo(out)));
    }

    /** What {@link #write} wrote: the collection, its layout and the documents. */
    record Written(String namespace, ClusterSnapshot layout, DataFileContents contents) {}
}
