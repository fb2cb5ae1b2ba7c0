package io.shardlab.mongos.jstests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.shardlab.cluster.MongoVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's table of ported MongoDB tests ("How the mongos is checked against MongoDB's own tests") is what the
 * ported tables answer: for each table of this package ({@link #PORT_TESTS}) and each release line of the table's
 * columns, how many of its rows that hold for the line get MongoDB's answer from ShardLab's mongos. The README holds
 * the table between the markers {@link #START} and {@link #END}; when a table or an answer changes, this test fails
 * with the table to paste there.
 */
class PortedTablesInReadmeTest {

    static final String START = "<!-- ported-tables:start -->";
    static final String END = "<!-- ported-tables:end -->";

    /** The columns: the release lines the measurements name (4.4 is the first a served mongos answers as). */
    static final List<MongoVersion> COLUMNS =
            List.of(MongoVersion.V4_4, MongoVersion.V5_0, MongoVersion.V6_0, MongoVersion.V7_0, MongoVersion.V8_0);

    /** Every ported test of this package, in the README's order (each holds its table as {@code TABLE}). */
    static final List<Class<?>> PORT_TESTS = List.of(
            EnableShardingPortTest.class,
            ShardCollectionBasicPortTest.class,
            RefineCollectionShardKeyPortTest.class,
            MoveRangeBasicPortTest.class,
            MoveChunkBasicPortTest.class,
            UpdateZoneKeyRangePortTest.class,
            AddShardToZonePortTest.class,
            RemoveShardFromZonePortTest.class,
            BalancerShellCommandsPortTest.class,
            MergeChunksPortTest.class,
            MergeChunksCompoundShardKeyPortTest.class,
            MergeChunksBasicPortTest.class,
            MergeChunksTestWithMdOpsPortTest.class,
            MergeChunkHashedPortTest.class,
            SplitLargeKeyPortTest.class,
            ShardKeycountPortTest.class,
            ZoneChangesCompoundPortTest.class,
            ZoneChangesHashedPortTest.class,
            ZoneChangesRangePortTest.class,
            MergeAllChunksOnShardPortTest.class,
            ConfigureCollectionBalancingPortTest.class,
            SetAllowMigrationsPortTest.class,
            CheckMetadataConsistencyPortTest.class,
            ListClusterCatalogPortTest.class,
            ListClusterCatalogShardingFieldsPortTest.class,
            CollectionlessAggregatePortTest.class,
            ExplainFindAndModifyPortTest.class,
            RegexTargetingPortTest.class,
            CreateIndexesPortTest.class,
            IndexPartialCreateDropPortTest.class,
            CollModBadSpecPortTest.class,
            CollModIndexInvalidOptionPortTest.class,
            CollModPortTest.class,
            CollModConvertToTtlPortTest.class,
            HiddenIndexPortTest.class,
            TtlIndexOptionsPortTest.class);

    @Test
    void everyPortedTableIsCounted() {
        // given every *PortTest class of this package
        List<String> missing = new ArrayList<>();
        for (JavaClass c : new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages(PortedTablesInReadmeTest.class.getPackageName())) {
            // when it is looked for among the counted ones
            if (c.getSimpleName().endsWith("PortTest") && !PORT_TESTS.contains(c.reflect())) {
                missing.add(c.getSimpleName());
            }
        }
        // then none is left out
        assertTrue(missing.isEmpty(), "ported tables not in the README's count: " + missing);
    }

    @Test
    void readmeTableIsTheComputedOne() throws IOException {
        // given the README
        String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
        int start = readme.indexOf(START);
        int end = readme.indexOf(END);
        assertTrue(start >= 0 && end > start, "README.md has no " + START + " … " + END + " section");

        // when every row runs on every column's line
        String computed = table();

        // then the README shows those counts
        String shown = readme.substring(start + START.length(), end).strip();
        assertEquals(computed, shown, "README.md's ported-tables section should read:\n" + computed + "\n");
    }

    /** The markdown table: a row per MongoDB file, a cell per column, {@code agreeing/rows} or — for no rows. */
    static String table() {
        StringBuilder out = new StringBuilder("| MongoDB test file | ShardLab test |");
        COLUMNS.forEach(v -> out.append(' ').append(v).append(" |"));
        out.append("\n|---|---|");
        COLUMNS.forEach(v -> out.append("---|"));
        int[] agreeing = new int[COLUMNS.size()];
        int[] asserted = new int[COLUMNS.size()];
        for (Class<?> test : PORT_TESTS) {
            PortedTable t = tableOf(test);
            out.append("\n| `")
                    .append(t.file())
                    .append("` | `")
                    .append(test.getSimpleName())
                    .append("` |");
            List<PortedRow> rows = t.all();
            for (int i = 0; i < COLUMNS.size(); i++) {
                MongoVersion line = COLUMNS.get(i);
                List<PortedRow> holding =
                        rows.stream().filter(r -> r.holdsFor(line)).toList();
                long agree = holding.stream()
                        .filter(r -> PortedRowRunner.run(r, line).isEmpty())
                        .count();
                agreeing[i] += (int) agree;
                asserted[i] += holding.size();
                out.append(' ')
                        .append(holding.isEmpty() ? "—" : agree + "/" + holding.size())
                        .append(" |");
            }
        }
        out.append("\n| **all** | |");
        for (int i = 0; i < COLUMNS.size(); i++) {
            out.append(" **")
                    .append(agreeing[i])
                    .append('/')
                    .append(asserted[i])
                    .append("** |");
        }
        return out.toString();
    }

    private static PortedTable tableOf(Class<?> portTest) {
        try {
            return (PortedTable) portTest.getDeclaredField("TABLE").get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(portTest.getSimpleName() + " has no TABLE", e);
        }
    }
}
