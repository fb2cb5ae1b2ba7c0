package io.shardlab.ui.explorer.balancer;

import atlantafx.base.theme.Styles;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.HangingPopOver;
import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.controlsfx.control.PopOver;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;

/**
 * The transport row's "Why no move?" button and the popover it opens: the reason the balancer gives for its next
 * round, the numbers behind it, and the plan preview (the range that would move, its destination, each shard's data
 * before → after). The number line draws the same preview while the popover is open.
 */
public final class BalancerWhyPanel {

    private static final double WIDTH = 420;

    private final BalancerWhyViewModel vm;
    private final UiText text;
    private final Button button = new Button();
    private final PopOver popOver = new HangingPopOver();
    private final VBox content = new VBox(4);

    public BalancerWhyPanel(BalancerWhyViewModel vm, UiText text) {
        this.vm = vm;
        this.text = text;
        text.label(button, "balancer.button");
        button.setId("balancer-why");
        button.setGraphic(new FontIcon(MaterialDesignS.SCALE_BALANCE));
        button.getStyleClass().add(Styles.FLAT);
        text.tip(button, "balancer.button.tip");
        button.setOnAction(e -> open());

        content.setId("balancer-why-content");
        content.setPrefWidth(WIDTH);
        content.setMaxWidth(WIDTH);
        content.setStyle("-fx-padding: 10;");
        popOver.setContentNode(content);
        popOver.setId("balancer-why-popover");
        // it opens over the number line where its plan is drawn: dragged aside, it stays open beside the picture
        popOver.setDetachable(true);
        vm.openProperty().bind(popOver.showingProperty());
        popOver.setOnAutoHide(e -> vm.hiddenByClickElsewhere());
        vm.whyProperty().addListener((obs, was, now) -> fill());
        text.language().addListener((obs, was, now) -> fill());
    }

    /** The button for the transport row. */
    public Node node() {
        return button;
    }

    /** Reads the decision again and opens the popover under the button. */
    public void open() {
        vm.refresh();
        fill();
        if (!popOver.isShowing()) {
            popOver.show(button);
        }
    }

    private void fill() {
        Messages words = text.messages();
        content.getChildren().clear();
        popOver.setTitle(words.text("balancer.title"));
        Label title = line(words.text("balancer.title"), "balancer-why-title");
        title.getStyleClass().add(Styles.TITLE_4);
        // dragged aside, the popover's own header says it
        title.visibleProperty().bind(popOver.detachedProperty().not());
        title.managedProperty().bind(title.visibleProperty());
        content.getChildren().add(title);
        Optional<BalancerWhy> shown = vm.whyProperty().get();
        if (shown.isEmpty()) {
            content.getChildren().add(line(words.text("balancer.unavailable"), "balancer-why-reason"));
            return;
        }
        BalancerWhy why = shown.get();
        content.getChildren().add(line(words.text("balancer.release", why.release()), "balancer-why-release"));
        Label reason = line(words.text(why.reason()), "balancer-why-reason");
        reason.getStyleClass().add(Styles.TEXT_BOLD);
        content.getChildren().add(reason);
        content.getChildren().add(heading(words.text("balancer.numbers")));
        for (Message m : why.numbers()) {
            content.getChildren().add(line(words.text(m), null));
        }
        if (!why.drain().isEmpty()) {
            content.getChildren().add(heading(words.text("balancer.drain.heading")));
            VBox drain = new VBox(2);
            drain.setId("balancer-why-drain");
            why.drain().forEach(m -> drain.getChildren().add(line(words.text(m), null)));
            content.getChildren().add(drain);
        }
        why.preview().ifPresent(p -> {
            content.getChildren().add(heading(words.text("balancer.plan")));
            Label command = line(words.text(p.command()), "balancer-why-move");
            command.getStyleClass().add(Styles.ACCENT);
            content.getChildren().add(command);
            for (Message m : p.shards()) {
                content.getChildren().add(line(words.text(m), null));
            }
        });
    }

    private static Label heading(String words) {
        Label l = line(words, null);
        l.getStyleClass().add(Styles.TEXT_MUTED);
        l.setStyle("-fx-padding: 6 0 0 0;");
        return l;
    }

    private static Label line(String words, String id) {
        Label l = new Label(words);
        if (id != null) {
            l.setId(id);
        }
        // bounds and commands are data: no mnemonic parsing
        l.setMnemonicParsing(false);
        l.setWrapText(true);
        l.setMaxWidth(WIDTH - 20);
        return l;
    }
}
