package io.shardlab.ui.advisor;

import atlantafx.base.theme.Styles;
import io.shardlab.advisor.ShippedDataset;
import io.shardlab.advisor.SuggestedCandidate;
import io.shardlab.advisor.Verdict;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.WindowPlacement;
import io.shardlab.workload.SimulationSetup;
import java.io.File;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignD;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;

/**
 * The shard key advisor's window content: the sample, query mix and cluster on top; the candidate
 * keys and suggestions; then the comparison table (sortable, one number line per candidate) and,
 * under it, the recommendation and the selected candidate's findings. Builds nodes and binds them
 * to {@link AdvisorViewModel}; decides nothing itself.
 */
public final class AdvisorView {

    /** The advisor's own stylesheet. */
    static final String STYLESHEET = Appearance.featureStylesheet(AdvisorView.class, "advisor.css");

    /** The recommended candidate's row. */
    private static final PseudoClass RECOMMENDED = PseudoClass.getPseudoClass("recommended");
    /** A verdict cell of a candidate ruled out. */
    private static final PseudoClass RULED_OUT = PseudoClass.getPseudoClass("ruled-out");
    /** A verdict cell of the recommended candidate. */
    private static final PseudoClass VERDICT_RECOMMENDED = PseudoClass.getPseudoClass("recommended-verdict");

    /** Height of the chunk bar in the table's number lines, in pixels. */
    static final double ROW_BAR = 12;
    /** Width of the table's number lines, in pixels. */
    static final double ROW_LINE_WIDTH = 204;
    /** The key column's narrowest width. */
    static final double KEY_COLUMN_WIDTH = 165;
    /** Height of the chunk bar of the selected candidate's number line. */
    static final double DETAIL_BAR = 26;

    private final AdvisorViewModel viewModel;
    private final UiText text;
    private final ObservableBooleanValue dark;
    private final WindowPlacement placement;
    private final Appearance appearance;
    private final TableView<CandidateRow> table = new TableView<>();
    private final Canvas detailLine = new Canvas();

    /**
     * @param viewModel the advisor's state and verbs
     * @param text the window's words, following View → Language
     * @param dark whether the dark theme shows (the number lines follow it)
     * @param placement sizes and places its dialog and keeps the windows' state while it and the file choosers are
     *     open
     * @param appearance styles its dialog as the window is styled
     */
    public AdvisorView(
            AdvisorViewModel viewModel,
            UiText text,
            ObservableBooleanValue dark,
            WindowPlacement placement,
            Appearance appearance) {
        this.viewModel = viewModel;
        this.text = text;
        this.dark = dark;
        this.placement = placement;
        this.appearance = appearance;
    }

    /** Builds the content. */
    public Parent build() {
        BorderPane root = new BorderPane();
        root.setId("advisor");
        root.getStylesheets().add(STYLESHEET);
        VBox top = new VBox(10, sampleRow(), queryRow(), clusterRow(), candidateRow(), suggestionRow(), runRow());
        top.setPadding(new Insets(12, 12, 8, 12));
        root.setTop(top);
        SplitPane centre = new SplitPane(table(), details());
        centre.setOrientation(Orientation.VERTICAL);
        centre.setDividerPositions(0.55);
        root.setCenter(centre);
        dark.addListener((obs, was, now) -> repaint());
        return root;
    }

    // ---- inputs ----

    private Parent sampleRow() {
        MenuButton load = new MenuButton("", new FontIcon(MaterialDesignD.DATABASE));
        load.setId("load-sample");
        for (ShippedDataset d : viewModel.shippedDatasets()) {
            MenuItem item = text.label(new MenuItem(), "advisor.sample.shipped", d.datasetName(), d.summary());
            item.setId("load-" + d.datasetName());
            // dataset names such as us_zipcodes: the underscore is text, not a mnemonic
            item.setMnemonicParsing(false);
            item.setOnAction(e -> viewModel.loadShippedDataset(d));
            load.getItems().add(item);
        }
        MenuItem file = text.label(new MenuItem(), "advisor.sample.openFile");
        file.setId("load-file");
        file.setOnAction(e -> chooseFile("advisor.sample.openTitle", "*.jsonl", "*.ndjson", "*.json", "*.csv", "*.gz")
                .ifPresent(f -> viewModel.loadFile(f.toPath())));
        MenuItem live = text.label(new MenuItem(), "advisor.sample.live");
        live.setId("load-live");
        live.setOnAction(e -> askLiveCollection());
        load.getItems().addAll(new SeparatorMenuItem(), file, live);
        load.disableProperty().bind(viewModel.busyProperty());
        // once a sample is loaded the button replaces it
        load.textProperty()
                .bind(Bindings.when(viewModel.sampleProperty().isNull())
                        .then(text.text("advisor.sample.load"))
                        .otherwise(text.text("advisor.sample.change")));
        Label summary = wrapping(viewModel.sampleSummaryProperty());
        summary.setId("sample-summary");
        return row(caption("advisor.caption.sample"), load, summary);
    }

    private Parent queryRow() {
        Button open =
                text.label(new Button("", new FontIcon(MaterialDesignF.FILE_DOCUMENT_OUTLINE)), "advisor.queries.open");
        open.setId("load-queries");
        text.tip(
                open,
                "advisor.queries.open.tip",
                "{\"op\": \"find\", \"filter\": {\"customerId\": 42}, \"weight\": 70}"); // untranslated: a
        // line of the file
        open.setOnAction(e -> chooseFile("advisor.queries.openTitle", "*.jsonl", "*.json")
                .ifPresent(f -> viewModel.loadQueryMix(f.toPath())));
        Button clear = text.label(new Button(), "advisor.queries.clear");
        clear.getStyleClass().add(Styles.FLAT);
        clear.setOnAction(e -> viewModel.clearQueryMix());
        clear.disableProperty().bind(viewModel.queriesProperty().map(List::isEmpty));
        Button sampled = text.label(
                new Button("", new FontIcon(MaterialDesignF.FILE_DOCUMENT_OUTLINE)), "advisor.queries.useSampled");
        sampled.setId("sampled-queries");
        text.tip(sampled, "advisor.queries.useSampled.tip");
        sampled.disableProperty().bind(viewModel.liveProperty().not().or(viewModel.busyProperty()));
        sampled.setOnAction(e -> viewModel.useSampledQueries());
        Label summary = wrapping(viewModel.queryMixSummaryProperty());
        summary.setId("query-summary");
        return row(caption("advisor.caption.queries"), open, sampled, clear, summary);
    }

    private Parent clusterRow() {
        // a number out of range is said beside its field, and never reaches the view model
        WholeNumberSpinner shards = new WholeNumberSpinner(
                text,
                "advisor.cluster.shards",
                "",
                1,
                SimulationSetup.MAX_SHARDS,
                viewModel.shardsProperty().get());
        shards.spinner().setId("shards");
        shards.spinner().setPrefWidth(90);
        shards.message().setId("shards-message");
        shards.spinner().valueProperty().addListener((obs, was, now) -> viewModel.setShards(now));
        ChoiceBox<MongoVersion> version = new ChoiceBox<>();
        version.setId("version");
        version.getItems().setAll(MongoVersion.releaseLines());
        version.setValue(viewModel.versionProperty().get());
        version.valueProperty().addListener((obs, was, now) -> viewModel.setVersion(now));
        // MongoDB's range for config.settings' chunksize, as AdvisorViewModel.setChunkSizeMegabytes takes it
        WholeNumberSpinner chunk = new WholeNumberSpinner(
                text,
                "advisor.cluster.chunkSize",
                "MB",
                1,
                1024,
                viewModel.chunkSizeMegabytesProperty().get());
        chunk.spinner().setId("chunk-size");
        chunk.spinner().setPrefWidth(90);
        chunk.message().setId("chunk-size-message");
        chunk.spinner().valueProperty().addListener((obs, was, now) -> viewModel.setChunkSizeMegabytes(now));
        viewModel
                .chunkSizeMegabytesProperty()
                .addListener(
                        (obs, was, now) -> chunk.spinner().getValueFactory().setValue(now.intValue()));
        Label hint = text.label(new Label(), "advisor.cluster.hint");
        hint.getStyleClass().addAll(Styles.TEXT_MUTED, Styles.TEXT_SMALL);
        // in a narrow window the hint takes more lines rather than end in "…"
        hint.setWrapText(true);
        hint.setMinWidth(0);
        hint.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(hint, Priority.ALWAYS);
        return row(
                caption("advisor.caption.cluster"),
                text.label(new Label(), "advisor.cluster.shards"),
                shards.spinner(),
                shards.message(),
                new Label("MongoDB"), // untranslated: the product's name
                version,
                text.label(new Label(), "advisor.cluster.chunkSizeMb"),
                chunk.spinner(),
                chunk.message(),
                hint);
    }

    private Parent candidateRow() {
        TextField input = new TextField();
        input.setId("candidate-input");
        // shard key patterns in mongosh syntax, as the field takes them
        text.prompt(
                input,
                "advisor.candidates.prompt",
                "{ customerId: 1 }", // untranslated: a shard key pattern
                "{ _id: 'hashed' }", // untranslated: a shard key pattern
                "{ region: 1, customerId: 1 }"); // untranslated: a shard key pattern
        // as wide as its prompt in the type the window shows, presenter mode's larger type too
        input.prefWidthProperty()
                .bind(Bindings.createDoubleBinding(
                        () -> promptWidth(input),
                        input.fontProperty(),
                        input.insetsProperty(),
                        input.promptTextProperty()));
        Button add = text.label(new Button("", new FontIcon(MaterialDesignP.PLUS)), "advisor.candidates.add");
        add.setId("add-candidate");
        Runnable addIt = () -> {
            if (viewModel.addCandidate(input.getText())) {
                input.clear();
            }
        };
        add.setOnAction(e -> addIt.run());
        input.setOnAction(e -> addIt.run());
        FlowPane chips = new FlowPane(6, 6);
        chips.setId("candidates");
        // asks for no width of its own (a flow pane asks 400 px), so that the field keeps its prompt's: the chips
        // take the rest of the row and wrap in it
        chips.setPrefWrapLength(0);
        Runnable refresh = () -> {
            chips.getChildren().clear();
            for (ShardKeyPattern key : viewModel.candidatesProperty()) {
                Button remove = new Button(key.toString(), new FontIcon(MaterialDesignC.CLOSE));
                remove.setMnemonicParsing(false);
                remove.getStyleClass().addAll(Styles.SMALL, Styles.BUTTON_OUTLINED);
                text.tip(remove, "advisor.candidates.remove", key.toString());
                remove.setOnAction(e -> viewModel.removeCandidate(key));
                chips.getChildren().add(remove);
            }
        };
        viewModel.candidatesProperty().addListener((ListChangeListener<ShardKeyPattern>) c -> refresh.run());
        HBox.setHgrow(chips, Priority.ALWAYS);
        return row(caption("advisor.caption.candidates"), input, add, chips);
    }

    /** The width {@code field} needs to show its prompt whole, in its font, inside its padding and border. */
    private static double promptWidth(TextField field) {
        Text prompt = new Text(field.getPromptText());
        prompt.setFont(field.getFont());
        return Math.ceil(prompt.getLayoutBounds().getWidth()
                + field.getInsets().getLeft()
                + field.getInsets().getRight());
    }

    private Parent suggestionRow() {
        FlowPane chips = new FlowPane(6, 6);
        chips.setId("suggestions");
        Runnable refresh = () -> {
            chips.getChildren().clear();
            for (SuggestedCandidate s : viewModel.suggestionsProperty()) {
                Button add = new Button(s.key().toString(), new FontIcon(MaterialDesignP.PLUS));
                add.setMnemonicParsing(false);
                add.getStyleClass().addAll(Styles.SMALL, Styles.FLAT, Styles.ACCENT);
                text.tip(add, () -> {
                    Tooltip reason = new Tooltip();
                    reason.textProperty().bind(text.text(s.reason()));
                    return reason;
                });
                add.setOnAction(e -> viewModel.addSuggestion(s));
                chips.getChildren().add(add);
            }
        };
        viewModel.suggestionsProperty().addListener((ListChangeListener<SuggestedCandidate>) c -> refresh.run());
        Label none = text.label(new Label(), "advisor.suggestions.none");
        none.getStyleClass().add(Styles.TEXT_MUTED);
        none.visibleProperty().bind(viewModel.suggestionsProperty().emptyProperty());
        none.managedProperty().bind(none.visibleProperty());
        HBox.setHgrow(chips, Priority.ALWAYS);
        return row(caption("advisor.caption.suggestions"), none, chips);
    }

    private Parent runRow() {
        Button analyze = text.label(new Button("", new FontIcon(MaterialDesignS.SCALE_BALANCE)), "advisor.run.analyze");
        analyze.setId("analyze");
        analyze.getStyleClass().add(Styles.ACCENT);
        analyze.setDefaultButton(false);
        analyze.disableProperty().bind(viewModel.canAnalyzeProperty().not());
        analyze.setOnAction(e -> viewModel.analyze());
        Button cancel = text.label(new Button(), "advisor.run.cancel");
        cancel.setId("cancel");
        cancel.visibleProperty().bind(viewModel.busyProperty());
        cancel.managedProperty().bind(cancel.visibleProperty());
        cancel.setOnAction(e -> viewModel.cancel());
        ProgressBar bar = new ProgressBar();
        bar.setId("progress");
        bar.setPrefWidth(220);
        bar.progressProperty().bind(viewModel.progressProperty());
        bar.visibleProperty().bind(viewModel.busyProperty());
        bar.managedProperty().bind(bar.visibleProperty());
        Label stage = new Label();
        stage.setId("stage");
        // a passing status: it takes more lines in a narrow window rather than push the buttons out
        stage.setWrapText(true);
        stage.setMinWidth(0);
        stage.textProperty().bind(text.text(viewModel.stageProperty()));
        stage.getStyleClass().add(Styles.TEXT_MUTED);
        Label error = new Label();
        error.setId("error");
        error.textProperty().bind(text.text(viewModel.errorProperty()));
        error.getStyleClass().add(Styles.DANGER);
        error.setWrapText(true);
        Button server = text.label(new Button(), "advisor.run.askServer");
        server.setId("ask-server");
        text.tip(server, "advisor.run.askServer.tip");
        server.disableProperty()
                .bind(viewModel
                        .liveProperty()
                        .not()
                        .or(viewModel.busyProperty())
                        .or(viewModel.reportProperty().isNull()));
        server.setOnAction(e -> viewModel.askServer());
        Button export =
                text.label(new Button("", new FontIcon(MaterialDesignF.FILE_EXPORT_OUTLINE)), "advisor.run.export");
        export.setId("export-comparison");
        text.tip(export, "advisor.run.export.tip");
        export.disableProperty()
                .bind(viewModel.busyProperty().or(viewModel.reportProperty().isNull()));
        export.setOnAction(e ->
                chooseExportFile().ifPresent(f -> viewModel.exportComparison(f.toPath(), dark.get(), text.messages())));
        return row(new Region(), analyze, server, export, cancel, bar, stage, error);
    }

    // ---- results ----

    private Parent table() {
        table.setId("candidates-table");
        table.setPlaceholder(text.label(new Label(), "advisor.table.placeholder"));
        table.getStyleClass().add(Styles.STRIPED);
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.getColumns().add(keyColumn());
        table.getColumns().add(layoutColumn());
        addFigureColumns();
        table.setItems(viewModel.rowsProperty());
        table.skinProperty()
                .addListener(
                        (obs, was, now) -> Platform.runLater(() -> ColumnHeaders.explainAndKeepWhole(table, text)));
        table.setRowFactory(t -> {
            TableRow<CandidateRow> row = new TableRow<>();
            row.itemProperty().addListener((obs, was, now) -> {
                row.pseudoClassStateChanged(RECOMMENDED, now != null && now.verdict() == Verdict.RECOMMENDED);
            });
            return row;
        });
        table.getSelectionModel().selectedItemProperty().addListener((obs, was, now) -> {
            if (now != null) {
                viewModel.select(now);
            }
        });
        viewModel.selectedProperty().addListener((obs, was, now) -> {
            if (now != null && table.getSelectionModel().getSelectedItem() != now) {
                table.getSelectionModel().select(now);
            }
            paintDetail();
        });
        return table;
    }

    /** The candidate's key, as wide as the longest key, so that a compound key is never cut. */
    private TableColumn<CandidateRow, String> keyColumn() {
        TableColumn<CandidateRow, String> keyColumn =
                column("advisor.column.key", CandidateRow::keyText, KEY_COLUMN_WIDTH, String::valueOf);
        viewModel.rowsProperty().addListener((ListChangeListener<CandidateRow>) change ->
                keyColumn.setPrefWidth(Math.max(
                        KEY_COLUMN_WIDTH,
                        viewModel.rowsProperty().stream()
                                        .mapToDouble(r -> textWidth(r.keyText()))
                                        .max()
                                        .orElse(0)
                                + 28)));
        return keyColumn;
    }

    /** The chunks after the replay, each as wide as its data, coloured by shard. */
    private TableColumn<CandidateRow, CandidateRow> layoutColumn() {
        TableColumn<CandidateRow, CandidateRow> line = new TableColumn<>();
        line.textProperty().bind(text.text("advisor.column.layout"));
        line.setUserData(text.text("advisor.column.layout.tip"));
        line.setSortable(false);
        line.setPrefWidth(ROW_LINE_WIDTH + 16);
        line.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        line.setCellFactory(c -> new LineCell());
        return line;
    }

    /** The candidate's figures, one column each, in the order the findings read them. */
    private void addFigureColumns() {
        table.getColumns()
                .add(column(
                        "advisor.column.verdict",
                        CandidateRow::verdict,
                        // "qualified, writes not judged" whole, in either language
                        195,
                        v -> text.messages().text(v.label())));
        table.getColumns()
                .add(column(
                        "advisor.column.distinctValues",
                        row -> row.report().keyCharacteristics().numDistinctValues(),
                        135,
                        this::count));
        table.getColumns()
                .add(column(
                        "advisor.column.topValue",
                        row -> row.report().keyCharacteristics().topValueShare(),
                        100,
                        AdvisorView::share));
        table.getColumns()
                .add(column(
                        "advisor.column.monotonicity",
                        row -> row.report()
                                .keyCharacteristics()
                                .monotonicity()
                                .type()
                                .value(),
                        135,
                        // analyzeShardKey's monotonicity.type values, as MongoDB writes them
                        String::valueOf));
        table.getColumns()
                .add(column(
                        "advisor.column.chunks", row -> row.report().layout().chunks(), 85, this::count));
        table.getColumns()
                .add(column(
                        "advisor.column.jumboValues",
                        row -> row.report().jumboRisk().values(),
                        125,
                        this::count));
        table.getColumns()
                .add(column(
                        "advisor.column.fullestShard",
                        row -> row.report().layout().maxShardDocShare(),
                        125,
                        AdvisorView::share));
        table.getColumns()
                .add(column(
                        "advisor.column.writeShare",
                        row -> row.report().meanMaxWriteShare(),
                        115,
                        v -> String.format(Locale.ROOT, "%.2f", v)));
        table.getColumns()
                .add(column(
                        "advisor.column.singleShardReads",
                        row -> row.report().percentageOfSingleShardReads(),
                        175,
                        v -> v.isPresent() ? percent(v.getAsDouble()) : "—"));
        // the verdict cells and the headers' hints follow a switch of language
        text.language().addListener((obs, was, now) -> table.refresh());
    }

    /**
     * A column titled {@code key}'s text, its header's hint {@code key.tip}, showing {@code value} as {@code shown}
     * says it.
     */
    private <T> TableColumn<CandidateRow, T> column(
            String key, Function<CandidateRow, T> value, double width, Function<T, String> shown) {
        TableColumn<CandidateRow, T> c = new TableColumn<>();
        c.textProperty().bind(text.text(key));
        c.setUserData(text.text(key + ".tip"));
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : shown.apply(item));
                Verdict verdict = !empty && item instanceof Verdict v ? v : null;
                pseudoClassStateChanged(RULED_OUT, verdict == Verdict.RULED_OUT);
                pseudoClassStateChanged(VERDICT_RECOMMENDED, verdict == Verdict.RECOMMENDED);
            }
        });
        return c;
    }

    private Parent details() {
        Label caveat = wrapping(viewModel.caveatProperty());
        caveat.setId("caveat");
        caveat.getStyleClass().add(Styles.WARNING);
        caveat.managedProperty().bind(viewModel.caveatProperty().isNotNull());
        Label recommendation = wrapping(viewModel.recommendationProperty());
        recommendation.setId("recommendation");
        recommendation.getStyleClass().addAll(Styles.TITLE_4);
        VBox reasons = new VBox(2);
        reasons.setId("reasons");
        viewModel.reasonsProperty().addListener((ListChangeListener<Message>) c -> {
            reasons.getChildren().clear();
            for (Message r : viewModel.reasonsProperty()) {
                Label l = new Label();
                l.textProperty().bind(text.text(r));
                l.setWrapText(true);
                l.getStyleClass().add(Styles.TEXT_MUTED);
                reasons.getChildren().add(l);
            }
        });
        Label selectedTitle = new Label();
        selectedTitle.setId("selected-key");
        selectedTitle.getStyleClass().add(Styles.TEXT_BOLD);
        selectedTitle
                .textProperty()
                .bind(text.text(viewModel
                        .selectedProperty()
                        .map(r -> Message.of(
                                "advisor.details.selected",
                                r.keyText(),
                                r.verdict().label()))));
        Pane lineHolder = new Pane(detailLine);
        lineHolder.setMinHeight(0);
        // the canvas follows the holder's width; without a width of its own the holder would ask for the
        // canvas's, hold the pane that wide when its scroll bar appears, and the bar would cover "MaxKey"
        lineHolder.setMinWidth(0);
        lineHolder.setPrefWidth(0);
        detailLine.widthProperty().bind(lineHolder.widthProperty());
        detailLine.widthProperty().addListener((obs, was, now) -> paintDetail());
        Label strips = new Label();
        strips.setId("range-strips");
        strips.setWrapText(true);
        strips.getStyleClass().add(Styles.TEXT_MUTED);
        strips.textProperty().bind(text.text(viewModel.selectedProperty().map(CandidateRow::rangeLegend)));
        Label serverAnswer = new Label();
        serverAnswer.setId("server-answer");
        serverAnswer.setWrapText(true);
        serverAnswer.textProperty().bind(text.text(viewModel.selectedServerAnswerProperty()));
        serverAnswer
                .managedProperty()
                .bind(viewModel.selectedServerAnswerProperty().isNotNull());
        Parent findings = FindingList.of(text, viewModel.selectedProperty());
        Label empty = text.label(new Label(), "advisor.details.empty");
        empty.setId("details-empty");
        empty.setWrapText(true);
        empty.getStyleClass().add(Styles.TEXT_MUTED);
        empty.visibleProperty().bind(viewModel.recommendationProperty().isNull());
        empty.managedProperty().bind(empty.visibleProperty());
        VBox box = new VBox(
                8, empty, caveat, recommendation, reasons, selectedTitle, lineHolder, strips, serverAnswer, findings);
        box.setPadding(new Insets(10, 12, 12, 12));
        ScrollPane scroll = new ScrollPane(box);
        scroll.setFitToWidth(true);
        return scroll;
    }

    private void paintDetail() {
        CandidateRow row = viewModel.selectedProperty().get();
        if (row == null) {
            detailLine.setHeight(0);
            return;
        }
        detailLine.setHeight(LayoutSketch.height(row, DETAIL_BAR));
        LayoutSketch.paint(detailLine, row, dark.get(), DETAIL_BAR);
    }

    private void repaint() {
        table.refresh();
        paintDetail();
    }

    /** A table cell showing the candidate's layout as a small number line. */
    private final class LineCell extends TableCell<CandidateRow, CandidateRow> {
        private final Canvas canvas = new Canvas(ROW_LINE_WIDTH, 1);

        LineCell() {
            // the line fills the cell inside its padding, so "MaxKey" and the strips' ends stay in view
            widthProperty().addListener((obs, was, now) -> {
                if (getItem() != null && !isEmpty()) {
                    updateItem(getItem(), false);
                }
            });
        }

        @Override
        protected void updateItem(CandidateRow item, boolean empty) {
            super.updateItem(item, empty);
            if (empty || item == null) {
                setGraphic(null);
                return;
            }
            // before its first layout a cell has no width yet; after it, a column the user narrowed gets a
            // narrower line rather than one that spills over its neighbour and cuts MaxKey off
            double inside = getWidth() - snappedLeftInset() - snappedRightInset();
            canvas.setWidth(getWidth() > 0 ? Math.max(0, Math.floor(inside)) : ROW_LINE_WIDTH);
            canvas.setHeight(LayoutSketch.height(item, ROW_BAR));
            LayoutSketch.paint(canvas, item, dark.get(), ROW_BAR);
            setGraphic(canvas);
        }
    }

    // ---- helpers ----

    /** Load sample → Live collection…, styled as the advisor's window, placed by the placement. */
    private void askLiveCollection() {
        LiveCollectionDialog dialog = new LiveCollectionDialog(
                text, table.getScene() == null ? null : table.getScene().getWindow());
        appearance.applyOnce(dialog.getDialogPane());
        placement
                .showAndWait(dialog)
                .ifPresent(closedWith -> dialog.loadIfConfirmed(closedWith, viewModel::loadLiveCollection));
    }

    private Optional<File> chooseExportFile() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(text.now("advisor.export.title"));
        chooser.setInitialFileName("shard-key-comparison.png");
        chooser.getExtensionFilters()
                .addAll(
                        new FileChooser.ExtensionFilter(text.now("advisor.export.png"), "*.png"),
                        new FileChooser.ExtensionFilter(text.now("advisor.export.svg"), "*.svg"),
                        new FileChooser.ExtensionFilter("PDF", "*.pdf")); // untranslated: the format's name
        Window owner = table.getScene() == null ? null : table.getScene().getWindow();
        return Optional.ofNullable(placement.choose(() -> chooser.showSaveDialog(owner)));
    }

    /** A file to open, in a chooser titled {@code titleKey}'s text. */
    private Optional<File> chooseFile(String titleKey, String... patterns) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(text.now(titleKey));
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(String.join(", ", patterns), patterns));
        Window owner = table.getScene() == null ? null : table.getScene().getWindow();
        return Optional.ofNullable(placement.choose(() -> chooser.showOpenDialog(owner)));
    }

    /** The width {@code text} takes in the default font (the table's). */
    private static double textWidth(String text) {
        return new Text(text).getLayoutBounds().getWidth();
    }

    private Label caption(String key) {
        Label l = text.label(new Label(), key);
        l.getStyleClass().add(Styles.TEXT_BOLD);
        // at least 90 px, so that the rows' controls line up, and never narrower than its text in the type it has
        l.minWidthProperty()
                .bind(Bindings.createDoubleBinding(
                        () -> {
                            Text measured = new Text(l.getText());
                            measured.setFont(l.getFont());
                            return Math.max(
                                    90, Math.ceil(measured.getLayoutBounds().getWidth()) + 1);
                        },
                        l.textProperty(),
                        l.fontProperty()));
        return l;
    }

    private Label wrapping(ObservableValue<Message> message) {
        Label l = new Label();
        l.textProperty().bind(text.text(message));
        l.setWrapText(true);
        l.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(l, Priority.ALWAYS);
        return l;
    }

    /**
     * A row of inputs after its caption. Its labels, buttons and pickers keep their width, so a narrow window does not
     * cut them to "…"; the wrapping texts, the text field and the chips give up width instead.
     */
    private static HBox row(Node... nodes) {
        HBox row = new HBox(8, nodes);
        row.setAlignment(Pos.CENTER_LEFT);
        if (nodes[0] instanceof Region r && !r.minWidthProperty().isBound()) {
            r.setMinWidth(90);
        }
        for (Node node : nodes) {
            boolean givesUpWidth = node instanceof Label l && l.isWrapText()
                    || node instanceof TextField
                    || node instanceof FlowPane
                    || node.getClass() == Region.class;
            if (node instanceof Region r
                    && !givesUpWidth
                    && !r.minWidthProperty().isBound()) {
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        return row;
    }

    private String count(Number n) {
        return String.format(Locale.ROOT, "%,d", n.longValue());
    }

    /** A 0..1 share as a percentage; a share too small to show is {@code <0.1%}, not 0%. */
    private static String share(double v) {
        return v > 0 && v < 0.0005 ? "<0.1%" : percent(v * 100);
    }

    private static String percent(double p) {
        String s = String.format(Locale.ROOT, "%.1f", p);
        return (s.endsWith(".0") ? s.substring(0, s.length() - 2) : s) + "%";
    }
}
