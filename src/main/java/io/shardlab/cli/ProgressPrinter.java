package io.shardlab.cli;

import io.shardlab.advisor.AnalysisProgress;
import io.shardlab.advisor.ProgressListener;
import io.shardlab.text.Messages;
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

    private final Messages messages;

    /** @param messages the words the stages are said in */
    ProgressPrinter(PrintWriter err, boolean terminal, Messages messages) {
        this.messages = messages;
        this.err = err;
        this.terminal = terminal;
    }

    @Override
    public synchronized void progress(AnalysisProgress p) {
        String stage = messages.text(p.stage());
        // a load is one job per source; the candidates' stages are one analysis
        String job = p.stage().key().equals("advisor.progress.reading") ? stage : "";
        int percent = p.percent();
        if (job.equals(lastJob) && percent == lastPercent) {
            return;
        }
        lastJob = job;
        lastPercent = percent;
        String line = String.format("[%3d%%] %s", percent, stage);
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
