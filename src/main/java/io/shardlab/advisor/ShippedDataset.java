package io.shardlab.advisor;

import io.shardlab.text.Message;
import io.shardlab.workload.DatasetFile;
import io.shardlab.workload.InsertStream;
import io.shardlab.workload.WorkloadSettings;
import io.shardlab.workload.ZipCodeTable;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The datasets ShardLab ships, as samples. Each is a class-path resource read with the same CSV
 * reader as a file; its order is its file order.
 */
public enum ShippedDataset implements SampleSource {

    /**
     * US ZIP codes with city, state and coordinates, sorted by ZIP code ({@link ZipCodeTable#RESOURCE};
     * derived from the npm package {@code zipcodes} 8.0.0, BSD licence).
     */
    ZIPCODES("zipcodes", ZipCodeTable.RESOURCE, "advisor.dataset.zipcodes");

    private final String datasetName;
    private final String resource;
    private final String summaryKey;

    ShippedDataset(String datasetName, String resource, String summaryKey) {
        this.datasetName = datasetName;
        this.resource = resource;
        this.summaryKey = summaryKey;
    }

    /** The name users type, e.g. {@code "zipcodes"}. */
    public String datasetName() {
        return datasetName;
    }

    /** One line on what the data is. */
    public Message summary() {
        return Message.of(summaryKey);
    }

    /**
     * The dataset called {@code name}.
     *
     * @throws IllegalArgumentException naming the known datasets
     */
    public static ShippedDataset named(String name) {
        for (ShippedDataset d : values()) {
            if (d.datasetName.equals(name.toLowerCase(Locale.ROOT))) {
                return d;
            }
        }
        throw new IllegalArgumentException(String.format(
                "dataset: no shipped dataset '%s'; shipped: %s", // untranslated: a developer's contract
                name, Arrays.stream(values()).map(ShippedDataset::datasetName).collect(Collectors.joining(", "))));
    }

    @Override
    public Message description() {
        return Message.of("advisor.sample.shippedSource", datasetName);
    }

    @Override
    public SampleOrder order() {
        return SampleOrder.INSERTION;
    }

    @Override
    public SampleInput open() {
        InputStream raw = ShippedDataset.class.getResourceAsStream(resource);
        if (raw == null) {
            throw new IllegalStateException(resource + " is missing from the class path; the build must include it");
        }
        CountingInput in = new CountingInput(raw);
        String name = resource.substring(resource.lastIndexOf('/') + 1);
        InsertStream stream = DatasetFile.open(
                in,
                name,
                DatasetFile.formatOf(name),
                WorkloadSettings.of(Long.MAX_VALUE, DatasetFileSampleSource.ID_SEED),
                Long.MAX_VALUE);
        return new SampleInput(stream, in::count, 0, 0);
    }
}
