package io.shardlab.mongos;

import java.util.Locale;

/**
 * How full the memory budget of kept documents is: what the serve console announces, {@code serverStatus} and
 * {@code dbStats} report, and the window's gauge shows.
 *
 * @param usedBytes the heap the kept documents take (their BSON bytes and the storage's cost per document)
 * @param budgetBytes the heap they may take
 */
public record MemoryBudgetUse(long usedBytes, long budgetBytes) {

    public MemoryBudgetUse {
        if (usedBytes < 0 || budgetBytes < 0) {
            throw new IllegalArgumentException("usedBytes and budgetBytes must not be negative");
        }
    }

    /** The percentage used, rounded down; 100 when the budget is 0 or passed. */
    public int percent() {
        if (budgetBytes == 0) {
            return 100;
        }
        return (int) Math.min(100, usedBytes * 100 / budgetBytes);
    }

    /**
     * Whether the use has reached the second announced step (80 %, {@code MemoryBudget.ANNOUNCED_PERCENTS}): the
     * window warns from here, before writes are refused at 100 %.
     */
    public boolean nearlyFull() {
        return percent() >= NEARLY_FULL_PERCENT;
    }

    /** Whether nothing more fits: writes are refused (ExceededMemoryLimit) until documents are deleted or dropped. */
    public boolean full() {
        return usedBytes >= budgetBytes;
    }

    /** The percentage from which the budget is {@link #nearlyFull()}. */
    static final int NEARLY_FULL_PERCENT = 80;

    /** {@code "12 of 256 MB"}. */
    public String describe() {
        return usedMegabytes() + " of " + budgetMegabytes() + " MB";
    }

    /** The bytes used in MB: whole from 10 MB, else to one decimal ({@code "0.5"}, {@code "12"}). */
    public String usedMegabytes() {
        return megabytes(usedBytes);
    }

    /** The budget in MB, as {@link #usedMegabytes()}. */
    public String budgetMegabytes() {
        return megabytes(budgetBytes);
    }

    private static String megabytes(long bytes) {
        return bytes % (1024 * 1024) == 0 || bytes >= 10L * 1024 * 1024
                ? Long.toString(Math.round(bytes / (1024.0 * 1024.0)))
                : String.format(Locale.ROOT, "%.1f", bytes / (1024.0 * 1024.0));
    }
}
