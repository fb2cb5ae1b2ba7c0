package io.shardlab.ui.advisor;

import io.shardlab.text.Message;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.SharedStyles;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;

/**
 * An editable spinner of whole numbers within a range that says, in a line beside it, what became of a typed
 * number it cannot take, rather than changing it silently: a number below the range becomes the least, one above
 * it the most ("Shards: at least 1, so 0 became 1."), and text that is no whole number leaves the value as it was.
 * Its value never leaves the range, not even for a moment, so what listens to it gets allowed values only.
 */
final class WholeNumberSpinner {

    private final String whatKey;
    private final String unit;
    private final int least;
    private final int most;
    private final Spinner<Integer> spinner = new Spinner<>();
    private final Label message = new Label();
    private final ObjectProperty<Message> said = new SimpleObjectProperty<>(this, "said");

    /**
     * @param text the window's words
     * @param whatKey the key of the value's name as the form shows it, e.g. "Shards" in English
     * @param unit its unit after a number, e.g. {@code "MB"}; empty for none
     */
    WholeNumberSpinner(UiText text, String whatKey, String unit, int least, int most, int initial) {
        this.whatKey = whatKey;
        this.unit = unit.isEmpty() ? "" : " " + unit;
        this.least = least;
        this.most = most;
        SpinnerValueFactory.IntegerSpinnerValueFactory values =
                new SpinnerValueFactory.IntegerSpinnerValueFactory(least, most, initial);
        values.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer value) {
                return value == null ? "" : value.toString();
            }

            @Override
            public Integer fromString(String text) {
                int now = values.getValue();
                int taken = take(text, now);
                if (taken == now) {
                    // the value does not change, so the spinner would leave the typed text in the field
                    spinner.getEditor().setText(toString(now));
                }
                return taken;
            }
        });
        spinner.setValueFactory(values);
        spinner.setEditable(true);
        message.getStyleClass().add(SharedStyles.FIELD_ERROR);
        message.setMinWidth(Region.USE_PREF_SIZE);
        message.textProperty().bind(text.text(said));
        message.visibleProperty().bind(said.isNotNull());
        message.managedProperty().bind(message.visibleProperty());
    }

    /** The spinner. */
    Spinner<Integer> spinner() {
        return spinner;
    }

    /** The line that tells what became of the last number typed; empty (and taking no room) when it was taken. */
    Label message() {
        return message;
    }

    private Message what() {
        return Message.of(whatKey);
    }

    /** The value {@code typedText} stands for within the range, {@code now} when it is no whole number; says which. */
    private int take(String typedText, int now) {
        String digits =
                typedText == null ? "" : typedText.strip().replace(",", "").replace("_", "");
        long typed;
        try {
            typed = Long.parseLong(digits);
        } catch (NumberFormatException e) {
            said.set(Message.of("advisor.number.notWhole", what(), typedText.strip(), now + unit));
            return now;
        }
        if (typed < least) {
            said.set(Message.of(
                    "advisor.number.atLeast", what(), least + unit, typedText.strip(), String.valueOf(least)));
            return least;
        }
        if (typed > most) {
            said.set(Message.of("advisor.number.atMost", what(), most + unit, typedText.strip(), String.valueOf(most)));
            return most;
        }
        said.set(null);
        return (int) typed;
    }
}
