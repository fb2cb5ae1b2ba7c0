package io.shardlab.ui.explorer.collections;

import atlantafx.base.theme.Styles;
import io.shardlab.ui.text.UiText;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.HBox;
import javafx.util.StringConverter;
import org.controlsfx.control.SearchableComboBox;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignD;

/**
 * The strip that picks the sharded collection the explorer shows, once the cluster holds more than one
 * (clients or the Shell panel sharded another) or clients may create one (while accepting connections):
 * a searchable list, since a client can shard hundreds, and the "Follow writes" switch.
 */
public final class CollectionPicker {

    // style classes of its nodes, as its stylesheet names them
    private static final String COLLECTION_BAR = "collection-bar";

    private final HBox root;
    /** Set while the list follows the ViewModel, so that the change is not taken for the user's pick. */
    private boolean following;

    /**
     * @param vm the collections and the one on show
     * @param offered whether the strip may show at all (not over a read-only layout)
     * @param accepting whether clients can connect, and so shard collections of their own
     */
    public CollectionPicker(
            CollectionPickerViewModel vm,
            ObservableBooleanValue offered,
            ObservableBooleanValue accepting,
            UiText text) {
        Label heading =
                text.label(new Label(null, new FontIcon(MaterialDesignD.DATABASE)), "explorer.collections.heading");
        heading.setId("collection-heading");
        SearchableComboBox<CollectionPickerViewModel.Choice> list = new SearchableComboBox<>(vm.choices());
        list.setId("collection-picker");
        list.setPrefWidth(420);
        list.promptTextProperty().bind(text.text("explorer.collections.prompt"));
        text.tip(list, "explorer.collections.tip");
        list.setConverter(new StringConverter<>() {
            @Override
            public String toString(CollectionPickerViewModel.Choice choice) {
                return choice == null ? "" : choice.label();
            }

            @Override
            public CollectionPickerViewModel.Choice fromString(String text) {
                return vm.choices().stream()
                        .filter(c -> c.label().equals(text))
                        .findFirst()
                        .orElse(null);
            }
        });
        list.setValue(vm.shownProperty().get());
        vm.shownProperty().addListener((obs, was, now) -> {
            following = true;
            try {
                list.setValue(now);
            } finally {
                following = false;
            }
        });
        list.valueProperty().addListener((obs, was, now) -> {
            if (!following && now != null) {
                vm.choose(now);
            }
        });
        Label count = new Label();
        count.setId("collection-count");
        count.getStyleClass().add(Styles.TEXT_MUTED);
        count.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> text.now(
                                "explorer.collections.count", vm.choices().size()),
                        vm.choices(),
                        text.language()));
        // a toggle button rather than AtlantaFX's switch, which toggles only on its thumb, not on its label
        ToggleButton follow = text.label(
                new ToggleButton(null, new FontIcon(MaterialDesignC.CROSSHAIRS_GPS)), "explorer.collections.follow");
        follow.setId("collection-follow");
        follow.selectedProperty().bindBidirectional(vm.followWritesProperty());
        text.tip(follow, "explorer.collections.follow.tip");
        root = new HBox(8, heading, list, count, follow);
        root.setId("collection-bar");
        root.getStyleClass().add(COLLECTION_BAR);
        root.setAlignment(Pos.CENTER_LEFT);
        root.visibleProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> offered.get() && (vm.severalProperty().get() || accepting.get()),
                        offered,
                        vm.severalProperty(),
                        accepting));
        root.managedProperty().bind(root.visibleProperty());
    }

    public HBox node() {
        return root;
    }
}
