package io.shardlab.cli;

import io.shardlab.advisor.AnalysisProgress;
import io.shardlab.advisor.ProgressListener;
import java.io.PrintWriter;

/**
 * Writes progress to standard error: on a terminal one line rewritten in place, elsewhere one line
 * per whole percent or new stage. Thread-safe.
 */
final class ProgressPrinter implements ProgressListener {

    private final PrintWriter err;
    private final boolean terminal;
    private String lastLine = "";
    private int lastPercent = -1;
    private String lastJob = "";

    ProgressPrinter(PrintWriter err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    @Override
    public synchronized void progress(AnalysisProgress p) {
        String job = p.stage().startsWith("reading ") ? p.stage() : "analysing";
        int percent = p.percent();
        if (job.equals(lastJob) && percent == lastPercent) {
            return;
        }
        lastJob = job;
        lastPercent = percent;
        String line = String.format("[%3d%%] %s", percent, p.stage());
        if (terminal) {
            err.print("\r" + line + " ".repeat(Math.max(0, lastLine.length() - line.length())));
        } else {
            err.println(line);
        }
        lastLine = line;
        err.flush();
    }

    /** Ends the in-place line on a terminal. */
    synchronized void finish() {
        if (terminal && !lastLine.isEmpty()) {
            err.println();
            err.flush();
        }
    }
}
