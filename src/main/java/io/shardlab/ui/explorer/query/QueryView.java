package io.shardlab.ui.explorer.query;

import atlantafx.base.theme.Styles;
import io.shardlab.routing.TargetingClass;
import io.shardlab.text.Message;
import io.shardlab.ui.explorer.ExplorerStyles;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.SharedStyles;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;

/**
 * The side panel's Query tab: a find filter in mongosh syntax, routed as it is typed, with the shards it
 * reaches, the targeting class and why, and the workload's query mix to pick from.
 */
public final class QueryView {

    // style classes of its nodes, as its stylesheet names them
    private static final String QUERY_MIX = "query-mix";
    private static final String QUERY_REACHES = "query-reaches";
    private static final String QUERY_REASON = "query-reason";
    private static final String QUERY_RESULT = "query-result";
    private static final String SUGGESTION = "suggestion";
    private static final String SUGGESTION_FILTER = "suggestion-filter";
    private static final String SUGGESTION_NAME = "suggestion-name";
    private static final String SUGGESTION_SHAPE = "suggestion-shape";
    private static final String TARGETING_BADGE = "targeting-badge";

    /** The tab's own stylesheet. */
    static final String STYLESHEET = Appearance.featureStylesheet(QueryView.class, "query.css");

    /** The badge's colour per targeting class: :single-shard, :multi-shard, :scatter-gather. */
    private static final Map<TargetingClass, PseudoClass> TARGETING = Arrays.stream(TargetingClass.values())
            .collect(Collectors.toMap(c -> c, c -> PseudoClass.getPseudoClass(c.label())));

    private final TextField filter = new TextField();
    private final Node node;

    private final UiText text;

    /** @param text the window's words */
    public QueryView(QueryViewModel vm, UiText text) {
        this.text = text;
        this.node = build(vm);
    }

    /** The tab's content. */
    public Node node() {
        return node;
    }

    /** Puts the keyboard in the filter field. */
    public void focusFilter() {
        filter.requestFocus();
    }

    private Node build(QueryViewModel vm) {
        Label caption = text.label(new Label(), "explorer.query.caption");
        caption.getStyleClass().add(ExplorerStyles.PANEL_CAPTION);
        filter.setId("query-filter");
        filter.getStyleClass().add(ExplorerStyles.KEY_FIELD);
        text.prompt(filter, "explorer.query.prompt", "{ counter: 42 }", "{ customer: 'c00042' }");
        filter.textProperty().bindBidirectional(vm.filterTextProperty());
        text.tip(filter, "explorer.query.tip");
        Label error = new Label();
        error.setId("query-error");
        error.getStyleClass().add(SharedStyles.FIELD_ERROR);
        error.setWrapText(true);
        error.setGraphic(new FontIcon(MaterialDesignA.ALERT_CIRCLE_OUTLINE));
        error.textProperty().bind(vm.filterErrorProperty());
        error.visibleProperty().bind(vm.filterErrorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());

        Label badge = new Label();
        badge.setId("query-class");
        badge.getStyleClass().add(TARGETING_BADGE);
        // the class is the filter's shape (analyzeShardKey's): a range is multi-shard even when this layout
        // holds it on one shard, so the badge names the shape and the text beside it what the query reached
        badge.textProperty()
                .bind(text.text(vm.targetingClassProperty().map(c -> Message.of("explorer.query.shape", c))));
        // the sentence beside it wraps; the badge is a word that must stay whole
        badge.setMinWidth(Region.USE_PREF_SIZE);
        text.tip(badge, "explorer.query.shape.tip");
        vm.targetingClassProperty().addListener((obs, was, now) -> {
            for (TargetingClass c : TargetingClass.values()) {
                badge.pseudoClassStateChanged(TARGETING.get(c), c.label().equals(now));
            }
        });
        Label reaches = new Label();
        reaches.setId("query-shards");
        reaches.getStyleClass().add(QUERY_REACHES);
        reaches.textProperty().bind(vm.reachProperty());
        reaches.setWrapText(true);
        HBox head = new HBox(10, badge, reaches);
        head.setAlignment(Pos.CENTER_LEFT);
        head.visibleProperty().bind(vm.targetedProperty());
        head.managedProperty().bind(head.visibleProperty());
        Label reason = new Label();
        reason.setId("query-reason");
        reason.getStyleClass().add(QUERY_REASON);
        reason.setWrapText(true);
        reason.textProperty().bind(vm.reasonProperty());
        reason.visibleProperty().bind(vm.reasonProperty().isNotEmpty());
        reason.managedProperty().bind(reason.visibleProperty());
        VBox result = new VBox(8, head, reason);
        result.getStyleClass().addAll(QUERY_RESULT, SharedStyles.INSET_BOX);
        result.visibleProperty().bind(vm.reasonProperty().isNotEmpty());
        result.managedProperty().bind(result.visibleProperty());

        Label mixCaption = text.label(new Label(), "explorer.query.mix");
        mixCaption.getStyleClass().add(ExplorerStyles.PANEL_CAPTION);
        VBox mix = new VBox(6);
        mix.getStyleClass().add(QUERY_MIX);
        vm.suggestionsProperty()
                .addListener((ListChangeListener<QueryViewModel.Suggestion>) c -> fillSuggestions(vm, mix));
        fillSuggestions(vm, mix);
        mixCaption
                .visibleProperty()
                .bind(vm.suggestionsProperty().emptyProperty().not());
        mixCaption.managedProperty().bind(mixCaption.visibleProperty());

        Label hint = text.label(new Label(), "explorer.query.hint");
        hint.getStyleClass().add(ExplorerStyles.PANEL_EMPTY_STATE);
        hint.setWrapText(true);
        hint.visibleProperty().bind(vm.filterTextProperty().isEmpty());
        hint.managedProperty().bind(hint.visibleProperty());

        VBox box = new VBox(caption, filter, error, result, hint, mixCaption, mix);
        box.getStyleClass().add(ExplorerStyles.PANEL_CONTENT);
        box.getStylesheets().add(STYLESHEET);
        return box;
    }

    private void fillSuggestions(QueryViewModel vm, VBox mix) {
        mix.getChildren().clear();
        int i = 0;
        for (QueryViewModel.Suggestion s : vm.suggestionsProperty()) {
            Label name = new Label();
            name.textProperty().bind(text.text(s.name()));
            name.getStyleClass().add(SUGGESTION_NAME);
            Label shape = new Label();
            shape.textProperty().bind(text.text(s.shape()));
            shape.getStyleClass().add(SUGGESTION_SHAPE);
            Label text = new Label(s.filter());
            text.getStyleClass().add(SUGGESTION_FILTER);
            HBox top = new HBox(8, name, shape);
            top.setAlignment(Pos.CENTER_LEFT);
            VBox content = new VBox(2, top, text);
            Button b = new Button(null, content);
            b.setId("suggestion-" + i++);
            b.getStyleClass().addAll(SUGGESTION, Styles.FLAT);
            b.setMaxWidth(Double.MAX_VALUE);
            b.setAlignment(Pos.CENTER_LEFT);
            b.setOnAction(e -> vm.use(s));
            mix.getChildren().add(b);
        }
    }
}
