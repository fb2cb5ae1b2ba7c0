package io.shardlab.advisor;

import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Proposes candidate keys from a sample's top-level fields ({@link FieldProfile}s), by fixed rules:
 * <ul>
 *   <li>A field qualifies when every sampled document has it as a plain value: never missing, never
 *       an array (a shard key cannot hold one), never an embedded document.</li>
 *   <li><b>High-cardinality fields</b> (at least {@link FindingRules#LOW_CARDINALITY_BELOW} distinct
 *       values), most distinct first, at most {@value #HIGH_CARDINALITY_FIELDS}: the field as a
 *       ranged key, unless its values move one way with insertion order ({@link
 *       FieldProfile#trendsOneWay()}), which would send every insert to one chunk; and its
 *       <b>hashed variant</b>, which spreads such inserts over every shard at the price of range
 *       queries.</li>
 *   <li><b>A coarse field with a high-cardinality one</b>: the coarse field (2 to
 *       {@code LOW_CARDINALITY_BELOW - 1} distinct values; the one with fewest values, a country, and the one
 *       with most, a state, each a suggestion: {@link #coarseFields}) groups related documents, the high-cardinality field splits the groups: {@code {coarse: 1, fine: 1}}. The fine field is the first high-cardinality field
 *       (in the order above) that does not trend, else the first.</li>
 * </ul>
 * Keys the user already lists are left out; at most {@value #MAX_SUGGESTIONS} suggestions, the compound keys
 * always among them.
 */
public final class CandidateSuggester {

    /** High-cardinality fields considered. */
    static final int HIGH_CARDINALITY_FIELDS = 3;
    /** The most suggestions made. */
    static final int MAX_SUGGESTIONS = 6;

    private CandidateSuggester() {}

    /** Suggestions for {@code sample}, leaving out {@code already}. */
    public static List<SuggestedCandidate> suggest(Sample sample, List<ShardKeyPattern> already) {
        long n = sample.numDocsSampled();
        List<FieldProfile> plain = sample.fields().stream()
                .filter(f -> f.present() == n && f.arrays() == 0 && f.embedded() == 0 && validPath(f.path()))
                .toList();
        List<FieldProfile> allHigh = plain.stream()
                .filter(f -> f.distinctValues() >= FindingRules.LOW_CARDINALITY_BELOW)
                .sorted(Comparator.comparingInt(FieldProfile::distinctValues).reversed())
                .toList();
        List<FieldProfile> high = allHigh.subList(0, Math.min(HIGH_CARDINALITY_FIELDS, allHigh.size()));
        List<FieldProfile> coarse = coarseFields(plain, sample);

        Set<ShardKeyPattern> seen = new LinkedHashSet<>(already);
        List<SuggestedCandidate> out = new ArrayList<>();
        for (FieldProfile f : high) {
            Message values = distinct(f);
            if (!f.trendsOneWay()) {
                add(
                        out,
                        seen,
                        pattern(new KeyField(f.path(), false)),
                        Message.of("advisor.suggestion.highCardinality", f.path(), values, n));
            }
            add(
                    out,
                    seen,
                    pattern(new KeyField(f.path(), true)),
                    f.trendsOneWay()
                            ? Message.of("advisor.suggestion.hashMonotonic", f.path(), values)
                            : Message.of("advisor.suggestion.hashedVariant", f.path()));
        }
        List<SuggestedCandidate> compounds = new ArrayList<>();
        if (!allHigh.isEmpty()) {
            FieldProfile fine =
                    allHigh.stream().filter(f -> !f.trendsOneWay()).findFirst().orElse(allHigh.get(0));
            for (FieldProfile c : coarse) {
                add(
                        compounds,
                        seen,
                        pattern(new KeyField(c.path(), false), new KeyField(fine.path(), false)),
                        Message.of("advisor.suggestion.compound", c.path(), distinct(c), fine.path(), distinct(fine)));
            }
        }
        // the compound keys always have their room: the high-cardinality fields give way
        int room = MAX_SUGGESTIONS - compounds.size();
        List<SuggestedCandidate> all = new ArrayList<>(out.subList(0, Math.min(room, out.size())));
        all.addAll(compounds);
        return all;
    }

    /**
     * The coarse fields that lead a compound key (2 to {@code LOW_CARDINALITY_BELOW - 1} distinct values): the
     * coarsest (a country, a region: the fewest values, the largest groups), then the finest (a state, a city: the
     * most values), each once. MongoDB's manual: "If your data model requires sharding on a key that has low
     * cardinality, consider using a compound index using a field that has higher relative cardinality"
     * (docs/manual/core/sharding-choose-a-shard-key, Shard Key Cardinality).
     */
    static List<FieldProfile> coarseFields(List<FieldProfile> plain, Sample sample) {
        List<FieldProfile> candidates = plain.stream()
                .filter(f -> f.distinctValues() >= 2 && f.distinctValues() < FindingRules.LOW_CARDINALITY_BELOW)
                .toList();
        Comparator<FieldProfile> byValues = Comparator.comparingInt(FieldProfile::distinctValues)
                .thenComparing(f -> -sample.fields().indexOf(f));
        Set<FieldProfile> out = new LinkedHashSet<>();
        candidates.stream().min(byValues).ifPresent(out::add);
        candidates.stream().max(byValues).ifPresent(out::add);
        return List.copyOf(out);
    }

    private static void add(List<SuggestedCandidate> out, Set<ShardKeyPattern> seen, ShardKeyPattern key, Message why) {
        if (seen.add(key)) {
            out.add(new SuggestedCandidate(key, why));
        }
    }

    private static ShardKeyPattern pattern(KeyField... fields) {
        return new ShardKeyPattern(List.of(fields));
    }

    private static Message distinct(FieldProfile f) {
        return Message.of(
                f.distinctCapped() ? "advisor.suggestion.distinctAtLeast" : "advisor.suggestion.distinct",
                f.distinctValues());
    }

    /** A name that can be a shard-key path: not empty, no '$' start, no dots (a dotted top-level name is ambiguous). */
    private static boolean validPath(String name) {
        return !name.isEmpty() && !name.startsWith("$") && !name.contains(".");
    }
}
