package io.shardlab.ui.shell;

import atlantafx.base.controls.Spacer;
import io.shardlab.ui.text.UiText;
import java.util.List;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignD;
import org.kordamp.ikonli.materialdesign2.MaterialDesignI;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignV;

/**
 * The strip along the bottom: cluster kind and version, shard and chunk counts, the line of a failure
 * nothing else caught, product version.
 */
final class StatusBarView {

    // style classes of its nodes, as its stylesheet names them
    private static final String STATUS_BAR = "status-bar";
    private static final String STATUS_FAILURE = "status-failure";
    private static final String STATUS_ITEM = "status-item";

    private final UiText text;
    private final MainViewModel viewModel;
    private final List<Node> features;

    /** @param features the features' items (e.g. the background work), placed before the product version */
    StatusBarView(UiText text, MainViewModel viewModel, List<Node> features) {
        this.text = text;
        this.viewModel = viewModel;
        this.features = List.copyOf(features);
    }

    Region build() {
        Label cluster = item("status-cluster", MaterialDesignS.SERVER_NETWORK);
        cluster.textProperty().bind(text.text(viewModel.clusterLabelProperty()));
        Label shards = item("status-shards", MaterialDesignD.DATABASE_OUTLINE);
        shards.textProperty().bind(text.text(viewModel.shardCountTextProperty()));
        Label chunks = item("status-chunks", MaterialDesignV.VIEW_COLUMN_OUTLINE);
        chunks.textProperty().bind(text.text(viewModel.chunkCountTextProperty()));
        Label version = item("status-version", MaterialDesignI.INFORMATION_OUTLINE);
        version.setText(viewModel.versionText());
        // in a narrow window the cluster's name and a failure's line give up width; the counts and the version,
        // a few characters each, are read whole
        for (Label whole : List.of(shards, chunks, version)) {
            whole.setMinWidth(Region.USE_PREF_SIZE);
        }

        // a failure nothing else caught: one line, clicked away; the app goes on
        Label failure = item("status-failure", MaterialDesignA.ALERT_CIRCLE_OUTLINE);
        failure.getStyleClass().add(STATUS_FAILURE);
        failure.textProperty().bind(text.text(viewModel.failureLineProperty()));
        failure.visibleProperty().bind(viewModel.failureLineProperty().isNotNull());
        failure.managedProperty().bind(failure.visibleProperty());
        text.tip(failure, "window.status.dismiss");
        failure.setOnMouseClicked(e -> viewModel.dismissFailure());

        HBox bar = new HBox(cluster, separator(), shards, separator(), chunks, new Spacer(), failure);
        // a feature's item (the background work's button) takes the bar's item look too
        features.forEach(f -> f.getStyleClass().add(STATUS_ITEM));
        bar.getChildren().addAll(features);
        bar.getChildren().add(version);
        bar.getStyleClass().add(STATUS_BAR);
        return bar;
    }

    private static Label item(String id, Ikon icon) {
        Label label = new Label(null, new FontIcon(icon));
        label.setId(id);
        label.getStyleClass().add(STATUS_ITEM);
        return label;
    }

    private static Separator separator() {
        return new Separator(Orientation.VERTICAL);
    }
}
