package io.shardlab.cli;

import io.shardlab.AppInfo;
import java.io.PrintWriter;
import java.io.StringWriter;

/** One CLI run with captured output: exit code, stdout, stderr. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.create(new AppInfo("ShardLab", "test"), new PrintWriter(out, true), new PrintWriter(err, true))
                .execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
