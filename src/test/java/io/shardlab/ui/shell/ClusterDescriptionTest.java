package io.shardlab.ui.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClusterDescriptionTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            In-memory cluster | 8.0    | In-memory cluster · MongoDB 8.0
            Live cluster      | 7.0.14 | Live cluster · MongoDB 7.0.14
            Snapshot          | 6.0    | Snapshot · MongoDB 6.0
            Live cluster      | 8.0.0-rc1 | Live cluster · MongoDB 8.0.0-rc1
            """)
    void label_names_the_kind_and_the_mongodb_release(String kind, String version, String label) {
        assertEquals(label, ENGLISH.text(new ClusterDescription(kind, version).label()));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "null", textBlock = """
            In-memory cluster | 8        | serverVersion: expected a MongoDB release such as '8.0', got '8'
            In-memory cluster | v8.0     | serverVersion: expected a MongoDB release such as '8.0', got 'v8.0'
            In-memory cluster | null     | serverVersion: expected a MongoDB release such as '8.0', got 'null'
            '  '              | 8.0      | kind: must name the cluster kind, got '  '
            Live cluster      | 7.0.x    | serverVersion: expected a MongoDB release such as '8.0', got '7.0.x'
            """)
    void rejects_what_is_not_a_kind_and_a_release(String kind, String version, String message) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new ClusterDescription(kind, version));
        assertEquals(message, e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            IN_MEMORY   | 8.0    | false | In-memory cluster · MongoDB 8.0         | 内存集群 · MongoDB 8.0
            LIVE        | 7.0.14 | false | Live cluster · MongoDB 7.0.14           | 在线集群 · MongoDB 7.0.14
            CONFIG_DUMP | 4.4    | true  | Config dump · MongoDB 4.4 (inferred)    | 配置转储 · MongoDB 4.4（推断）
            SNAPSHOT    | 6.0    | false | Snapshot · MongoDB 6.0                  | 快照 · MongoDB 6.0
            """)
    void a_kind_of_shardlab_is_said_in_each_language(
            String kind, String version, boolean inferred, String english, String chinese) {
        Message named = switch (kind) {
            case "IN_MEMORY" -> ClusterDescription.IN_MEMORY;
            case "LIVE" -> ClusterDescription.LIVE;
            case "CONFIG_DUMP" -> ClusterDescription.CONFIG_DUMP;
            default -> ClusterDescription.SNAPSHOT;
        };
        ClusterDescription description = new ClusterDescription(named, Optional.of(version), inferred);

        assertEquals(english, ENGLISH.text(description.label()));
        assertEquals(chinese, Messages.of(Language.SIMPLIFIED_CHINESE).text(description.label()));
    }

    @Test
    void without_a_version_the_label_is_the_kind_alone() {
        assertEquals(
                "Config dump",
                ENGLISH.text(ClusterDescription.withoutVersion("Config dump").label()));
        assertThrows(IllegalArgumentException.class, () -> ClusterDescription.withoutVersion(" "));
    }
}
