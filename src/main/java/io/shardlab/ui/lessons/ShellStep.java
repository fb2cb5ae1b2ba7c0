package io.shardlab.ui.lessons;

import java.util.Objects;

/**
 * A lesson's "Run in shell" step: a snippet of mongosh the Shell panel types and runs on the lesson's
 * scenario, so the room sees the very commands they will type on a real cluster, and the explorer answer.
 *
 * @param label what the step does, on its button
 * @param script the snippet, mongosh syntax, one whole input (it may span lines)
 * @param commands how many database commands the script sends when it runs whole (the panel shows "n of N"
 *     while it runs); 0 when the lesson does not say
 * @param restore mongosh run after the script when it is interrupted or fails, bringing the cluster back to what
 *     the lesson expects (e.g. {@code sh.startBalancer()} after a script that stops the balancer for its
 *     loop); empty when nothing needs restoring
 */
public record ShellStep(String label, String script, int commands, String restore) {

    public ShellStep {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(script, "script");
        Objects.requireNonNull(restore, "restore");
        if (commands < 0) {
            throw new IllegalArgumentException(
                    "commands: " + commands + " is negative"); // untranslated: a developer's contract
        }
    }

    /** A step whose command count is not stated and that needs no restoring. */
    public ShellStep(String label, String script) {
        this(label, script, 0, "");
    }
}
