package io.shardlab.ui.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.AppInfo;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.ui.about.AboutInfo;
import io.shardlab.ui.theme.ThemeChoice;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The main window's state, without the JavaFX toolkit. */
class MainViewModelTest {

    private static final AppInfo APP = new AppInfo("ShardLab", "9.9.9");
    private static final ClusterDescription IN_MEMORY = new ClusterDescription("In-memory cluster", "8.0");
    private static final List<Shard> THREE_SHARDS =
            List.of(Shard.named("shard03"), Shard.named("shard01"), Shard.named("shard02"));

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private final AtomicBoolean systemDark = new AtomicBoolean(false);
    private final AtomicInteger quits = new AtomicInteger();

    private MainViewModel viewModel(List<Shard> shards) {
        return new MainViewModel(
                APP,
                new AboutInfo(APP, AboutInfo.SHARDLAB_LICENCE, List.of()),
                IN_MEMORY,
                shards,
                systemDark::get,
                quits::incrementAndGet,
                null);
    }

    /** What a view bound to {@code message} shows in English. */
    private static String english(Message message) {
        return ENGLISH.text(message);
    }

    /** A collection {@code db.coll} on {@code shards} with {@code chunks} chunks on an int64 key. */
    private static ClusterSnapshot collection(String namespace, List<String> shards, int chunks) {
        List<ShardKey> splitPoints = IntStream.range(1, chunks)
                .mapToObj(i -> ShardKey.of(new BsonInt64(i * 100L)))
                .toList();
        return new ClusterSnapshot(
                namespace,
                ShardKeyPattern.parse("{ userId: 1 }"),
                false,
                shards.stream().map(Shard::named).toList(),
                ChunkMap.fromSplitPoints(1, splitPoints, shards, 1),
                List.of());
    }

    @Nested
    class BeforeAnyCollection {

        @Test
        void shows_the_empty_state_with_the_clusters_shards_sorted() {
            MainViewModel vm = viewModel(THREE_SHARDS);

            assertTrue(vm.emptyProperty().get());
            assertNull(vm.collectionProperty().get());
            assertEquals(
                    List.of("shard01", "shard02", "shard03"),
                    vm.shardIdsProperty().get());
            assertEquals("3 shards", english(vm.shardCountTextProperty().get()));
            assertEquals(0, vm.chunkCountProperty().get());
            assertEquals("0 chunks", english(vm.chunkCountTextProperty().get()));
        }

        @Test
        void names_the_cluster_and_the_product_version() {
            MainViewModel vm = viewModel(THREE_SHARDS);

            assertEquals(
                    "ShardLab — In-memory cluster", english(vm.titleProperty().get()));
            assertEquals("In-memory cluster · MongoDB 8.0", english(vm.clusterLabel()));
            assertEquals("ShardLab 9.9.9", vm.versionText());
            assertEquals(APP, vm.about().app());
        }
    }

    @Nested
    class ShowingACollection {

        @Test
        void replaces_shards_and_counts_and_names_the_namespace_in_the_title() {
            MainViewModel vm = viewModel(THREE_SHARDS);

            vm.showCollection(collection("shop.orders", List.of("rs-b", "rs-a"), 5));

            assertFalse(vm.emptyProperty().get());
            assertEquals(List.of("rs-a", "rs-b"), vm.shardIdsProperty().get());
            assertEquals("2 shards", english(vm.shardCountTextProperty().get()));
            assertEquals(5, vm.chunkCountProperty().get());
            assertEquals("5 chunks", english(vm.chunkCountTextProperty().get()));
            assertEquals(
                    "ShardLab — shop.orders · In-memory cluster",
                    english(vm.titleProperty().get()));
        }

        @Test
        void closing_it_returns_to_the_empty_state_and_keeps_the_shards() {
            MainViewModel vm = viewModel(THREE_SHARDS);
            ClusterSnapshot orders = collection("shop.orders", List.of("rs-a", "rs-b"), 5);
            vm.showCollection(orders);
            assertSame(orders, vm.collectionProperty().get());

            vm.closeCollection();

            assertTrue(vm.emptyProperty().get());
            assertNull(vm.collectionProperty().get());
            assertEquals(List.of("rs-a", "rs-b"), vm.shardIdsProperty().get());
            assertEquals("0 chunks", english(vm.chunkCountTextProperty().get()));
            assertEquals(
                    "ShardLab — In-memory cluster", english(vm.titleProperty().get()));
        }

        @Test
        void rejects_a_missing_snapshot() {
            MainViewModel vm = viewModel(THREE_SHARDS);
            NullPointerException e = assertThrows(NullPointerException.class, () -> vm.showCollection(null));
            assertEquals("snapshot", e.getMessage());
        }

        @Test
        void title_always_starts_with_the_product_name_and_counts_follow_every_snapshot() {
            Random random = new Random(20260401L);
            MainViewModel vm = viewModel(THREE_SHARDS);
            for (int round = 0; round < 200; round++) {
                int shardCount = 1 + random.nextInt(20);
                int chunkCount = 1 + random.nextInt(300);
                List<String> shards = new ArrayList<>();
                for (int s = 0; s < shardCount; s++) {
                    shards.add(String.format("shard%02d", s));
                }
                if (random.nextInt(4) == 0) {
                    vm.closeCollection();
                } else {
                    vm.showCollection(collection("db" + round + ".c", shards, chunkCount));
                    assertEquals(chunkCount, vm.chunkCountProperty().get(), "round " + round);
                    assertEquals(shardCount, vm.shardIdsProperty().size(), "round " + round);
                }
                assertTrue(
                        english(vm.titleProperty().get()).startsWith("ShardLab"),
                        english(vm.titleProperty().get()));
            }
        }
    }

    @ParameterizedTest(name = "{0} -> ''{1}''")
    @CsvSource(delimiter = '|', textBlock = """
            0     | 0 chunks
            1     | 1 chunk
            2     | 2 chunks
            1000  | 1,000 chunks
            12345 | 12,345 chunks
            """)
    void chunk_counts_read_as_english(int chunks, String expected) {
        MainViewModel vm = viewModel(THREE_SHARDS);
        if (chunks > 0) {
            vm.showCollection(collection("db.c", List.of("shard01"), chunks));
        }
        assertEquals(expected, english(vm.chunkCountTextProperty().get()));
    }

    @Test
    void one_shard_is_singular() {
        assertEquals(
                "1 shard",
                english(viewModel(List.of(Shard.named("only")))
                        .shardCountTextProperty()
                        .get()));
    }

    @Nested
    class Theme {

        @ParameterizedTest(name = "{0} with system dark={1} -> dark={2}")
        @CsvSource(delimiter = '|', textBlock = """
                LIGHT  | false | false
                LIGHT  | true  | false
                DARK   | false | true
                DARK   | true  | true
                SYSTEM | false | false
                SYSTEM | true  | true
                """)
        void the_choice_and_the_desktop_decide_dark(ThemeChoice choice, boolean desktopDark, boolean dark) {
            systemDark.set(desktopDark);
            MainViewModel vm = viewModel(THREE_SHARDS);

            vm.chooseTheme(choice);

            assertEquals(choice, vm.themeChoiceProperty().get());
            assertEquals(dark, vm.darkProperty().get());
        }

        @Test
        void follows_the_system_from_the_start() {
            systemDark.set(true);
            MainViewModel vm = viewModel(THREE_SHARDS);

            assertEquals(ThemeChoice.SYSTEM, vm.themeChoiceProperty().get());
            assertTrue(vm.darkProperty().get());
        }

        @Test
        void choosing_follow_system_asks_the_desktop_again() {
            MainViewModel vm = viewModel(THREE_SHARDS);
            assertFalse(vm.darkProperty().get());

            systemDark.set(true);
            vm.chooseTheme(ThemeChoice.LIGHT);
            assertFalse(vm.darkProperty().get());
            vm.chooseTheme(ThemeChoice.SYSTEM);

            assertTrue(vm.darkProperty().get());
        }

        @Test
        void toggling_switches_to_the_opposite_fixed_theme() {
            systemDark.set(true);
            MainViewModel vm = viewModel(THREE_SHARDS);

            vm.toggleLightDark();
            assertEquals(ThemeChoice.LIGHT, vm.themeChoiceProperty().get());
            assertFalse(vm.darkProperty().get());

            vm.toggleLightDark();
            assertEquals(ThemeChoice.DARK, vm.themeChoiceProperty().get());
            assertTrue(vm.darkProperty().get());
        }
    }

    @Test
    void presenter_mode_is_off_until_switched_on() {
        MainViewModel vm = viewModel(THREE_SHARDS);
        assertFalse(vm.presenterModeProperty().get());

        vm.togglePresenterMode();
        assertTrue(vm.presenterModeProperty().get());
        vm.setPresenterMode(false);
        assertFalse(vm.presenterModeProperty().get());
    }

    @Test
    void quit_runs_the_quit_action_once() {
        MainViewModel vm = viewModel(THREE_SHARDS);
        vm.quit();
        assertEquals(1, quits.get());
    }

    @Test
    void the_status_bar_names_a_live_or_offline_source_instead_of_the_in_memory_cluster() {
        MainViewModel vm = viewModel(THREE_SHARDS);
        assertEquals(
                "In-memory cluster · MongoDB 8.0",
                english(vm.clusterLabelProperty().get()));

        vm.describeCluster(new ClusterDescription("Live cluster", "7.0.12"));
        assertEquals(
                "Live cluster · MongoDB 7.0.12",
                english(vm.clusterLabelProperty().get()));

        vm.describeCluster(ClusterDescription.withoutVersion("Config dump"));
        assertEquals("Config dump", english(vm.clusterLabelProperty().get()));
    }
}
