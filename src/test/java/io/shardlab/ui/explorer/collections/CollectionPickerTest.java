package io.shardlab.ui.explorer.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.shardlab.session.AppWiring;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.FakeClock;
import io.shardlab.session.ManualSimulationThread;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.session.Scenario;
import io.shardlab.text.Language;
import io.shardlab.ui.text.UiText;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Scene;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.controlsfx.control.SearchableComboBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The picker strip names the collection on show whenever the list of collections changes (the shell shards one,
 * an archive brings its own): replacing a ComboBox's items must not leave it blank.
 */
@ExtendWith(ApplicationExtension.class)
class CollectionPickerTest {
    private final ManualSimulationThread thread = new ManualSimulationThread();
    private final List<EngineState> published = new ArrayList<>();
    private final ExplorerEngine engine = AppWiring.explorerEngine(thread, new FakeClock(), published::add);
    private final CollectionPickerViewModel vm = new CollectionPickerViewModel(engine::showCollection, new FakeClock());
    private SearchableComboBox<CollectionPickerViewModel.Choice> list;

    @Start
    @SuppressWarnings("unchecked")
    void start(Stage stage) {
        CollectionPicker picker = new CollectionPicker(
                vm, new SimpleBooleanProperty(true), new SimpleBooleanProperty(true), new UiText(Language.ENGLISH));
        list = (SearchableComboBox<CollectionPickerViewModel.Choice>)
                picker.node().lookup("#collection-picker");
        stage.setScene(new Scene(picker.node(), 900, 60));
        stage.show();
    }

    private void refresh() {
        vm.show(assertInstanceOf(EngineState.Running.class, published.get(published.size() - 1)));
    }

    private void shard(String namespace) {
        engine.shellCommandLayer()
                .run(
                        "admin",
                        new BsonDocument("shardCollection", new BsonString(namespace))
                                .append("key", new BsonDocument("userId", new BsonString("hashed"))));
    }

    @Test
    void dropping_forty_databases_while_the_drop_down_is_filtered_throws_nothing_on_the_javafx_thread(FxRobot robot) {
        List<Throwable> thrown = new ArrayList<>();
        List<Thread.UncaughtExceptionHandler> before = new ArrayList<>();
        robot.interact(() -> {
            before.add(Thread.currentThread().getUncaughtExceptionHandler());
            Thread.currentThread().setUncaughtExceptionHandler((t, e) -> thrown.add(e));
        });
        try {
            // given 50 sharded collections, db45.c on show, the drop-down open and its search on "db4"
            robot.interact(() -> {
                engine.load(ResolvedScenario.of(
                        Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000), WorkloadRegistry.standard()));
                for (int i = 0; i < 50; i++) {
                    shard("db%02d.c".formatted(i));
                }
                refresh();
                vm.choose(vm.choices().get(45));
                refresh();
                list.show();
                ((TextField) list.lookup(".text-field")).setText("db4");
            });
            assertEquals("db45.c", list.getValue().namespace());

            // when a client drops 40 databases, the one on show among them, and one frame follows
            robot.interact(() -> {
                for (int i = 10; i < 50; i++) {
                    engine.shellCommandLayer()
                            .run("db%02d".formatted(i), new BsonDocument("dropDatabase", new BsonInt32(1)));
                }
                refresh();
            });
            robot.interact(() -> list.hide());

            // then the list shrank to the ten left and the scenario's, which shows; nothing was thrown
            assertEquals(List.of(), thrown);
            assertEquals(11, vm.choices().size());
            assertEquals("shardlab.events", list.getValue().namespace());
        } finally {
            robot.interact(() -> Thread.currentThread().setUncaughtExceptionHandler(before.get(0)));
        }
    }

    @Test
    void after_the_shell_shards_another_collection_the_picker_still_names_the_one_on_show(FxRobot robot) {
        // given the scenario's collection on show
        robot.interact(() -> {
            engine.load(ResolvedScenario.of(
                    Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000), WorkloadRegistry.standard()));
            refresh();
        });
        assertEquals("shardlab.events · { counter: 1 }", list.getValue().label());

        // when the shell shards a second collection, and then a third
        for (String ns : List.of("social.inbox", "social.users")) {
            robot.interact(() -> {
                shard(ns);
                refresh();
            });

            // then the list grew and the picker still names the scenario's collection
            assertEquals("shardlab.events · { counter: 1 }", list.getValue().label(), ns);
        }
        assertEquals(3, vm.choices().size());
    }
}
