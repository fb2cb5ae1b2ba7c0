package io.shardlab.live;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;

/** Writes config dumps the way mongodump does, for tests outside this package. */
public final class ConfigDumpReaderTestSupport {

    private ConfigDumpReaderTestSupport() {
    }

    /** What {@code mongodump --db config --out DIR} writes: DIR/config/&lt;collection&gt;.bson. */
    public static void mongodump(Path dir, Map<String, List<BsonDocument>> config) throws Exception {
        ConfigDumpReaderTest.mongodump(dir, config, false);
    }
}
