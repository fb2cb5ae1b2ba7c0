package io.shardlab.ui.advisor;

import atlantafx.base.theme.Styles;
import io.shardlab.advisor.Finding;
import io.shardlab.advisor.ShippedDataset;
import io.shardlab.advisor.SuggestedCandidate;
import io.shardlab.advisor.Verdict;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.ui.theme.Appearance;
import java.io.File;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import javafx.application.Platform;
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
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
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
    private final ObservableBooleanValue dark;
    private final TableView<CandidateRow> table = new TableView<>();
    private final Canvas detailLine = new Canvas();

    /**
     * @param viewModel the advisor's state and verbs
     * @param dark whether the dark theme shows (the number lines follow it)
     */
    public AdvisorView(AdvisorViewModel viewModel, ObservableBooleanValue dark) {
        this.viewModel = viewModel;
        this.dark = dark;
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
        MenuButton load = new MenuButton("Load sample", new FontIcon(MaterialDesignD.DATABASE));
        load.setId("load-sample");
        for (ShippedDataset d : viewModel.shippedDatasets()) {
            MenuItem item = new MenuItem(d.datasetName() + " (shipped): " + d.summary());
            item.setId("load-" + d.datasetName());
            // dataset names such as us_zipcodes: the underscore is text, not a mnemonic
            item.setMnemonicParsing(false);
            item.setOnAction(e -> viewModel.loadShippedDataset(d));
            load.getItems().add(item);
        }
        MenuItem file = new MenuItem("Open file… (JSON Lines, CSV, mongoexport output)");
        file.setId("load-file");
        file.setOnAction(e -> chooseFile("Open a sample", "*.jsonl", "*.ndjson", "*.json", "*.csv", "*.gz")
                .ifPresent(f -> viewModel.loadFile(f.toPath())));
        MenuItem live = new MenuItem("Live collection… ($sample, read-only)");
        live.setId("load-live");
        live.setOnAction(e -> askLiveCollection());
        load.getItems().addAll(new SeparatorMenuItem(), file, live);
        load.disableProperty().bind(viewModel.busyProperty());
        // once a sample is loaded the button replaces it
        load.textProperty()
                .bind(viewModel.sampleProperty().map(loaded -> "Change sample").orElse("Load sample"));
        Label summary = wrapping(viewModel.sampleSummaryProperty());
        summary.setId("sample-summary");
        return row(caption("Sample"), load, summary);
    }

    private Parent queryRow() {
        Button open = new Button("Query mix…", new FontIcon(MaterialDesignF.FILE_DOCUMENT_OUTLINE));
        open.setId("load-queries");
        open.setTooltip(new Tooltip("JSON Lines, one operation per line, e.g. "
                + "{\"op\": \"find\", \"filter\": {\"customerId\": 42}, \"weight\": 70}"));
        open.setOnAction(e ->
                chooseFile("Open a query mix", "*.jsonl", "*.json").ifPresent(f -> viewModel.loadQueryMix(f.toPath())));
        Button clear = new Button("Clear");
        clear.getStyleClass().add(Styles.FLAT);
        clear.setOnAction(e -> viewModel.clearQueryMix());
        clear.disableProperty().bind(viewModel.queriesProperty().map(List::isEmpty));
        Button sampled = new Button("Sampled queries", new FontIcon(MaterialDesignF.FILE_DOCUMENT_OUTLINE));
        sampled.setId("sampled-queries");
        sampled.setTooltip(new Tooltip("The live cluster's sampled queries ($listSampledQueries, MongoDB 7.0+) as the "
                + "query mix. ShardLab only reads them; sampling is turned on with configureQueryAnalyzer."));
        sampled.disableProperty().bind(viewModel.liveProperty().not().or(viewModel.busyProperty()));
        sampled.setOnAction(e -> viewModel.useSampledQueries());
        Label summary = wrapping(viewModel.queryMixSummaryProperty());
        summary.setId("query-summary");
        return row(caption("Queries"), open, sampled, clear, summary);
    }

    private Parent clusterRow() {
        Spinner<Integer> shards =
                new Spinner<>(1, 1000, viewModel.shardsProperty().get());
        shards.setId("shards");
        shards.setEditable(true);
        shards.setPrefWidth(90);
        shards.valueProperty().addListener((obs, was, now) -> viewModel.setShards(now));
        ChoiceBox<MongoVersion> version = new ChoiceBox<>();
        version.setId("version");
        version.getItems().setAll(MongoVersion.releaseLines());
        version.setValue(viewModel.versionProperty().get());
        version.valueProperty().addListener((obs, was, now) -> viewModel.setVersion(now));
        Spinner<Integer> chunk =
                new Spinner<>(1, 1024, viewModel.chunkSizeMegabytesProperty().get());
        chunk.setId("chunk-size");
        chunk.setEditable(true);
        chunk.setPrefWidth(90);
        chunk.valueProperty().addListener((obs, was, now) -> viewModel.setChunkSizeMegabytes(now));
        viewModel
                .chunkSizeMegabytesProperty()
                .addListener((obs, was, now) -> chunk.getValueFactory().setValue(now.intValue()));
        Label hint = new Label("A sample much smaller than its collection fills few chunks: a smaller chunk size "
                + "shows how it would split.");
        hint.getStyleClass().addAll(Styles.TEXT_MUTED, Styles.TEXT_SMALL);
        return row(
                caption("Cluster"),
                new Label("Shards"),
                shards,
                new Label("MongoDB"),
                version,
                new Label("Chunk size (MB)"),
                chunk,
                hint);
    }

    private Parent candidateRow() {
        TextField input = new TextField();
        input.setId("candidate-input");
        input.setPromptText("{ customerId: 1 }  or  { _id: 'hashed' }  or  { region: 1, customerId: 1 }");
        input.setPrefColumnCount(28);
        Button add = new Button("Add", new FontIcon(MaterialDesignP.PLUS));
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
        Runnable refresh = () -> {
            chips.getChildren().clear();
            for (ShardKeyPattern key : viewModel.candidatesProperty()) {
                Button remove = new Button(key.toString(), new FontIcon(MaterialDesignC.CLOSE));
                remove.setMnemonicParsing(false);
                remove.getStyleClass().addAll(Styles.SMALL, Styles.BUTTON_OUTLINED);
                remove.setTooltip(new Tooltip("Remove " + key));
                remove.setOnAction(e -> viewModel.removeCandidate(key));
                chips.getChildren().add(remove);
            }
        };
        viewModel.candidatesProperty().addListener((ListChangeListener<ShardKeyPattern>) c -> refresh.run());
        HBox.setHgrow(chips, Priority.ALWAYS);
        return row(caption("Candidates"), input, add, chips);
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
                add.setTooltip(new Tooltip(s.reason()));
                add.setOnAction(e -> viewModel.addSuggestion(s));
                chips.getChildren().add(add);
            }
        };
        viewModel.suggestionsProperty().addListener((ListChangeListener<SuggestedCandidate>) c -> refresh.run());
        Label none = new Label("Load a sample to get suggestions from its fields.");
        none.getStyleClass().add(Styles.TEXT_MUTED);
        none.visibleProperty().bind(viewModel.suggestionsProperty().emptyProperty());
        none.managedProperty().bind(none.visibleProperty());
        HBox.setHgrow(chips, Priority.ALWAYS);
        return row(caption("Suggestions"), none, chips);
    }

    private Parent runRow() {
        Button analyze = new Button("Analyze", new FontIcon(MaterialDesignS.SCALE_BALANCE));
        analyze.setId("analyze");
        analyze.getStyleClass().add(Styles.ACCENT);
        analyze.setDefaultButton(false);
        analyze.disableProperty().bind(viewModel.canAnalyzeProperty().not());
        analyze.setOnAction(e -> viewModel.analyze());
        Button cancel = new Button("Cancel");
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
        stage.textProperty().bind(viewModel.stageProperty());
        stage.getStyleClass().add(Styles.TEXT_MUTED);
        Label error = new Label();
        error.setId("error");
        error.textProperty().bind(viewModel.errorProperty());
        error.getStyleClass().add(Styles.DANGER);
        error.setWrapText(true);
        Button server = new Button("Ask the server");
        server.setId("ask-server");
        server.setTooltip(new Tooltip("Run the live cluster's own analyzeShardKey for each candidate (MongoDB 7.0+; it "
                + "changes no data) and show its answer beside ShardLab's."));
        server.disableProperty()
                .bind(viewModel
                        .liveProperty()
                        .not()
                        .or(viewModel.busyProperty())
                        .or(viewModel.reportProperty().isNull()));
        server.setOnAction(e -> viewModel.askServer());
        Button export = new Button("Export comparison…", new FontIcon(MaterialDesignF.FILE_EXPORT_OUTLINE));
        export.setId("export-comparison");
        export.setTooltip(new Tooltip("The comparison as a picture (PNG, SVG or PDF): each candidate's verdict, "
                + "numbers, layout and reads/writes per key range, as analyze --out writes it."));
        export.disableProperty()
                .bind(viewModel.busyProperty().or(viewModel.reportProperty().isNull()));
        export.setOnAction(e -> chooseExportFile().ifPresent(f -> viewModel.exportComparison(f.toPath(), dark.get())));
        return row(new Region(), analyze, server, export, cancel, bar, stage, error);
    }

    // ---- results ----

    private Parent table() {
        table.setId("candidates-table");
        table.setPlaceholder(new Label("Add candidate keys and press Analyze to compare them."));
        table.getStyleClass().add(Styles.STRIPED);
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.getColumns().add(keyColumn());
        table.getColumns().add(layoutColumn());
        addFigureColumns();
        table.setItems(viewModel.rowsProperty());
        table.skinProperty().addListener((obs, was, now) -> Platform.runLater(this::installHeaderTooltips));
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
        TableColumn<CandidateRow, String> keyColumn = column(
                "Key", "The candidate shard key pattern", CandidateRow::keyText, KEY_COLUMN_WIDTH, String::valueOf);
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
        TableColumn<CandidateRow, CandidateRow> line = new TableColumn<>("Layout (width by data)");
        line.setUserData("The chunks after replaying the sample in insertion order, each as wide as its data, "
                + "coloured by shard; striped chunks are jumbo");
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
                        "Verdict",
                        "Recommended, qualified, or ruled out by a finding",
                        CandidateRow::verdict,
                        125,
                        String::valueOf));
        table.getColumns()
                .add(column(
                        "Distinct values",
                        "numDistinctValues: distinct shard-key values in the sample " + "(at most this many chunks)",
                        CandidateRow::numDistinctValues,
                        135,
                        this::count));
        table.getColumns()
                .add(column(
                        "Top value",
                        "mostCommonValues[0].frequency / numDocsSampled: the most common "
                                + "value's share of the documents",
                        CandidateRow::topValueShare,
                        100,
                        AdvisorView::share));
        table.getColumns()
                .add(column(
                        "Monotonicity",
                        "monotonicity.type: whether the key changes with insertion "
                                + "order (|recordIdCorrelationCoefficient| >= 0.7)",
                        CandidateRow::monotonicity,
                        135,
                        String::valueOf));
        table.getColumns().add(column("Chunks", "Chunks after the replay", CandidateRow::chunks, 85, this::count));
        table.getColumns()
                .add(column(
                        "Jumbo values",
                        "Values whose documents alone exceed the chunk size",
                        CandidateRow::jumboValues,
                        125,
                        this::count));
        table.getColumns()
                .add(column(
                        "Fullest shard",
                        "maxShardDocShare: the fullest shard's share of the documents " + "after the replay",
                        CandidateRow::maxShardDocShare,
                        125,
                        AdvisorView::share));
        table.getColumns()
                .add(column(
                        "Write share",
                        "meanMaxWriteShare: per window of inserts, the busiest shard's "
                                + "share, averaged (1/N is even, 1 is every insert on one shard)",
                        CandidateRow::meanMaxWriteShare,
                        115,
                        v -> String.format(Locale.ROOT, "%.2f", v)));
        table.getColumns()
                .add(column(
                        "Single-shard reads",
                        "readDistribution.percentageOfSingleShardReads for the " + "query mix",
                        CandidateRow::singleShardReads,
                        175,
                        v -> v == null ? "—" : percent(v)));
    }

    private static <T> TableColumn<CandidateRow, T> column(
            String title, String hint, Function<CandidateRow, T> value, double width, Function<T, String> text) {
        TableColumn<CandidateRow, T> c = new TableColumn<>(title);
        c.setUserData(hint);
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : text.apply(item));
                Verdict verdict = !empty && item instanceof Verdict v ? v : null;
                pseudoClassStateChanged(RULED_OUT, verdict == Verdict.RULED_OUT);
                pseudoClassStateChanged(VERDICT_RECOMMENDED, verdict == Verdict.RECOMMENDED);
            }
        });
        return c;
    }

    /** Gives each column header its hint (the analyzeShardKey field it shows) as a tooltip, once headers exist. */
    private void installHeaderTooltips() {
        for (Node n : table.lookupAll(".column-header")) {
            if (n instanceof TableColumnHeader h
                    && h.getTableColumn() != null
                    && h.getTableColumn().getUserData() instanceof String hint) {
                Tooltip.install(h, new Tooltip(hint));
            }
        }
    }

    private Parent details() {
        Label caveat = wrapping(viewModel.caveatProperty());
        caveat.setId("caveat");
        caveat.getStyleClass().add(Styles.WARNING);
        caveat.managedProperty().bind(caveat.textProperty().isNotEmpty());
        Label recommendation = wrapping(viewModel.recommendationProperty());
        recommendation.setId("recommendation");
        recommendation.getStyleClass().addAll(Styles.TITLE_4);
        VBox reasons = new VBox(2);
        reasons.setId("reasons");
        viewModel.reasonsProperty().addListener((ListChangeListener<String>) c -> {
            reasons.getChildren().clear();
            for (String r : viewModel.reasonsProperty()) {
                Label l = new Label(r);
                l.setWrapText(true);
                l.getStyleClass().add(Styles.TEXT_MUTED);
                reasons.getChildren().add(l);
            }
        });
        Label selectedTitle = new Label();
        selectedTitle.setId("selected-key");
        selectedTitle.getStyleClass().add(Styles.TEXT_BOLD);
        selectedTitle.textProperty().bind(viewModel.selectedProperty().map(r -> r.keyText() + " · " + r.verdict()));
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
        strips.textProperty().bind(viewModel.selectedProperty().map(CandidateRow::rangeLegend));
        Label serverAnswer = new Label();
        serverAnswer.setId("server-answer");
        serverAnswer.setWrapText(true);
        serverAnswer.textProperty().bind(viewModel.selectedServerAnswerProperty());
        serverAnswer.managedProperty().bind(serverAnswer.textProperty().isNotEmpty());
        VBox findings = new VBox(4);
        findings.setId("findings");
        viewModel.selectedProperty().addListener((obs, was, now) -> {
            findings.getChildren().clear();
            if (now != null) {
                for (Finding f : now.findings()) {
                    findings.getChildren().add(finding(f));
                }
            }
        });
        VBox box =
                new VBox(8, caveat, recommendation, reasons, selectedTitle, lineHolder, strips, serverAnswer, findings);
        box.setPadding(new Insets(10, 12, 12, 12));
        ScrollPane scroll = new ScrollPane(box);
        scroll.setFitToWidth(true);
        return scroll;
    }

    private static Parent finding(Finding f) {
        Label severity = new Label(
                switch (f.severity()) {
                    case DISQUALIFYING -> "ruled out";
                    case WARNING -> "warning";
                    case NOTE -> "note";
                    case GOOD -> "good";
                });
        severity.setMinWidth(80);
        severity.getStyleClass()
                .addAll(
                        Styles.TEXT_BOLD,
                        switch (f.severity()) {
                            case DISQUALIFYING -> Styles.DANGER;
                            case WARNING -> Styles.WARNING;
                            case NOTE -> Styles.TEXT_MUTED;
                            case GOOD -> Styles.SUCCESS;
                        });
        Label principle = new Label(f.principle().label());
        principle.setMinWidth(130);
        principle.getStyleClass().add(Styles.TEXT_MUTED);
        principle.setTooltip(new Tooltip(f.principle().summary()));
        Label text = new Label(f.text());
        text.setWrapText(true);
        HBox.setHgrow(text, Priority.ALWAYS);
        return new HBox(8, severity, principle, text);
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

    /**
     * Asks for a connection string, password, namespace and sample size. The password has a field of
     * its own so that it is never shown; the load itself runs on the view model's background executor.
     */
    private void askLiveCollection() {
        TextField uri = new TextField("mongodb://localhost:27017/");
        uri.setId("live-uri");
        uri.setPromptText("mongodb://user@host:27017/?authSource=admin");
        PasswordField password = new PasswordField();
        password.setId("live-password");
        password.setPromptText("only if the string names a user");
        TextField namespace = new TextField();
        namespace.setId("live-ns");
        namespace.setPromptText("db.collection");
        TextField size = new TextField("10000");
        size.setId("live-sample-size");
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(8);
        form.addRow(0, new Label("Connection string"), uri);
        form.addRow(1, new Label("Password"), password);
        form.addRow(2, new Label("Namespace"), namespace);
        form.addRow(3, new Label("Sample size ($sample)"), size);
        GridPane.setHgrow(uri, Priority.ALWAYS);
        uri.setPrefColumnCount(36);
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.setTitle("Sample a live collection");
        dialog.setHeaderText("ShardLab runs [{$sample: {size: N}}] on the collection; it writes nothing. "
                + "$sample returns documents in random order, so monotonicity is \"unknown\".");
        dialog.getDialogPane().setContent(form);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        if (table.getScene() != null) {
            dialog.initOwner(table.getScene().getWindow());
        }
        dialog.showAndWait()
                .filter(b -> b == ButtonType.OK)
                .ifPresent(b -> viewModel.loadLiveCollection(
                        uri.getText(), password.getText(), namespace.getText(), size.getText()));
    }

    private Optional<File> chooseExportFile() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export the comparison");
        chooser.setInitialFileName("shard-key-comparison.png");
        chooser.getExtensionFilters()
                .addAll(
                        new FileChooser.ExtensionFilter("PNG image", "*.png"),
                        new FileChooser.ExtensionFilter("SVG drawing", "*.svg"),
                        new FileChooser.ExtensionFilter("PDF", "*.pdf"));
        Window owner = table.getScene() == null ? null : table.getScene().getWindow();
        return Optional.ofNullable(chooser.showSaveDialog(owner));
    }

    private Optional<File> chooseFile(String title, String... patterns) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(String.join(", ", patterns), patterns));
        Window owner = table.getScene() == null ? null : table.getScene().getWindow();
        return Optional.ofNullable(chooser.showOpenDialog(owner));
    }

    /** The width {@code text} takes in the default font (the table's). */
    private static double textWidth(String text) {
        return new Text(text).getLayoutBounds().getWidth();
    }

    private static Label caption(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Styles.TEXT_BOLD);
        l.setMinWidth(90);
        return l;
    }

    private static Label wrapping(ObservableValue<String> text) {
        Label l = new Label();
        l.textProperty().bind(text);
        l.setWrapText(true);
        l.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(l, Priority.ALWAYS);
        return l;
    }

    private static HBox row(Node... nodes) {
        HBox row = new HBox(8, nodes);
        row.setAlignment(Pos.CENTER_LEFT);
        if (nodes[0] instanceof Region r) {
            r.setMinWidth(90);
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
