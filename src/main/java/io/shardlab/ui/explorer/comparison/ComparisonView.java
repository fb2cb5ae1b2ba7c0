package io.shardlab.ui.explorer.comparison;

import atlantafx.base.theme.Styles;
import io.shardlab.text.Message;
import io.shardlab.ui.explorer.ExplorerStyles;
import io.shardlab.ui.explorer.PresenterMode;
import io.shardlab.ui.explorer.diagram.ChartsView;
import io.shardlab.ui.explorer.diagram.NumberLineView;
import io.shardlab.ui.explorer.diagram.ScaleButtons;
import io.shardlab.ui.explorer.playback.PlaybackKeys;
import io.shardlab.ui.explorer.playback.PlaybackViewModel;
import io.shardlab.ui.explorer.playback.TransportBar;
import io.shardlab.ui.text.UiText;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Rectangle;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;

/**
 * Two explorers in one window: a header (what is compared, the one scale), the one transport bar, then the
 * two sides stacked, each its caption and counters, its number line with lanes, and its writes chart. The
 * sides are stacked rather than set beside each other so that both number lines get the same width (the
 * same scale reads as the same picture) and both writes charts the same x and width, their time axes
 * one above the other.
 */
public final class ComparisonView {

    // style classes of its nodes, as its stylesheet names them
    private static final String COMPARISON = "comparison";
    private static final String COMPARISON_CHART = "comparison-chart";
    private static final String COMPARISON_COUNTERS = "comparison-counters";
    private static final String COMPARISON_ERROR = "comparison-error";
    private static final String COMPARISON_HEADER = "comparison-header";
    private static final String COMPARISON_SIDE = "comparison-side";
    private static final String COMPARISON_SIDES = "comparison-sides";

    /** The share of a side's width its writes chart takes. */
    static final double CHART_SHARE = 0.36;

    private final ComparisonViewModel vm;
    private final UiText text;
    private final BorderPane root = new BorderPane();
    private final NumberLineView leftLine;
    private final NumberLineView rightLine;
    private final ChartsView leftChart;
    private final ChartsView rightChart;
    /** Whether the window is in presenter mode: the header and transport keep to a row each. */
    private final ReadOnlyBooleanProperty presenter;

    /** @param text the window's words */
    public ComparisonView(ComparisonViewModel vm, UiText text) {
        this.vm = vm;
        this.text = text;
        this.presenter = PresenterMode.of(root);
        // a comparison has no side panel: a selected chunk's details show in a popover
        ObservableBooleanValue noSidePanel = new SimpleBooleanProperty(true);
        this.leftLine = new NumberLineView(vm.left().numberLine(), vm.left().actions(), noSidePanel, text);
        this.rightLine = new NumberLineView(vm.right().numberLine(), vm.right().actions(), noSidePanel, text);
        // each chart keeps at least the other's y-label gutter: the two plots then start at the same x
        this.leftChart = new ChartsView(
                vm.left().numberLine(),
                (g, w, h) -> ChartsView.writesGutter(vm.right().numberLine(), g, w, h),
                text);
        this.rightChart = new ChartsView(
                vm.right().numberLine(),
                (g, w, h) -> ChartsView.writesGutter(vm.left().numberLine(), g, w, h),
                text);
        // a new window on one side can widen the other's gutter: repaint the other as well
        vm.left()
                .numberLine()
                .pictureProperty()
                .addListener((obs, was, now) -> rightChart.writesCanvas().repaint());
        vm.right()
                .numberLine()
                .pictureProperty()
                .addListener((obs, was, now) -> leftChart.writesCanvas().repaint());

        root.setId("comparison");
        root.getStyleClass().addAll(ExplorerStyles.EXPLORER, COMPARISON);
        root.getStylesheets().add(ExplorerStyles.STYLESHEET);
        VBox top = new VBox(header(), new TransportBar(vm.transport(), presenter, text).node());
        top.getStyleClass().add(ExplorerStyles.EXPLORER_TOP);
        root.setTop(top);
        VBox sides = new VBox(
                side(vm.left(), leftLine, leftChart, "comparison-left"),
                side(vm.right(), rightLine, rightChart, "comparison-right"));
        sides.getStyleClass().addAll(ExplorerStyles.DIAGRAM_COLUMN, COMPARISON_SIDES);
        root.setCenter(sides);
        installKeys();
    }

    /** The comparison's root node. */
    public Region node() {
        return root;
    }

    private Region header() {
        Button back =
                text.label(new Button(null, new FontIcon(MaterialDesignA.ARROW_LEFT)), "explorer.comparison.back");
        back.setId("comparison-close");
        back.getStyleClass().add(Styles.FLAT);
        back.setMinWidth(Region.USE_PREF_SIZE);
        text.tip(back, "explorer.comparison.back.tip");
        // presenter mode's larger type: the arrow alone, so that the title and the scales keep one row
        back.contentDisplayProperty()
                .bind(Bindings.when(presenter).then(ContentDisplay.GRAPHIC_ONLY).otherwise(ContentDisplay.LEFT));
        back.setOnAction(e -> vm.close());
        Label title = new Label();
        title.setId("comparison-title");
        title.getStyleClass().add(ExplorerStyles.CARD_TITLE);
        title.setGraphic(new FontIcon(MaterialDesignC.COMPARE_HORIZONTAL));
        // the icon and the line under it say "side by side": the title is what is compared, whole
        title.textProperty().bind(text.text(vm.titleProperty()));
        // whole words on two lines in a narrow window, rather than pushing the scales off its edge
        title.setWrapText(true);
        title.setMinWidth(0);
        Label differences = new Label();
        differences.setId("comparison-differences");
        differences.getStyleClass().add(ExplorerStyles.CARD_CAPTION);
        differences.textProperty().bind(text.text(vm.differencesProperty()));
        differences.setMinWidth(0);
        VBox titles = new VBox(1, title, differences);
        titles.setMinWidth(0);
        HBox.setHgrow(titles, Priority.ALWAYS);

        HBox scales =
                ScaleButtons.of("comparison-scale-", true, vm.scaleProperty(), vm.scales(), vm::chooseScale, text);
        scales.getChildren().forEach(b -> ((Region) b).setMinWidth(Region.USE_PREF_SIZE));
        scales.setMinWidth(Region.USE_PREF_SIZE);
        Label scaleCaption = text.label(new Label(), "explorer.comparison.bothLines");
        scaleCaption.getStyleClass().add(ExplorerStyles.TRANSPORT_CAPTION);
        scaleCaption.setMinWidth(Region.USE_PREF_SIZE);
        scaleCaption.visibleProperty().bind(presenter.not());
        scaleCaption.managedProperty().bind(scaleCaption.visibleProperty());
        // the explorer draws the balancer's next migration while Why no move? is open; a comparison has no panel,
        // so this switch stands for it on both lines
        ToggleButton plan = text.label(
                new ToggleButton(null, new FontIcon(MaterialDesignS.SCALE_BALANCE)), "balancer.comparison.plan");
        plan.setId("comparison-plan");
        text.tip(plan, "balancer.comparison.plan.tip");
        plan.selectedProperty().bindBidirectional(vm.planPreviewProperty());
        plan.setMinWidth(Region.USE_PREF_SIZE);
        // presenter mode's header keeps to one line of the larger type: the lines get the height (the switch keeps its
        // state)
        plan.visibleProperty().bind(presenter.not());
        plan.managedProperty().bind(plan.visibleProperty());
        HBox bar = new HBox(14, back, titles, plan, scaleCaption, scales);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add(COMPARISON_HEADER);
        return bar;
    }

    private Region side(ComparisonSideViewModel side, NumberLineView line, ChartsView chart, String id) {
        Label caption = new Label();
        caption.setId(id + "-caption");
        caption.getStyleClass().add(ExplorerStyles.CARD_TITLE);
        caption.setGraphic(new FontIcon(MaterialDesignC.CHART_GANTT));
        caption.textProperty().bind(text.text(side.captionProperty()));
        // what tells the sides apart comes first in the caption: a narrow side wraps it rather than cut it
        caption.setWrapText(true);
        caption.setMinWidth(0);
        // the side's figures on a line of their own under its caption: both stay whole in presenter mode's type
        PlaybackViewModel c = side.counters();
        Label counters = new Label();
        counters.setId(id + "-counters");
        counters.getStyleClass().addAll(ExplorerStyles.CARD_CAPTION, COMPARISON_COUNTERS);
        counters.textProperty().bind(text.text(c.countsTextProperty()));
        counters.setMinWidth(0);
        VBox header = new VBox(1, caption, counters);
        header.getStyleClass().add(ExplorerStyles.CARD_HEADER);
        header.setMinHeight(Region.USE_PREF_SIZE);

        Label error = new Label();
        error.setId(id + "-error");
        error.getStyleClass().addAll(ExplorerStyles.STATE_TEXT, COMPARISON_ERROR);
        error.setWrapText(true);
        error.textProperty()
                .bind(text.text(side.loadErrorProperty().map(e -> Message.of("explorer.comparison.sideFailed", e))));
        error.visibleProperty().bind(side.loadErrorProperty().isNotNull());
        line.node().visibleProperty().bind(side.readyProperty());
        // the two sides share the window's height: each line canvas takes what its half leaves
        line.canvas().setMinHeight(0);
        line.node().setMinHeight(0);
        StackPane lineBody = new StackPane(line.node(), error);
        // what does not fit is cut at the bottom (the lanes' last rows), never drawn over the caption above
        StackPane.setAlignment(line.node(), Pos.TOP_LEFT);
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(lineBody.widthProperty());
        clip.heightProperty().bind(lineBody.heightProperty());
        lineBody.setClip(clip);
        // presenter mode's larger diagram type gives way until the lanes and the legend fit the side's height
        lineBody.heightProperty().addListener((obs, was, now) -> line.canvas().fitWithin(now.doubleValue()));
        lineBody.setMinWidth(0);
        lineBody.setMinHeight(0);
        HBox.setHgrow(lineBody, Priority.ALWAYS);

        Region charts = chart.node();
        charts.getStyleClass().add(COMPARISON_CHART);
        charts.visibleProperty().bind(side.readyProperty());
        HBox body = new HBox(12, lineBody, charts);
        // the chart's share is fixed so that both sides' charts have the same x and width
        charts.prefWidthProperty().bind(body.widthProperty().multiply(CHART_SHARE));
        charts.minWidthProperty().bind(charts.prefWidthProperty());
        charts.maxWidthProperty().bind(charts.prefWidthProperty());
        lineBody.prefWidthProperty().bind(body.widthProperty().multiply(1 - CHART_SHARE));
        VBox.setVgrow(body, Priority.ALWAYS);
        body.setMinHeight(0);
        VBox card = new VBox(header, body);
        card.setMinHeight(0);
        // the sides share the height equally (their headers aside), not by what each side's diagram would like:
        // a side with more lanes must not squeeze the other's below its lanes
        card.setPrefHeight(0);
        card.setId(id);
        card.getStyleClass().addAll(ExplorerStyles.EXPLORER_CARD, ExplorerStyles.LINE_CARD, COMPARISON_SIDE);
        VBox.setVgrow(card, Priority.ALWAYS);
        return card;
    }

    private void installKeys() {
        PlaybackKeys.install(root, vm.transport(), e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                vm.close();
                e.consume();
            }
        });
    }

    /** The two number lines' views, left first, for tests. */
    NumberLineView[] lines() {
        return new NumberLineView[] {leftLine, rightLine};
    }
}
