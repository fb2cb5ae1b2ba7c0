package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** analyzeShardKey's keyCharacteristics on samples small enough to work out by hand. */
class KeyCharacteristicsTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private static KeyCharacteristics characteristics(Sample sample, String key) {
        return Samples.analyze(sample, key).keyCharacteristics();
    }

    @Test
    void countsDistinctValuesAndListsTheMostCommonFirstWithTiesInInsertionOrder() {
        // given x = 3, 1, 2, 1, 5, 1 in insertion order
        Sample sample = Samples.ofValues("x", "3", "1", "2", "1", "5", "1");

        KeyCharacteristics kc = characteristics(sample, "{x: 1}");

        // then 1 appears 3 times; 3, 2 and 5 once each, listed in the order they were first inserted
        assertEquals(6, kc.numDocsSampled());
        assertEquals(6, kc.numDocsTotal());
        assertEquals(4, kc.numDistinctValues());
        assertFalse(kc.isUnique());
        assertEquals(
                List.of(
                        new ValueFrequency(BsonLiterals.parseDocument("{x: 1}"), 3),
                        new ValueFrequency(BsonLiterals.parseDocument("{x: 3}"), 1),
                        new ValueFrequency(BsonLiterals.parseDocument("{x: 2}"), 1),
                        new ValueFrequency(BsonLiterals.parseDocument("{x: 5}"), 1)),
                kc.mostCommonValues());
    }

    @Test
    void theRecordIdCorrelationIsPearsonOverIndexOrderAndInsertionOrderRoundedUpAtTenDecimals() {
        // given x = 3, 1, 2, 1, 5, 1 (insertion ordinals 1..6). In index order, ties by RecordId:
        // x=1 -> 2, 4, 6; x=2 -> 3; x=3 -> 1; x=5 -> 5. So y = 2, 4, 6, 3, 1, 5 against x = 1..6:
        // sum(xy) = 2 + 8 + 18 + 12 + 5 + 30 = 75, n = 6, sum(x) = 21, sum(x^2) = 91,
        // r = (6 * 75 - 21^2) / (6 * 91 - 21^2) = 9 / 105 = 0.08571428571428...
        Sample sample = Samples.ofValues("x", "3", "1", "2", "1", "5", "1");

        Monotonicity m = characteristics(sample, "{x: 1}").monotonicity();

        assertEquals(MonotonicityType.NOT_MONOTONIC, m.type());
        assertEquals(OptionalDouble.of(0.0857142858), m.recordIdCorrelationCoefficient(), "ceil at 10 decimals");
    }

    @Test
    void aTimestampThatGrowsWithInsertsIsMonotonicEvenWithALittleJitter() {
        // given timestamps 1, 2, 3, 5, 4, 6, 7, 8, 10, 9 (seconds): two neighbouring pairs swapped
        String[] ts = new String[10];
        int[] seconds = {1, 2, 3, 5, 4, 6, 7, 8, 10, 9};
        for (int i = 0; i < ts.length; i++) {
            ts[i] = "new Date(" + seconds[i] * 1000L + ")";
        }
        Sample sample = Samples.ofValues("ts", ts);

        Monotonicity m = characteristics(sample, "{ts: 1}").monotonicity();

        // then Spearman's rho = 1 - 6 * sum(d^2) / (n (n^2 - 1)) = 1 - 6 * 4 / 990 = 0.975757...
        assertEquals(MonotonicityType.MONOTONIC, m.type());
        assertEquals(OptionalDouble.of(0.9757575758), m.recordIdCorrelationCoefficient());
    }

    @Test
    void aKeyThatShrinksWithInsertsIsMonotonicToo() {
        Sample sample = Samples.ofValues("ts", "new Date(5000)", "new Date(4000)", "new Date(3000)", "new Date(2000)");

        Monotonicity m = characteristics(sample, "{ts: 1}").monotonicity();

        assertEquals(Monotonicity.of(MonotonicityType.MONOTONIC, -1.0), m, "|r| >= 0.7 in either direction");
    }

    @Test
    void aKeyWithOneValueIsNotMonotonicWithCoefficientZero() {
        Sample sample = Samples.ofValues("region", "'eu'", "'eu'", "'eu'");

        assertEquals(
                Monotonicity.of(MonotonicityType.NOT_MONOTONIC, 0),
                characteristics(sample, "{region: 1}").monotonicity());
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', textBlock = """
            {ts: 'hashed'}                | not monotonic | 0.0
            {ts: 'hashed', region: 1}     | not monotonic | 0.0
            {region: 1, ts: 'hashed'}     | unknown       |
            {ts: 1, region: 1}            | monotonic     | 1.0
            """)
    void hashingDecidesMonotonicityBeforeAnyCorrelation(String key, String type, Double coefficient) {
        Sample sample = Samples.of(
                "{ts: 1, region: 'a'}", "{ts: 2, region: 'a'}", "{ts: 3, region: 'b'}", "{ts: 4, region: 'b'}");

        Monotonicity m = characteristics(sample, key).monotonicity();

        assertEquals(type, m.type().value());
        assertEquals(
                coefficient == null ? OptionalDouble.empty() : OptionalDouble.of(coefficient),
                m.recordIdCorrelationCoefficient());
    }

    @Test
    void aSampleInNoKnownOrderHasUnknownMonotonicity() {
        Sample random = Sample.of(
                "$sample",
                SampleOrder.UNKNOWN,
                List.of(
                        BsonLiterals.parseDocument("{n: 1}"),
                        BsonLiterals.parseDocument("{n: 2}"),
                        BsonLiterals.parseDocument("{n: 3}")));

        assertEquals(Monotonicity.unknown(), characteristics(random, "{n: 1}").monotonicity());
    }

    @Test
    void numbersThatCompareEqualAreOneValue() {
        Sample sample = Samples.ofValues("n", "1", "1.0", "NumberLong(1)", "NumberDecimal('1.00')", "2");

        KeyCharacteristics kc = characteristics(sample, "{n: 1}");

        assertEquals(2, kc.numDistinctValues());
        assertEquals(
                new ValueFrequency(BsonLiterals.parseDocument("{n: 1}"), 4),
                kc.mostCommonValues().get(0),
                "the value shown is the first document's");
    }

    @Test
    void aHashedKeyGroupsByHashButShowsTheDocumentsOwnValues() {
        // given 2.3 and 2.9, which hash alike (doubles are truncated to 2 before hashing), and 3.5
        Sample sample = Samples.ofValues("price", "2.3", "2.9", "3.5");

        KeyCharacteristics hashed = characteristics(sample, "{price: 'hashed'}");
        KeyCharacteristics ranged = characteristics(sample, "{price: 1}");

        assertEquals(2, hashed.numDistinctValues(), "one hash for 2.3 and 2.9");
        assertEquals(
                new ValueFrequency(BsonLiterals.parseDocument("{price: 2.3}"), 2),
                hashed.mostCommonValues().get(0));
        assertEquals(3, ranged.numDistinctValues());
        assertFalse(ranged.isUnique(), "distinct values alone do not make a key unique; a unique index does");
    }

    @Test
    void aMissingFieldIsNullLikeAnExplicitNullAndIsCounted() {
        Sample sample = Samples.of("{a: 1, b: null}", "{a: 2}", "{a: 3, b: 7}");

        CandidateReport report = Samples.analyze(sample, "{b: 1}");

        assertEquals(2, report.keyCharacteristics().numDistinctValues());
        assertEquals(
                new ValueFrequency(BsonLiterals.parseDocument("{b: null}"), 2),
                report.keyCharacteristics().mostCommonValues().get(0));
        assertEquals(List.of(1L), report.missingFieldDocuments());
    }

    @Test
    void compoundAndDottedKeysReadEveryPath() {
        Sample sample = Samples.of(
                "{user: {id: 1, name: 'a'}, day: 1}",
                "{user: {id: 1}, day: 2}",
                "{user: {id: 1}, day: 1}",
                "{user: 'not a document', day: 1}");

        KeyCharacteristics kc = characteristics(sample, "{'user.id': 1, day: 1}");

        assertEquals(3, kc.numDistinctValues());
        assertEquals(
                new ValueFrequency(BsonLiterals.parseDocument("{'user.id': 1, day: 1}"), 2),
                kc.mostCommonValues().get(0));
        assertEquals(
                new ValueFrequency(BsonLiterals.parseDocument("{'user.id': null, day: 1}"), 1),
                kc.mostCommonValues().get(2),
                "a path through a string is null");
    }

    @Test
    void anArrayOnAKeyPathIsRefusedNamingTheDocument() {
        Sample sample = Samples.of("{tags: 'a'}", "{tags: ['a', 'b']}");

        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Samples.analyze(sample, "{tags: 1}"));

        assertEquals(
                "candidate { tags: 1 }: document 2 (line 2 of test) has an array at 'tags'; "
                        + "Shard key cannot contain array values or array descendants.",
                e.getMessage());
    }

    @Test
    void theAverageDocumentSizeIsTheWholeBytesOfTheBsonSizes() {
        // {x: 1} is 4 (length) + 1 (type) + 2 ("x\0") + 4 (int32) + 1 (end) = 12 bytes; {x: 1.5} is 16
        Sample sample = Samples.ofValues("x", "1", "1.5", "2.5");

        assertEquals(14, characteristics(sample, "{x: 1}").avgDocSizeBytes(), "44 / 3 = 14.67, whole bytes");
        assertEquals(44, sample.documents().totalBytes());
    }

    @Test
    void aKeyWithAUniqueIndexListsTheFirstInsertedDocumentsAsMostCommon() {
        // calculateCardinalityAndFrequencyUnique: no grouping, {$limit: 5}, frequency 1 each
        Sample sample = Samples.ofValues("n", "9", "7", "8", "1", "2", "3", "4")
                .withIndexes(IndexListFile.parse(
                        "[{v: 2, key: {_id: 1}, name: '_id_'}, {v: 2, key: {n: 1}, name: 'n_1', unique: true}]",
                        "idx"));

        KeyCharacteristics kc = characteristics(sample, "{n: 1}");

        assertTrue(kc.isUnique());
        assertEquals(7, kc.numDistinctValues());
        assertEquals(
                List.of(9L, 7L, 8L, 1L, 2L),
                kc.mostCommonValues().stream()
                        .map(v -> v.value().getNumber("n").longValue())
                        .toList());
        assertEquals(
                List.of(1L, 1L, 1L, 1L, 1L),
                kc.mostCommonValues().stream().map(ValueFrequency::frequency).toList());
    }

    @Test
    void theIdKeyIsUniqueThroughTheIdIndexEvenWithoutDeclaredIndexes() {
        Sample sample = Samples.ofValues("_id", "3", "1", "2");

        assertTrue(characteristics(sample, "{_id: 1}").isUnique());
        assertTrue(
                characteristics(sample, "{_id: 'hashed'}").isUnique(),
                "the _id index has the key's field names and is unique: findCompatiblePrefixedIndex prefers it");
    }

    @ParameterizedTest(name = "{0}: supporting {2}, isUnique {3}, monotonicity index {4}")
    @CsvSource(delimiter = '|', textBlock = """
            # candidate   | indexes (besides _id_)                                                 | supporting | unique | monotonicity
            {a: 1}        | {key: {a: 1}, name: 'a_1'}                                             | a_1        | false  | a_1
            {a: 1}        | {key: {a: 1}, name: 'a_1', unique: true}                               | a_1        | true   | a_1
            {a: 1}        | {key: {a: 1, b: 1}, name: 'a_1_b_1', unique: true}                     | a_1_b_1    | false  | a_1_b_1
            {a: 1}        | {key: {a: 1, b: 1}, name: 'ab'}; {key: {a: 1}, name: 'a'}              | a          | false  | ab
            {a: 1}        | {key: {a: 1}, name: 'a'}; {key: {a: 1, b: 1}, name: 'ab', unique: true} | ab        | false  | a
            {a: 1}        | {key: {a: 'hashed'}, name: 'a_hashed'}                                 | a_hashed   | false  | -
            {a: 1}        | {key: {a: 1}, name: 'a_1', sparse: true}                               | -          | false  | -
            {a: 1}        | {key: {a: 1}, name: 'a_1', partialFilterExpression: {a: {$gt: 0}}}     | -          | false  | -
            {a: 1}        | {key: {a: 1}, name: 'a_1', collation: {locale: 'fr'}}                  | -          | false  | -
            {a: 1}        | {key: {a: 1}, name: 'a_1', collation: {locale: 'simple'}}              | a_1        | false  | a_1
            {a: 1}        | {key: {a: 'text'}, name: 'a_text'}                                     | -          | false  | -
            {a: 1}        | {key: {a: 1, tags: 1}, name: 'a_tags'}                                 | -          | false  | -
            {a: 1}        | {key: {b: 1, a: 1}, name: 'b_a'}                                       | -          | false  | -
            {a: 1, b: 1}  | {key: {a: 1}, name: 'a_1'}                                             | -          | false  | -
            {a: 'hashed'} | {key: {a: 1}, name: 'a_1', unique: true}                               | a_1        | true   | -
            """)
    void theSupportingIndexFollowsFindCompatiblePrefixedIndex(
            String candidate, String indexes, String supporting, boolean unique, String monotonicity) {
        // analyze_shard_key_cmd_util.cpp: findCompatiblePrefixedIndex (field names prefix; not multikey, sparse,
        // partial or with a collation; fewer fields, then unique, preferred); findShardKeyPrefixedIndex for
        // monotonicity (the key itself, a hashed field hashed, must be the prefix)
        Sample sample = Samples.of("{a: 1, b: 1, tags: ['x', 'y']}", "{a: 2, b: 1, tags: []}")
                .withIndexes(IndexListFile.parse(
                        "[{key: {_id: 1}, name: '_id_'}, " + indexes.replace(";", ",") + "]", "idx"));
        ShardKeyPattern key = ShardKeyPattern.parse(candidate);

        IndexSupport support = IndexSupport.of(sample, key);

        assertEquals(supporting, support.supporting().map(IndexSpec::name).orElse("-"));
        assertEquals(unique, support.isUnique(key));
        assertEquals(monotonicity, support.monotonicity().map(IndexSpec::name).orElse("-"));
    }

    @Test
    void withoutAnIndexThatHasTheKeyAsPrefixMonotonicityIsUnknown() {
        Sample sample = Samples.ofValues("ts", "1", "2", "3", "4")
                .withIndexes(IndexListFile.parse(
                        "[{key: {_id: 1}, name: '_id_'}, {key: {ts: 'hashed'}, name: 'ts_hashed'}]", "idx"));

        assertEquals(Monotonicity.unknown(), characteristics(sample, "{ts: 1}").monotonicity());
    }

    @Test
    void aClusteredCollectionsMonotonicityIsUnknown() {
        // calculateMonotonicity: "If the collection is clustered ... returns 'unknown'"
        Sample sample = Samples.ofValues("_id", "1", "2", "3")
                .withIndexes(IndexListFile.parse(
                        "[{v: 2, key: {_id: 1}, name: '_id_', unique: true, clustered: true}]", "idx"));

        KeyCharacteristics kc = characteristics(sample, "{_id: 1}");

        assertEquals(Monotonicity.unknown(), kc.monotonicity());
        assertTrue(kc.isUnique(), "the clustered index supports the key and is unique");
    }

    @Test
    void aValueLargerThanItsShareOfTheReplyIsTruncatedWithItsTypeAndSize() {
        // truncateBSONObj: over (16 MB - 1000 KB) / 5 = 3,150,643 bytes a value becomes
        // {type, value: "truncated", sizeBytes}; a top-level embedded document is truncated field by field
        String big = "x".repeat(3_200_000);
        Sample sample = Samples.of("{s: '" + big + "', d: {small: 1, big: '" + big + "'}}", "{s: 'a', d: {small: 2}}");

        KeyCharacteristics s = characteristics(sample, "{s: 1}");
        KeyCharacteristics d = characteristics(sample, "{d: 1}");

        assertEquals(
                BsonLiterals.parseDocument("{s: {type: 'string', value: 'truncated', sizeBytes: 3200005}}"),
                s.mostCommonValues().get(0).value(),
                "4-byte length + 3,200,000 bytes + terminator");
        assertEquals(
                BsonLiterals.parseDocument("{s: 'a'}"),
                s.mostCommonValues().get(1).value(),
                "small values stay");
        assertEquals(
                BsonLiterals.parseDocument(
                        "{d: {small: 1, big: {type: 'string', value: 'truncated', " + "sizeBytes: 3200005}}}"),
                d.mostCommonValues().get(0).value());
    }

    @Test
    void aKeyOnAFieldNoDocumentHasIsRuledOutAndACompoundOneIsWarned() {
        Sample sample = Samples.of("{a: 1}", "{a: 2}", "{a: 3}");

        CandidateReport absent = Samples.analyze(sample, "{b: 1}");
        CandidateReport compound = Samples.analyze(sample, "{a: 1, b: 1}");

        assertTrue(absent.disqualified());
        assertEquals(
                "'b' is missing in every sampled document: all get null, so the key has one value and can never "
                        + "split.",
                ENGLISH.text(absent.findings(Severity.DISQUALIFYING).get(0).message()));
        assertFalse(compound.disqualified());
        assertTrue(
                compound.findings().stream()
                        .anyMatch(f -> f.kind() == FindingKind.MISSING_FIELDS
                                && ENGLISH.text(f.message())
                                        .equals(
                                                "'b' is missing in every sampled document: all get null there, so the key splits "
                                                        + "only on its other fields.")),
                compound.findings().toString());
    }
}
