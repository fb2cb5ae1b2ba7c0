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

    /**
     * The bytes used in MB: whole from 10 MB, to one decimal from 0.1 MB ({@code "0.5"}, {@code "12"}), below that to
     * three decimals rounded up ({@code "0.023"} for 23 KiB), so that something written never reads as nothing.
     */
    public String usedMegabytes() {
        return megabytes(usedBytes);
    }

    /** The budget in MB, as {@link #usedMegabytes()}. */
    public String budgetMegabytes() {
        return megabytes(budgetBytes);
    }

    private static String megabytes(long bytes) {
        double megabytes = bytes / (1024.0 * 1024.0);
        if (bytes % (1024 * 1024) == 0 || bytes >= 10L * 1024 * 1024) {
            return Long.toString(Math.round(megabytes));
        }
        if (megabytes >= SMALLEST_TO_ONE_DECIMAL) {
            return String.format(Locale.ROOT, "%.1f", megabytes);
        }
        return String.format(Locale.ROOT, "%.3f", Math.ceil(megabytes * 1000) / 1000);
    }

    /** The MB from which one decimal says the use; below it, 0.0 would hide what was written. */
    private static final double SMALLEST_TO_ONE_DECIMAL = 0.1;
}
