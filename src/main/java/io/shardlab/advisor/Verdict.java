package io.shardlab.advisor;

import io.shardlab.text.Message;

/** Where a candidate stands after an analysis ({@link AdvisorReport#verdict(int)}). */
public enum Verdict {
    /** The advisor's pick. */
    RECOMMENDED("advisor.verdict.recommended"),
    /** Not ruled out, ranked lower. */
    QUALIFIED("advisor.verdict.qualified"),
    /**
     * Not ruled out, ranked lower, but on too little data to judge its writes: the layout rules, the hot-shard rule
     * among them, were skipped ({@link FindingKind#SMALL_SAMPLE}), so a write share of 1.00 does not rule it out.
     */
    WRITES_NOT_JUDGED("advisor.verdict.writesNotJudged"),
    /** A finding rules it out. */
    RULED_OUT("advisor.verdict.ruledOut");

    private final String key;

    Verdict(String key) {
        this.key = key;
    }

    /** The word the comparison shows, e.g. "ruled out" in English. */
    public Message label() {
        return Message.of(key);
    }
}
