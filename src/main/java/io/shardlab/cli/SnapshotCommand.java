package io.shardlab.cli;

import io.shardlab.cluster.SnapshotFile;
import io.shardlab.live.ChunkChange;
import io.shardlab.live.ClusterMetadata;
import io.shardlab.live.LiveCapture;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code snapshot}: saves one collection's layout from a live cluster (or a dump, or rewound with
 * {@code --at}) as a ShardLab snapshot file, written atomically, with the balancer, per-shard data
 * and the collection's chunk changelog so it can be inspected and rewound offline. The file never
 * holds credentials. Of the data it keeps each shard's documents and bytes as the source reports them
 * ({@code $shardedDataDistribution}, or {@code $collStats} before 6.0.3), a served cluster's included, not
 * the documents themselves: a snapshot is the collection's config metadata. With {@code --with-documents} (a
 * {@code --uri} source) it writes instead the collection's layout and documents as a ShardLab data file, the format of
 * {@code serve --data-file} and the window's File → Save cluster / Open cluster ({@link SnapshotWithDocuments}).
 */
@Command(name = "snapshot", mixinStandardHelpOptions = true, sortOptions = false)
final class SnapshotCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Mixin
    private LayoutSourceOptions source;

    @Option(names = "--out", required = true, paramLabel = "FILE")
    private Path out;

    @Option(names = "--with-documents")
    private boolean withDocuments;

    private final Clock clock;

    /** The language of the command's own words. */
    private final CliLanguage language;

    SnapshotCommand(Clock clock, CliLanguage language) {
        this.language = language;
        this.source = new LayoutSourceOptions(language);
        this.clock = clock;
    }

    @Override
    public void run() {
        OptionValue.checkWritable("--out", out);
        if (withDocuments) {
            writeDataFile();
            return;
        }
        ClusterMetadata metadata = source.readWithHistory(clock);
        SnapshotFile.Contents contents = LiveCapture.toSnapshotFile(metadata, source.namespace());
        OptionValue.inFile("--out", () -> SnapshotFile.write(out, contents));
        List<ChunkChange> changes = metadata.changes(contents.cluster().namespace());
        PrintWriter w = spec.commandLine().getOut();
        w.println(language.text(
                "cli.snapshot.wrote",
                contents.cluster().namespace(),
                contents.cluster().chunks().size(),
                contents.cluster().chunks().chunksPerShard().size(),
                changes.size(),
                changes.stream().mapToLong(ChunkChange::changelogEntries).sum(),
                out.toString()));
        w.flush();
    }

    /** {@code --with-documents}: the collection's layout and documents as a data file ({@link SnapshotWithDocuments}). */
    private void writeDataFile() {
        SnapshotWithDocuments.Written written = SnapshotWithDocuments.write(source, source.layout(clock), out);
        PrintWriter w = spec.commandLine().getOut();
        w.println(language.text(
                "cli.snapshot.wroteData",
                written.namespace(),
                written.contents().documents(),
                written.layout().chunks().size(),
                written.layout().chunks().chunksPerShard().size(),
                out.toString()));
        w.flush();
    }
}
