package io.shardlab.ui.explorer.balancer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.ShardKey;
import io.shardlab.render.MigrationMarks;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;

/**
 * When Why no move?'s plan preview is there to draw ({@link BalancerWhyViewModel#previewProperty()}) and when an
 * export may still draw it ({@link BalancerWhyViewModel#latestPreview()}). Given a decision whose next migration
 * moves {@code { n: 0 } -->> { n: 12 }} from {@code a} to {@code b}, read synchronously.
 */
class BalancerWhyViewModelTest {

    private static final BalancerWhy.Preview MOVE = new BalancerWhy.Preview(
            ShardKey.of(new BsonInt64(0)),
            ShardKey.of(new BsonInt64(12)),
            "{ n: 0 } -->> { n: 12 }",
            "a",
            "b",
            4096,
            List.of());
    private static final BalancerWhy WHY =
            new BalancerWhy("8.0", Message.of("balancer.moves", 1), List.of(), Optional.of(MOVE));

    private final List<Consumer<Optional<BalancerWhy>>> reads = new ArrayList<>();
    private final BalancerWhyViewModel vm = new BalancerWhyViewModel(
            out -> {
                reads.add(out);
                out.accept(Optional.of(WHY));
            },
            Runnable::run);

    @Test
    void the_preview_is_drawn_only_while_the_panel_is_open() {
        // given the decision read
        vm.refresh();
        assertEquals(Optional.empty(), vm.previewProperty().get());

        // when the panel opens
        vm.openProperty().set(true);

        // then the next migration is the line's preview, as the number line draws it
        assertEquals(Optional.of(MOVE), vm.previewProperty().get());
        assertEquals(
                new MigrationMarks.PlannedMove(MOVE.min(), MOVE.max(), "a", "b"),
                vm.previewProperty().get().orElseThrow().plannedMove());

        // and when it closes the preview goes
        vm.openProperty().set(false);
        assertEquals(Optional.empty(), vm.previewProperty().get());
    }

    @Test
    void a_layout_change_while_open_reads_the_decision_again() {
        // given the panel open on its decision
        vm.openProperty().set(true);
        vm.refresh();
        int before = reads.size();

        // when a migration commits (the chunks change)
        vm.layoutChanged();

        // then the balancer is asked again and the preview follows its answer
        assertEquals(before + 1, reads.size());
        assertEquals(Optional.of(MOVE), vm.previewProperty().get());
    }

    @Test
    void a_closed_panel_keeps_its_last_plan_for_an_export_until_the_chunks_change() {
        // given the panel opened, then closed (as a menu click closes it)
        vm.openProperty().set(true);
        vm.refresh();
        vm.openProperty().set(false);
        assertEquals(Optional.of(MOVE), vm.latestPreview());

        // when the chunks change
        vm.layoutChanged();

        // then the plan is stale, and dropped rather than drawn
        assertEquals(Optional.empty(), vm.latestPreview());
        assertEquals(Optional.empty(), vm.whyProperty().get());
    }

    @Test
    void the_plan_counts_as_shown_while_open_and_during_the_click_that_closed_it_only() {
        // given the panel opened on its plan, and a UI thread whose queued tasks run when the click is handled
        List<Runnable> queued = new ArrayList<>();
        BalancerWhyViewModel clicked = new BalancerWhyViewModel(out -> out.accept(Optional.of(WHY)), queued::add);
        clicked.openProperty().set(true);
        clicked.refresh();
        queued.remove(0).run();
        assertTrue(clicked.planShown());

        // when a click elsewhere closes it (the File menu's)
        clicked.openProperty().set(false);
        clicked.hiddenByClickElsewhere();

        // then the plan still counts as shown during that click, and no longer once it is handled
        assertTrue(clicked.planShown());
        queued.forEach(Runnable::run);
        assertFalse(clicked.planShown());
        assertEquals(Optional.of(MOVE), clicked.latestPreview());
    }
}
