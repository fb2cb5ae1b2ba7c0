package io.shardlab.session;

import io.shardlab.workload.DatasetFile;
import io.shardlab.workload.InitialSplit;
import io.shardlab.workload.InsertStream;
import io.shardlab.workload.QueryMix;
import io.shardlab.workload.Workload;
import io.shardlab.workload.WorkloadSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Where a scenario's documents come from: a generated workload or the replay of a dataset file. */
public sealed interface InsertSource {

    /** A fresh stream of at most {@code settings.docs()} documents. */
    InsertStream open(WorkloadSettings settings);

    /** The reads an application of this kind sends; empty for a dataset file. */
    Optional<QueryMix> queries(WorkloadSettings settings);

    /** The pre-split the workload's lesson uses, if any. */
    Optional<InitialSplit> initialSplit(WorkloadSettings settings);

    /** The documents' top-level fields, when known before reading (a generated workload). */
    List<String> fields();

    /** What the stream is, for the toolbar and messages. */
    String label();

    /** A workload of the registry. */
    record Generated(Workload workload) implements InsertSource {
        @Override
        public InsertStream open(WorkloadSettings settings) {
            return workload.open(settings);
        }

        @Override
        public Optional<QueryMix> queries(WorkloadSettings settings) {
            return Optional.of(workload.queries(settings));
        }

        @Override
        public Optional<InitialSplit> initialSplit(WorkloadSettings settings) {
            return workload.initialSplit(settings);
        }

        @Override
        public List<String> fields() {
            return workload.fields();
        }

        @Override
        public String label() {
            return workload.name();
        }
    }

    /** A dataset file replayed in file order. */
    record Dataset(Path file) implements InsertSource {
        @Override
        public InsertStream open(WorkloadSettings settings) {
            return DatasetFile.open(file, settings, settings.docs());
        }

        @Override
        public Optional<QueryMix> queries(WorkloadSettings settings) {
            return Optional.empty();
        }

        @Override
        public Optional<InitialSplit> initialSplit(WorkloadSettings settings) {
            return Optional.empty();
        }

        @Override
        public List<String> fields() {
            return List.of();
        }

        @Override
        public String label() {
            Path name = file.getFileName();
            return name == null ? file.toString() : name.toString();
        }
    }
}
