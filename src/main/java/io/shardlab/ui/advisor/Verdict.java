package io.shardlab.ui.advisor;

/** Where a candidate stands after an analysis. */
public enum Verdict {
    /** The advisor's pick. */
    RECOMMENDED("recommended"),
    /** Not ruled out, ranked lower. */
    QUALIFIED("qualified"),
    /** A finding rules it out. */
    RULED_OUT("ruled out");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** The word shown in the table. */
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
