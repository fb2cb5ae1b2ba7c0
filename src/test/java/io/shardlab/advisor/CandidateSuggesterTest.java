package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

class CandidateSuggesterTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    /**
     * 3,000 documents: {@code _id} counts up, {@code user} is one of 2,000 at random, {@code region}
     * one of three, {@code tags} an array, {@code address} a document, {@code coupon} only sometimes.
     */
    private static Sample sample() {
        SplittableRandom random = new SplittableRandom(7);
        List<BsonDocument> docs = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            BsonDocument d = new BsonDocument("_id", new BsonInt32(i))
                    .append("user", new BsonInt32(random.nextInt(2_000)))
                    .append("region", new BsonString(List.of("us", "eu", "ap").get(random.nextInt(3))))
                    .append("tags", new BsonArray(List.of(new BsonString("t"))))
                    .append("address", new BsonDocument("city", new BsonString("c" + i)));
            if (i % 2 == 0) {
                d.append("coupon", new BsonInt32(i));
            }
            docs.add(d);
        }
        return Sample.of("s", SampleOrder.INSERTION, docs);
    }

    private static List<String> keys(List<SuggestedCandidate> suggestions) {
        return suggestions.stream().map(s -> s.key().toString()).toList();
    }

    @Test
    void suggestsHighCardinalityFieldsTheirHashedVariantsAndACoarsePrefix() {
        List<SuggestedCandidate> s = CandidateSuggester.suggest(sample(), List.of());

        // _id grows with every insert: only hashed; user: ranged and hashed; region + user compound.
        // tags (array), address (document) and coupon (missing in half) never qualify.
        assertEquals(
                List.of("{ _id: 'hashed' }", "{ user: 1 }", "{ user: 'hashed' }", "{ region: 1, user: 1 }"), keys(s));
        assertTrue(
                ENGLISH.text(s.get(0).reason()).contains("moves one way with insertion order"),
                ENGLISH.text(s.get(0).reason()));
        assertTrue(
                ENGLISH.text(s.get(3).reason()).startsWith("'region' (3 values) keeps related documents together"),
                ENGLISH.text(s.get(3).reason()));
    }

    @Test
    void leavesOutTheKeysAlreadyListed() {
        List<SuggestedCandidate> s = CandidateSuggester.suggest(
                sample(), List.of(ShardKeyPattern.parse("{user: 1}"), ShardKeyPattern.parse("{_id: 'hashed'}")));

        assertEquals(List.of("{ user: 'hashed' }", "{ region: 1, user: 1 }"), keys(s));
    }

    @Test
    void aSampleOfLowCardinalityFieldsHasNothingToSuggest() {
        assertEquals(List.of(), CandidateSuggester.suggest(Samples.ofValues("region", "'a'", "'b'", "'a'"), List.of()));
    }

    /**
     * 3,000 orders: {@code country} one of 4, {@code state} one of 60, and three high-cardinality fields
     * ({@code user}, {@code order}, {@code sku}), enough to fill the suggestions on their own.
     */
    private static Sample orders() {
        SplittableRandom random = new SplittableRandom(11);
        List<BsonDocument> docs = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            docs.add(new BsonDocument("country", new BsonString("c" + random.nextInt(4)))
                    .append("state", new BsonString("s" + random.nextInt(60)))
                    .append("user", new BsonInt32(random.nextInt(2_000)))
                    .append("order", new BsonInt32(random.nextInt(1_000_000)))
                    .append("sku", new BsonInt32(random.nextInt(5_000))));
        }
        return Sample.of("orders", SampleOrder.INSERTION, docs);
    }

    @Test
    void aCountryLedAndAStateLedCompoundKeyAreOfferedEvenWhenTheFineFieldsFillTheList() {
        List<String> keys = keys(CandidateSuggester.suggest(orders(), List.of()));

        // the coarsest field (the country) and the finest coarse one (the state) each lead a compound key
        assertTrue(keys.contains("{ country: 1, order: 1 }"), keys.toString());
        assertTrue(keys.contains("{ state: 1, order: 1 }"), keys.toString());
        assertEquals(CandidateSuggester.MAX_SUGGESTIONS, keys.size(), keys.toString());
    }
}
