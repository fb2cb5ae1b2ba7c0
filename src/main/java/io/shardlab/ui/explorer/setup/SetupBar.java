package io.shardlab.ui.explorer.setup;

import atlantafx.base.controls.CustomTextField;
import atlantafx.base.theme.Styles;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.session.Scenario;
import io.shardlab.text.Message;
import io.shardlab.ui.explorer.ExplorerStyles;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.SharedStyles;
import io.shardlab.ui.theme.WindowPlacement;
import java.io.File;
import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignK;
import org.kordamp.ikonli.materialdesign2.MaterialDesignL;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;

/**
 * The setup strip: workload, shard key (checked as it is typed), shards, chunk size, MongoDB version,
 * pace, Zones… and Apply. Errors show inline under the key.
 */
public final class SetupBar {

    // style classes of its nodes, as its stylesheet names them
    private static final String KEY_STATUS = "key-status";
    private static final String SETUP_BAR = "setup-bar";
    private static final String SETUP_FIELD = "setup-field";
    private static final String SETUP_FIELDS = "setup-fields";
    private static final String SETUP_VERSION = "setup-version";
    private static final String SETUP_WORKLOAD = "setup-workload";
    private static final String SETUP_CHUNK_SIZE = "setup-chunk-size";
    private static final String SETUP_PACE = "setup-pace";
    private static final String WORKLOAD_CELL = "workload-cell";
    private static final String WORKLOAD_DESCRIPTION = "workload-description";
    private static final String WORKLOAD_NAME = "workload-name";

    private static final String SETUP_SUMMARY = "setup-summary";
    /** The setup row folded into its summary line (presenter mode). */
    private static final PseudoClass FOLDED = PseudoClass.getPseudoClass("folded");

    private static final PseudoClass VALID = PseudoClass.getPseudoClass("valid");
    private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");

    /** Wide enough for every shipped lesson's key (LessonCatalogTest checks), so Run scenario never reflows the bar. */
    static final int MIN_KEY_COLUMNS = 28;

    private static final int MAX_KEY_COLUMNS = 44;

    private final SetupViewModel vm;
    private final UiText text;
    private final Appearance appearance;
    private final WindowPlacement placement;
    private final VBox root;
    private final CustomTextField key = new CustomTextField();

    /**
     * @param appearance styles the Zones… dialog as the window is styled
     * @param placement sizes and places the Zones… dialog and keeps the window's state while it and the dataset
     *     chooser are open
     * @param presenter whether the form folds (presenter mode, or a short explorer over the docked Shell) into one
     *     line of what it sets, with a button that unfolds it (the room reads the diagram, the presenter changes
     *     the setup rarely)
     * @param text the window's words
     */
    public SetupBar(
            SetupViewModel vm,
            Appearance appearance,
            WindowPlacement placement,
            ObservableBooleanValue presenter,
            UiText text) {
        this.vm = vm;
        this.text = text;
        this.appearance = appearance;
        this.placement = placement;

        ComboBox<SetupViewModel.WorkloadChoice> workload = workloadPicker();
        HBox workloadBox = new HBox(2, workload, datasetButton());
        workloadBox.setAlignment(Pos.CENTER_LEFT);
        bindKeyField();
        Spinner<Integer> shards = shardsSpinner();
        ComboBox<Integer> chunkSize = chunkSizePicker();
        ComboBox<MongoVersion> version = versionPicker();
        ComboBox<Integer> pace = pacePicker();
        Button zones = zonesButton();
        Button apply = applyButton();
        // the key field grows and shrinks; the choices keep their text whole
        for (Region keepWhole : new Region[] {apply, version, pace, chunkSize}) {
            keepWhole.setMinWidth(Region.USE_PREF_SIZE);
        }

        // a row that wraps: in a narrow window (1280 px with the lessons panel open) the choices that do not
        // fit go to a second row instead of being cut off at the window's edge; where it has room, the workload
        // picker's closed label shows whole
        SetupRow fields = new SetupRow(
                workload,
                workload.getButtonCell(),
                key,
                MIN_KEY_COLUMNS,
                MAX_KEY_COLUMNS,
                field("explorer.setup.workload", workloadBox),
                field("explorer.setup.key", key),
                field("explorer.setup.shards", shards),
                field("explorer.setup.chunkSize.caption", chunkSize),
                field("explorer.setup.mongodb", version),
                field("explorer.setup.pace.caption", pace),
                bottomAligned(zones),
                bottomAligned(apply));
        fields.setId("setup-fields");
        fields.getStyleClass().add(SETUP_FIELDS);
        fields.setRowValignment(VPos.BOTTOM);

        Label keyError = keyError();
        // a client's collection on show: the scenario's fields describe another collection, its line describes this one
        Label clientCollection = new Label();
        clientCollection.setId("setup-client-collection");
        clientCollection.textProperty().bind(text.text(vm.clientCollectionProperty()));
        clientCollection.visibleProperty().bind(vm.clientCollectionProperty().isNotNull());
        clientCollection.managedProperty().bind(clientCollection.visibleProperty());
        // presenter mode: one line of what the form sets, unfolded on demand; leaving the mode unfolds it
        BooleanProperty unfolded = new SimpleBooleanProperty(false);
        presenter.addListener((obs, was, now) -> unfolded.set(false));
        BooleanBinding folded =
                Bindings.createBooleanBinding(() -> presenter.get() && !unfolded.get(), presenter, unfolded);
        Region summary = summary(unfolded, presenter);
        fields.visibleProperty().bind(clientCollection.visibleProperty().not().and(folded.not()));
        fields.managedProperty().bind(fields.visibleProperty());
        Label keyHint = keyHint(keyError);
        for (Label underRow : new Label[] {keyError, keyHint}) {
            BooleanBinding shown = Bindings.createBooleanBinding(
                    () -> !underRow.getText().isEmpty() && (!folded.get() || underRow == keyError),
                    underRow.textProperty(),
                    folded);
            underRow.visibleProperty().unbind();
            underRow.visibleProperty()
                    .bind(
                            underRow == keyHint
                                    ? shown.and(keyError.visibleProperty().not())
                                    : shown);
        }
        root = new VBox(clientCollection, summary, fields, keyError, keyHint);
        root.getStyleClass().add(SETUP_BAR);
        folded.addListener((obs, was, now) -> root.pseudoClassStateChanged(FOLDED, now));
        root.pseudoClassStateChanged(FOLDED, folded.get());
    }

    /**
     * Presenter mode's line: what the form sets (workload, key, shards, chunk size, release, pace, zones), and the
     * button that unfolds the form and folds it again.
     */
    private Region summary(BooleanProperty unfolded, ObservableBooleanValue presenter) {
        Label text = new Label();
        text.setId("setup-summary");
        text.getStyleClass().add(SETUP_SUMMARY);
        text.textProperty().bind(this.text.text(vm.summaryProperty()));
        text.setGraphic(new FontIcon(MaterialDesignT.TUNE_VARIANT));
        // whole words on a second line rather than "…": the room reads which key and release play
        text.setWrapText(true);
        text.setMinWidth(0);
        HBox.setHgrow(text, Priority.ALWAYS);
        Button edit = new Button();
        edit.setId("setup-unfold");
        edit.getStyleClass().addAll(Styles.FLAT, Styles.SMALL);
        // the pencil alone: the summary keeps the row's width and stays on one line at 1280 px
        edit.setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        edit.textProperty()
                .bind(Bindings.when(unfolded)
                        .then(this.text.text("explorer.setup.fold"))
                        .otherwise(this.text.text("explorer.setup.unfold")));
        this.text.tip(edit, () -> {
            Tooltip editTip = new Tooltip();
            editTip.textProperty().bind(edit.textProperty());
            return editTip;
        });
        edit.setGraphic(new FontIcon(MaterialDesignP.PENCIL_OUTLINE));
        edit.setMinWidth(Region.USE_PREF_SIZE);
        edit.setOnAction(e -> unfolded.set(!unfolded.get()));
        HBox row = new HBox(8, text, edit);
        row.setAlignment(Pos.CENTER_LEFT);
        row.visibleProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> presenter.get() && vm.clientCollectionProperty().get() == null,
                        presenter,
                        vm.clientCollectionProperty()));
        row.managedProperty().bind(row.visibleProperty());
        return row;
    }

    /** The workload picker: each workload with its description when open, its name when closed. */
    private ComboBox<SetupViewModel.WorkloadChoice> workloadPicker() {
        ComboBox<SetupViewModel.WorkloadChoice> workload = new ComboBox<>(vm.workloadsProperty());
        workload.setId("setup-workload");
        workload.valueProperty().bindBidirectional(vm.workloadProperty());
        workload.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(SetupViewModel.WorkloadChoice item, boolean empty) {
                super.updateItem(item, empty);
                if (empty || item == null) {
                    setText(null);
                    setGraphic(null);
                    return;
                }
                Label name = new Label(text.messages().text(item.label()));
                name.getStyleClass().add(WORKLOAD_NAME);
                Label description =
                        new Label(item.words().map(text.messages()::text).orElse(item.description()));
                description.getStyleClass().add(WORKLOAD_DESCRIPTION);
                VBox box = new VBox(name, description);
                box.getStyleClass().add(WORKLOAD_CELL);
                setText(null);
                setGraphic(box);
            }
        });
        workload.valueProperty().addListener((obs, was, now) -> {
            if (now != null && was != null && !now.equals(was)) {
                vm.chooseWorkload(now);
            }
        });
        // closed, the workload's name only: the list's two-line cells would put the description in the button
        ListCell<SetupViewModel.WorkloadChoice> workloadLabel = new ListCell<>() {
            @Override
            protected void updateItem(SetupViewModel.WorkloadChoice item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : text.messages().text(item.label()));
            }
        };
        workload.setButtonCell(workloadLabel);
        workload.getStyleClass().add(SETUP_WORKLOAD);
        // the closed picker is sized for the setup row and can cut a long name: its tooltip names the choice whole
        text.tip(workload, () -> {
            Tooltip workloadTip = new Tooltip();
            workloadTip
                    .textProperty()
                    .bind(Bindings.createStringBinding(
                            () -> workload.getValue() == null
                                    ? text.now("explorer.setup.workload.tip")
                                    : text.now(
                                            "explorer.setup.workload.tip.chosen",
                                            text.messages()
                                                    .text(workload.getValue().label()),
                                            workload.getValue()
                                                    .words()
                                                    .map(text.messages()::text)
                                                    .orElse(workload.getValue().description())),
                            workload.valueProperty(),
                            text.language()));
            return workloadTip;
        });
        return workload;
    }

    /** Opens a dataset file to replay instead of a generated workload. */
    private Button datasetButton() {
        Button dataset = new Button(null, new FontIcon(MaterialDesignF.FOLDER_OPEN_OUTLINE));
        dataset.setId("setup-dataset");
        dataset.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT);
        text.tip(dataset, "explorer.setup.dataset.tip");
        dataset.setOnAction(e -> chooseDataset(dataset));
        return dataset;
    }

    /** The shard key field, checked as it is typed; Enter applies. */
    private void bindKeyField() {
        key.setId("setup-key");
        key.getStyleClass().add(ExplorerStyles.KEY_FIELD);
        key.textProperty().bindBidirectional(vm.keyPatternProperty());
        text.prompt(key, "explorer.setup.key.prompt", "{ field: 1 }", "{ field: 'hashed' }");
        key.setLeft(new FontIcon(MaterialDesignK.KEY_OUTLINE));
        FontIcon status = new FontIcon();
        status.getStyleClass().add(KEY_STATUS);
        key.setRight(status);
        // the field grows with the key (SetupRow sets its columns), so a compound key keeps its closing brace in
        // sight; every lesson's key fits the least width, so the row (and the transport bar under it) keeps its
        // shape from lesson to lesson
        key.setMinWidth(Region.USE_PREF_SIZE);
        vm.keyErrorProperty().addListener((obs, was, now) -> styleKey(status, now));
        styleKey(status, vm.keyErrorProperty().get());
        key.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                vm.apply();
            }
        });
        text.tip(key, "explorer.setup.key.tip");
    }

    private Spinner<Integer> shardsSpinner() {
        Spinner<Integer> shards =
                new Spinner<>(1, Scenario.MAX_SHARDS, vm.shardsProperty().get());
        shards.setId("setup-shards");
        shards.setEditable(true);
        shards.setPrefWidth(96);
        shards.getValueFactory()
                .valueProperty()
                .addListener((obs, was, now) -> vm.shardsProperty().set(now));
        vm.shardsProperty()
                .addListener((obs, was, now) -> shards.getValueFactory().setValue(now.intValue()));
        shards.getStyleClass().add(Spinner.STYLE_CLASS_SPLIT_ARROWS_HORIZONTAL);
        return shards;
    }

    private ComboBox<Integer> chunkSizePicker() {
        ComboBox<Integer> chunkSize = new ComboBox<>();
        chunkSize.setId("setup-chunk-size");
        chunkSize.setItems(vm.chunkSizes());
        chunkSize.setConverter(text.converter(vm::chunkSizeLabel));
        chunkSize.setValue(vm.chunkSizeMegabytesProperty().get());
        chunkSize.valueProperty().addListener((obs, was, now) -> {
            if (now != null) {
                vm.chunkSizeMegabytesProperty().set(now);
            }
        });
        vm.chunkSizeMegabytesProperty().addListener((obs, was, now) -> chunkSize.setValue(now.intValue()));
        Runnable relabel = () -> {
            Integer v = chunkSize.getValue();
            chunkSize.setConverter(text.converter(vm::chunkSizeLabel));
            chunkSize.setValue(null);
            chunkSize.setValue(v);
        };
        // the default's label names the version's default size
        vm.versionProperty().addListener((obs, was, now) -> relabel.run());
        text.language().addListener((obs, was, now) -> relabel.run());
        // closed, the default names only its size: "default (128 MB)" would widen the row past a 1504 px window
        chunkSize.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(Integer item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : text.messages().text(vm.chunkSizeShortLabel(item)));
            }
        });
        chunkSize.getStyleClass().add(SETUP_CHUNK_SIZE);
        text.tip(chunkSize, "explorer.setup.chunkSize.tip");
        return chunkSize;
    }

    /** The release whose rules apply, each named in the open list with what changes in it. */
    private ComboBox<MongoVersion> versionPicker() {
        ComboBox<MongoVersion> version = new ComboBox<>();
        version.setId("setup-version");
        version.setItems(vm.versions());
        version.valueProperty().bindBidirectional(vm.versionProperty());
        version.setConverter(text.converter(vm::versionLabel));
        // the closed picker shows the number alone; the open list's cells are made anew each time it opens
        text.language().addListener((obs, was, now) -> version.setConverter(text.converter(vm::versionLabel)));
        // the open list names each release with what changes in it, so the choice can be made from the list
        version.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(MongoVersion item, boolean empty) {
                super.updateItem(item, empty);
                if (empty || item == null) {
                    setText(null);
                    setGraphic(null);
                    return;
                }
                Label name = new Label(text.messages().text(vm.versionLabel(item)));
                name.getStyleClass().add(Styles.TEXT_BOLD);
                Label what = new Label(vm.versionSummary(item));
                what.getStyleClass().add(Styles.TEXT_SMALL);
                what.setWrapText(true);
                what.setMaxWidth(420);
                setText(null);
                setGraphic(new VBox(name, what));
            }
        });
        // closed, the release's number under the field's "MongoDB" caption: the list's two-line cells would make
        // the button as wide as the longest summary, and "MongoDB 8.0" would take the room the workload's name needs
        version.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(MongoVersion item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : item.toString());
            }
        });
        version.getStyleClass().add(SETUP_VERSION);
        text.tip(version, () -> {
            Tooltip versionTip = new Tooltip();
            versionTip.setWrapText(true);
            versionTip.setMaxWidth(420);
            versionTip
                    .textProperty()
                    .bind(Bindings.createStringBinding(
                            () -> vm.versionProperty().get() == null
                                    ? ""
                                    : text.now(
                                            "explorer.setup.version.tip",
                                            vm.versionLabel(vm.versionProperty().get()),
                                            vm.versionSummary(
                                                    vm.versionProperty().get())),
                            vm.versionProperty(),
                            text.language()));
            return versionTip;
        });
        return version;
    }

    /** Inserts per simulated second. */
    private ComboBox<Integer> pacePicker() {
        ComboBox<Integer> pace = new ComboBox<>();
        pace.setId("setup-pace");
        pace.setItems(vm.paces());
        pace.setConverter(text.converter(SetupViewModel::paceLabel));
        text.language().addListener((obs, was, now) -> {
            Integer v = pace.getValue();
            pace.setConverter(text.converter(SetupViewModel::paceLabel));
            pace.setValue(null);
            pace.setValue(v);
        });
        pace.setValue(vm.docsPerSecondProperty().get());
        boolean[] following = {false};
        pace.valueProperty().addListener((obs, was, now) -> {
            // only the user's pick sets the pace: the list re-selecting while it follows the form writes nothing back
            if (now != null && !following[0]) {
                vm.docsPerSecondProperty().set(now);
            }
        });
        vm.docsPerSecondProperty().addListener((obs, was, now) -> {
            following[0] = true;
            try {
                pace.setValue(now.intValue());
            } finally {
                following[0] = false;
            }
        });
        text.tip(pace, "explorer.setup.pace.tip");
        // closed, the rate without its unit, which the field's caption names: the pace that plays, whatever the
        // list's selection went through while a lesson's pace (4,000/s) joined the list and the list was sorted
        ListCell<Integer> closed = new ListCell<>() {
            @Override
            protected void updateItem(Integer item, boolean empty) {
                super.updateItem(item, empty);
                setText(text.now(
                        "explorer.setup.pace.short", vm.docsPerSecondProperty().get()));
            }
        };
        InvalidationListener sayPace = o -> closed.setText(
                text.now("explorer.setup.pace.short", vm.docsPerSecondProperty().get()));
        vm.docsPerSecondProperty().addListener(sayPace);
        text.language().addListener(sayPace);
        pace.setButtonCell(closed);
        pace.getStyleClass().add(SETUP_PACE);
        return pace;
    }

    /** Opens Zones…, styled as the window is. */
    private Button zonesButton() {
        Button zones = new Button();
        zones.setId("setup-zones");
        zones.textProperty().bind(text.text(vm.shardingProperty().map(SetupViewModel::zonesLabel)));
        text.tip(zones, "explorer.setup.zones.tip");
        zones.setOnAction(e -> {
            ZoneSetupDialog dialog =
                    new ZoneSetupDialog(vm.zoneSetup(), zones.getScene().getWindow(), placement, text);
            appearance.applyOnce(dialog.getDialogPane());
            placement.showAndWait(dialog);
        });
        zones.setMaxWidth(220);
        return zones;
    }

    private Button applyButton() {
        Button apply = text.label(new Button(null, new FontIcon(MaterialDesignC.CHECK)), "explorer.setup.apply");
        apply.setId("setup-apply");
        apply.getStyleClass().add(Styles.ACCENT);
        apply.disableProperty().bind(vm.validProperty().not());
        apply.setOnAction(e -> vm.apply());
        text.tip(apply, "explorer.setup.apply.tip");
        apply.setDefaultButton(false);
        return apply;
    }

    /** The key's error, or else the setup's, under the row. */
    private Label keyError() {
        Label keyError = new Label();
        keyError.setId("setup-key-error");
        keyError.getStyleClass().add(SharedStyles.FIELD_ERROR);
        keyError.setGraphic(new FontIcon(MaterialDesignA.ALERT_CIRCLE_OUTLINE));
        keyError.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> vm.keyErrorProperty().get() != null
                                ? text.messages().text(vm.keyErrorProperty().get())
                                : vm.errorProperty().get() == null
                                        ? ""
                                        : text.messages()
                                                .text(vm.errorProperty().get()),
                        vm.keyErrorProperty(),
                        vm.errorProperty(),
                        text.language()));
        keyError.visibleProperty().bind(keyError.textProperty().isNotEmpty());
        keyError.managedProperty().bind(keyError.visibleProperty());
        keyError.setWrapText(true);
        return keyError;
    }

    /** A hint about the key, while there is no error to show. */
    private Label keyHint(Label keyError) {
        Label keyHint = new Label();
        keyHint.setId("setup-key-hint");
        keyHint.getStyleClass().add(SharedStyles.FIELD_HINT);
        keyHint.setGraphic(new FontIcon(MaterialDesignL.LIGHTBULB_OUTLINE));
        keyHint.textProperty().bind(text.text(vm.keyHintProperty()));
        keyHint.visibleProperty()
                .bind(keyError.visibleProperty()
                        .not()
                        .and(keyHint.textProperty().isNotEmpty()));
        keyHint.managedProperty().bind(keyHint.visibleProperty());
        return keyHint;
    }

    private static void styleKey(FontIcon status, Message error) {
        status.setIconCode(error == null ? MaterialDesignC.CHECK_CIRCLE : MaterialDesignA.ALERT_CIRCLE);
        status.pseudoClassStateChanged(VALID, error == null);
        status.pseudoClassStateChanged(INVALID, error != null);
    }

    private static Node bottomAligned(Node n) {
        VBox box = new VBox(n);
        box.setAlignment(Pos.BOTTOM_LEFT);
        return box;
    }

    private VBox field(String caption, Node control) {
        Label label = text.label(new Label(), caption);
        label.getStyleClass().add(SharedStyles.FIELD_LABEL);
        label.setLabelFor(control);
        VBox box = new VBox(label, control);
        box.getStyleClass().add(SETUP_FIELD);
        return box;
    }

    private void chooseDataset(Node owner) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(text.now("explorer.setup.dataset.title"));
        chooser.getExtensionFilters()
                .addAll(
                        new FileChooser.ExtensionFilter(
                                text.now("explorer.setup.dataset.files"),
                                "*.jsonl",
                                "*.ndjson",
                                "*.json",
                                "*.csv",
                                "*.jsonl.gz", // untranslated: a file name pattern
                                "*.ndjson.gz", // untranslated: a file name pattern
                                "*.json.gz", // untranslated: a file name pattern
                                "*.csv.gz"), // untranslated: a file name pattern
                        new FileChooser.ExtensionFilter(text.now("explorer.allFiles"), "*"));
        File file =
                placement.choose(() -> chooser.showOpenDialog(owner.getScene().getWindow()));
        if (file != null) {
            vm.chooseDataset(file.toPath());
        }
    }

    /** Puts the keyboard in the key field. */
    public void focusKey() {
        key.requestFocus();
        key.selectAll();
    }

    public Region node() {
        return root;
    }
}
