package io.shardlab.ui.lessons;

import java.util.Objects;

/**
 * A lesson's "Run in shell" step: a snippet of mongosh the Shell panel types and runs on the lesson's
 * scenario, so the room sees the very commands they will type on a real cluster, and the explorer answer.
 *
 * @param label what the step does, on its button
 * @param script the snippet, mongosh syntax, one whole input (it may span lines)
 */
public record ShellStep(String label, String script) {

    public ShellStep {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(script, "script");
    }
}
