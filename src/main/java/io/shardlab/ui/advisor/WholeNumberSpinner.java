package io.shardlab.ui.advisor;

import io.shardlab.ui.theme.SharedStyles;
import java.util.Locale;
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

    private final String what;
    private final String unit;
    private final int least;
    private final int most;
    private final Spinner<Integer> spinner = new Spinner<>();
    private final Label message = new Label();

    /**
     * @param what the value's name as the form shows it, e.g. {@code "Shards"}
     * @param unit its unit after a number, e.g. {@code "MB"}; empty for none
     */
    WholeNumberSpinner(String what, String unit, int least, int most, int initial) {
        this.what = what;
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
        message.visibleProperty().bind(message.textProperty().isNotEmpty());
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

    /** The value {@code text} stands for within the range, {@code now} when it is no whole number; says which. */
    private int take(String text, int now) {
        String digits = text == null ? "" : text.strip().replace(",", "").replace("_", "");
        long typed;
        try {
            typed = Long.parseLong(digits);
        } catch (NumberFormatException e) {
            message.setText(String.format(
                    Locale.ROOT, "%s: '%s' is not a whole number; it stays %d%s.", what, text.strip(), now, unit));
            return now;
        }
        if (typed < least) {
            message.setText(String.format(
                    Locale.ROOT, "%s: at least %d%s, so %s became %d.", what, least, unit, text.strip(), least));
            return least;
        }
        if (typed > most) {
            message.setText(String.format(
                    Locale.ROOT, "%s: at most %d%s, so %s became %d.", what, most, unit, text.strip(), most));
            return most;
        }
        message.setText("");
        return (int) typed;
    }
}
