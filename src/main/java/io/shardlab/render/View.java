package io.shardlab.render;

/**
 * Which parts a diagram shows. Every view has the title and the legend.
 */
public enum View {

    /** The number line alone. */
    NUMBER_LINE("numberline"),
    /** The number line with one lane per shard under it. */
    LANES("lanes"),
    /** The key range × time heatmap of writes. */
    HEATMAP("heatmap"),
    /** Number line, lanes, and (when write data exists) the writes chart and the heatmap. */
    ALL("all");

    private final String cliName;

    View(String cliName) {
        this.cliName = cliName;
    }

    /** The command-line spelling. */
    public String cliName() {
        return cliName;
    }

    /**
     * The view spelled {@code name} on the command line.
     *
     * @throws IllegalArgumentException naming the unknown view
     */
    public static View parse(String name) {
        return CommandLineWords.parse("view", values(), View::cliName, name);
    }
}
