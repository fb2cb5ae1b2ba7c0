package io.shardlab.advisor;

import io.shardlab.FuzzInputs;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Property: any query mix text is a list of operations or is refused in one line naming the file. */
class QueryMixFileFuzzTest {

    @Test
    void everyMixTextIsOperationsOrOneLineNamingTheFile() {
        FuzzInputs inputs = new FuzzInputs(
                77L,
                List.of(
                        "{op: 'find', filter: {customerId: 42}, weight: 70}\n{op: 'updateOne', filter: {orderNo: 17}, update: {$set: {status: 'paid'}}, upsert: true}\n",
                        "{\"op\": \"replaceOne\", \"filter\": {\"a\": 1}, \"replacement\": {\"a\": 1, \"b\": 2}}\n{\"op\": \"deleteMany\", \"filter\": {\"a\": {\"$in\": [1, 2]}}, \"weight\": 3}\n",
                        "{op: 'aggregate', filter: {a: /^x/}}\n{op: 'updateMany', filter: {}, update: {$inc: {n: 1}, $unset: {m: ''}}}\n"));
        for (int i = 0; i < 3_000; i++) {
            FuzzInputs.assertResultOrOneLine(inputs.next(), "mix.jsonl", text -> QueryMixFile.parse(text, "mix.jsonl"));
        }
    }
}
