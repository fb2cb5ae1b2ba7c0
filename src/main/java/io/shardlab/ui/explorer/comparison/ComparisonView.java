package io.shardlab.ui.explorer.comparison;

import atlantafx.base.theme.Styles;
import io.shardlab.ui.explorer.ExplorerStyles;
import io.shardlab.ui.explorer.diagram.ChartsView;
import io.shardlab.ui.explorer.diagram.NumberLineView;
import io.shardlab.ui.explorer.diagram.ScaleButtons;
import io.shardlab.ui.explorer.playback.PlaybackKeys;
import io.shardlab.ui.explorer.playback.PlaybackViewModel;
import io.shardlab.ui.explorer.playback.TransportBar;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;

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
    private final BorderPane root = new BorderPane();
    private final NumberLineView leftLine;
    private final NumberLineView rightLine;
    private final ChartsView leftChart;
    private final ChartsView rightChart;

    public ComparisonView(ComparisonViewModel vm) {
        this.vm = vm;
        // a comparison has no side panel: a selected chunk's details show in a popover
        javafx.beans.value.ObservableBooleanValue noSidePanel = new javafx.beans.property.SimpleBooleanProperty(true);
        this.leftLine = new NumberLineView(vm.left().numberLine(), vm.left().actions(), noSidePanel);
        this.rightLine = new NumberLineView(vm.right().numberLine(), vm.right().actions(), noSidePanel);
        // each chart keeps at least the other's y-label gutter: the two plots then start at the same x
        this.leftChart = new ChartsView(
                vm.left().numberLine(),
                (g, w, h) -> ChartsView.writesGutter(vm.right().numberLine(), g, w, h));
        this.rightChart = new ChartsView(
                vm.right().numberLine(),
                (g, w, h) -> ChartsView.writesGutter(vm.left().numberLine(), g, w, h));
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
        VBox top = new VBox(header(), new TransportBar(vm.transport()).node());
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
        Button back = new Button("Back to the explorer", new FontIcon(MaterialDesignA.ARROW_LEFT));
        back.setId("comparison-close");
        back.getStyleClass().add(Styles.FLAT);
        back.setMinWidth(Region.USE_PREF_SIZE);
        back.setOnAction(e -> vm.close());
        Label title = new Label();
        title.setId("comparison-title");
        title.getStyleClass().add(ExplorerStyles.CARD_TITLE);
        title.setGraphic(new FontIcon(MaterialDesignC.COMPARE_HORIZONTAL));
        // the icon and the line under it say "side by side": the title is what is compared, whole
        title.textProperty().bind(vm.titleProperty());
        title.setMinWidth(Region.USE_PREF_SIZE);
        Label differences = new Label();
        differences.setId("comparison-differences");
        differences.getStyleClass().add(ExplorerStyles.CARD_CAPTION);
        differences.textProperty().bind(vm.differencesProperty());
        differences.setMinWidth(0);
        VBox titles = new VBox(1, title, differences);
        titles.setMinWidth(0);
        HBox.setHgrow(titles, Priority.ALWAYS);

        HBox scales = ScaleButtons.of(
                "comparison-scale-", ", on both sides", vm.scaleProperty(), vm.scales(), vm::chooseScale);
        scales.getChildren().forEach(b -> ((Region) b).setMinWidth(Region.USE_PREF_SIZE));
        scales.setMinWidth(Region.USE_PREF_SIZE);
        Label scaleCaption = new Label("Both lines");
        scaleCaption.getStyleClass().add(ExplorerStyles.TRANSPORT_CAPTION);
        scaleCaption.setMinWidth(Region.USE_PREF_SIZE);
        HBox bar = new HBox(14, back, titles, scaleCaption, scales);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add(COMPARISON_HEADER);
        return bar;
    }

    private Region side(ComparisonSideViewModel side, NumberLineView line, ChartsView chart, String id) {
        Label caption = new Label();
        caption.setId(id + "-caption");
        caption.getStyleClass().add(ExplorerStyles.CARD_TITLE);
        caption.setGraphic(new FontIcon(MaterialDesignC.CHART_GANTT));
        caption.textProperty().bind(side.captionProperty());
        caption.setMinWidth(Region.USE_PREF_SIZE);
        // the side's figures on a line of their own under its caption: both stay whole in presenter mode's type
        PlaybackViewModel c = side.counters();
        Label counters = new Label();
        counters.setId(id + "-counters");
        counters.getStyleClass().addAll(ExplorerStyles.CARD_CAPTION, COMPARISON_COUNTERS);
        counters.textProperty()
                .bind(javafx.beans.binding.Bindings.createStringBinding(
                        () -> c.chunksTextProperty().get() + " chunks · "
                                + c.splitsTextProperty().get() + " splits · "
                                + c.migrationsTextProperty().get() + " migrations · "
                                + c.jumboTextProperty().get() + " jumbo",
                        c.chunksTextProperty(),
                        c.splitsTextProperty(),
                        c.migrationsTextProperty(),
                        c.jumboTextProperty()));
        counters.setMinWidth(0);
        VBox header = new VBox(1, caption, counters);
        header.getStyleClass().add(ExplorerStyles.CARD_HEADER);
        header.setMinHeight(Region.USE_PREF_SIZE);

        Label error = new Label();
        error.setId(id + "-error");
        error.getStyleClass().addAll(ExplorerStyles.STATE_TEXT, COMPARISON_ERROR);
        error.setWrapText(true);
        error.textProperty().bind(side.loadErrorProperty().map(e -> "This side cannot be loaded: " + e));
        error.visibleProperty().bind(side.loadErrorProperty().isNotEmpty());
        line.node().visibleProperty().bind(side.readyProperty());
        // the two sides share the window's height: each line canvas takes what its half leaves
        line.canvas().setMinHeight(0);
        line.node().setMinHeight(0);
        StackPane lineBody = new StackPane(line.node(), error);
        // what does not fit is cut at the bottom (the lanes' last rows), never drawn over the caption above
        StackPane.setAlignment(line.node(), Pos.TOP_LEFT);
        javafx.scene.shape.Rectangle clip = new javafx.scene.shape.Rectangle();
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
