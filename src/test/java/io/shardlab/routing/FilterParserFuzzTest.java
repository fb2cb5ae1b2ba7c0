package io.shardlab.routing;

import io.shardlab.FuzzInputs;
import io.shardlab.bson.BsonLiterals;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Property: any filter text parses to a match expression or is refused in one line. */
class FilterParserFuzzTest {

    @Test
    void everyFilterTextIsAnExpressionOrOneLine() {
        FuzzInputs inputs = new FuzzInputs(
                22L,
                List.of(
                        "{a: 1}",
                        "{a: {$gt: 1, $lt: 5}}",
                        "{$or: [{a: 1}, {b: {$in: [1, 2]}}]}",
                        "{a: /^ab/i}",
                        "{a: {$regex: '^x', $options: 'm'}}",
                        "{$and: [{a: {$ne: 3}}, {b: {$exists: false}}]}",
                        "{a: {$not: {$gte: 2}}}",
                        "{a: {$type: ['int', 'long']}}",
                        "{a: {$all: [1, 2]}, 'b.c': {$nin: [null]}}",
                        "{$nor: [{a: 1}], $comment: 'x'}",
                        "{a: {$mod: [4, 0]}}",
                        "{a: {$in: [/^a/, 'b']}}"));
        for (int i = 0; i < 5_000; i++) {
            FuzzInputs.assertResultOrOneLine(
                    inputs.next(), "", text -> FilterParser.parse(BsonLiterals.parseDocument(text)));
        }
    }
}
