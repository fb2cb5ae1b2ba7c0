package io.shardlab.ui.text;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableValue;
import javafx.event.EventHandler;
import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.util.StringConverter;

/**
 * The language the window speaks and its words as bindings: a label bound with {@link #text(String, Object...)}
 * says its key in the current language and is re-said, on the JavaFX thread, when {@link #languageProperty()}
 * changes, so View → Language switches every open window at once without a restart. Created once, in
 * {@code ShardLabApp}, and handed to each view and view model that shows words.
 *
 * <p>Views bind ({@link #text(String, Object...)}, {@link #label(Labeled, String, Object...)}); view models
 * that state something keep it as a {@link Message} in a property and let the view bind it with
 * {@link #text(ObservableValue)}, or ask {@link #now(String, Object...)} for a line written once (a log line
 * in the language of the moment it was written).
 */
public final class UiText {

    private final ObjectProperty<Language> language;
    private final Map<Language, Messages> messages = new EnumMap<>(Language.class);

    /** Speaks {@code initial} until {@link #languageProperty()} is set. */
    public UiText(Language initial) {
        this.language = new SimpleObjectProperty<>(this, "language", Objects.requireNonNull(initial, "initial"));
        for (Language each : Language.values()) {
            messages.put(each, Messages.of(each));
        }
    }

    /** The language the window speaks now; set it to switch every bound text. Never null. */
    public ObjectProperty<Language> languageProperty() {
        return language;
    }

    /** The language, read-only, for a view that follows it (a canvas that repaints its labels). */
    public ReadOnlyObjectProperty<Language> language() {
        return language;
    }

    /** The words of the current language. */
    public Messages messages() {
        return messages.get(language.get());
    }

    /** {@code key}'s text in the current language, once: it does not follow a later switch. */
    public String now(String key, Object... arguments) {
        return messages().text(key, arguments);
    }

    /** {@code key}'s text in the current language, following every switch. */
    public StringBinding text(String key, Object... arguments) {
        Objects.requireNonNull(key, "key");
        return Bindings.createStringBinding(() -> messages().text(key, arguments), language);
    }

    /** The words of a fixed {@code message}, following every switch. */
    public StringBinding text(Message message) {
        Objects.requireNonNull(message, "message");
        return Bindings.createStringBinding(() -> messages().text(message), language);
    }

    /**
     * The words of whatever message {@code message} holds, following both it and every switch; the empty
     * string while it holds null.
     */
    public StringBinding text(ObservableValue<Message> message) {
        Objects.requireNonNull(message, "message");
        return Bindings.createStringBinding(
                () -> message.getValue() == null ? "" : messages().text(message.getValue()), language, message);
    }

    /** Binds {@code node}'s text to {@code key}; returns the node. */
    public <T extends Labeled> T label(T node, String key, Object... arguments) {
        node.textProperty().bind(text(key, arguments));
        return node;
    }

    /** Binds {@code item}'s text to {@code key}; returns the item. */
    public <T extends MenuItem> T label(T item, String key, Object... arguments) {
        item.textProperty().bind(text(key, arguments));
        return item;
    }

    /** Binds {@code tab}'s text to {@code key}; returns the tab. */
    public Tab label(Tab tab, String key, Object... arguments) {
        tab.textProperty().bind(text(key, arguments));
        return tab;
    }

    /** Binds {@code field}'s prompt to {@code key}; returns the field. */
    public <T extends TextInputControl> T prompt(T field, String key, Object... arguments) {
        field.promptTextProperty().bind(text(key, arguments));
        return field;
    }

    /**
     * Gives {@code node} a tooltip saying {@code key}, following every switch, made when the pointer first enters
     * the node rather than now: each tooltip is a popup window with a scene of its own, about 15 times a button's
     * making, and the window's start made some 80 that most users never see (issue #32). It shows as a tooltip set at
     * once does, once the pointer moves over the node. Returns the node.
     */
    public <T extends Node> T tip(T node, String key, Object... arguments) {
        Objects.requireNonNull(key, "key");
        return tip(node, () -> tooltip(key, arguments));
    }

    /**
     * Gives {@code node} the tooltip {@code make} makes (words that follow a state of their own, a wrapped width),
     * made when the pointer first enters the node, as {@link #tip(Node, String, Object...)} does. Returns the node.
     */
    public <T extends Node> T tip(T node, Supplier<? extends Tooltip> make) {
        Objects.requireNonNull(make, "make");
        node.addEventHandler(MouseEvent.MOUSE_ENTERED, new EventHandler<>() {
            @Override
            public void handle(MouseEvent e) {
                node.removeEventHandler(MouseEvent.MOUSE_ENTERED, this);
                Tooltip tip = make.get();
                if (node instanceof Control control) {
                    control.setTooltip(tip);
                } else {
                    Tooltip.install(node, tip);
                }
            }
        });
        return node;
    }

    /**
     * A tooltip saying whatever message {@code message} holds, following both it and every switch; empty while it
     * holds null. {@link #tip(Node, Supplier)} makes it on first hover.
     */
    public Tooltip tooltip(ObservableValue<Message> message) {
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(text(message));
        return tip;
    }

    /** A tooltip saying {@code key}, following every switch; {@link #tip} makes it on first hover instead. */
    public Tooltip tooltip(String key, Object... arguments) {
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(text(key, arguments));
        return tip;
    }

    /**
     * Names each choice of a picker by {@code words}, in the language of the moment it is asked (a picker says its
     * items' names again only when they are set again); blank for null. A name it gave reads back as its choice; any
     * other text as null.
     */
    public <T> StringConverter<T> converter(Function<T, Message> words) {
        Objects.requireNonNull(words, "words");
        return new StringConverter<>() {
            /** Each name given out, to the choice it names: what the picker shows reads back as that choice. */
            private final Map<String, T> named = new HashMap<>();

            @Override
            public String toString(T value) {
                if (value == null) {
                    return "";
                }
                String name = messages().text(words.apply(value));
                named.put(name, value);
                return name;
            }

            @Override
            public T fromString(String string) {
                return named.get(string);
            }
        };
    }
}
