package io.shardlab.cli;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.key.ShardKeyHasher;
import java.io.PrintWriter;
import java.util.List;
import org.bson.BsonValue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hash VALUE...}: the NumberLong a hashed shard key stores for each value,
 * {@code convertShardKeyToHashed(VALUE)} in mongosh ({@code BSONElementHasher::hash64}, seed 0).
 *
 * <p>An array is refused as a hashed index refuses it, with MongoDB's message (code 16766,
 * mongo {@code src/mongo/db/index/expression_keys_private.cpp}).
 */
@Command(name = "hash", mixinStandardHelpOptions = true)
final class HashCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "VALUE", descriptionKey = "hash.values")
    private List<String> values;

    @Override
    public void run() {
        ShardKeyHasher hasher = new ShardKeyHasher();
        StringBuilder out = new StringBuilder();
        for (String text : values) {
            BsonValue value = BsonLiterals.parseValue(text);
            if (value.isArray()) {
                throw new IllegalArgumentException("'" + text
                        + "': hashed indexes do not currently support array values"); // untranslated: MongoDB's error
            }
            out.append(hasher.hash64(value)).append(System.lineSeparator());
        }
        PrintWriter w = spec.commandLine().getOut();
        w.print(out);
        w.flush();
    }
}
