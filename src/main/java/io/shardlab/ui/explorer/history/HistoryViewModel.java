package io.shardlab.ui.explorer.history;

import io.shardlab.session.ExplorerFrame;
import io.shardlab.session.ExplorerFrame.CommandEntry;
import io.shardlab.text.Message;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;

/**
 * The user's commands with their mongosh equivalents (copyable), undo and redo: the History tab's
 * ViewModel, also read by the transport bar's and the Edit menu's undo and redo.
 */
public final class HistoryViewModel {

    private final Runnable undoCommand;
    private final Runnable redoCommand;
    private final Consumer<String> clipboard;
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper(this, "canUndo");
    private final ReadOnlyBooleanWrapper canRedo = new ReadOnlyBooleanWrapper(this, "canRedo");
    private final ReadOnlyObjectWrapper<Message> undoText =
            new ReadOnlyObjectWrapper<>(this, "undoText", Message.of("explorer.menu.undo"));
    private final ReadOnlyObjectWrapper<Message> redoText =
            new ReadOnlyObjectWrapper<>(this, "redoText", Message.of("explorer.menu.redo"));
    private final ReadOnlyObjectWrapper<Message> step = new ReadOnlyObjectWrapper<>(this, "step");
    private final ReadOnlyStringWrapper lastMongosh = new ReadOnlyStringWrapper(this, "lastMongosh", "");
    private final ReadOnlyListWrapper<CommandEntry> commands =
            new ReadOnlyListWrapper<>(this, "commands", FXCollections.observableArrayList());

    /**
     * @param undo takes back the last command (the engine's undo)
     * @param redo does the last undone command again (the engine's redo)
     * @param clipboard puts text on the system clipboard
     */
    public HistoryViewModel(Runnable undo, Runnable redo, Consumer<String> clipboard) {
        this.undoCommand = Objects.requireNonNull(undo, "undo");
        this.redoCommand = Objects.requireNonNull(redo, "redo");
        this.clipboard = Objects.requireNonNull(clipboard, "clipboard");
    }

    /** Shows a frame's undo state and commands. */
    public void show(ExplorerFrame frame) {
        ExplorerFrame.UndoState u = frame.undo();
        canUndo.set(u.undo().isPresent());
        undoText.set(u.undo()
                .map(d -> Message.of("explorer.history.undo", d, Math.max(0, u.stepsToUndo() - 1)))
                .orElse(Message.of("explorer.menu.undo")));
        canRedo.set(u.redo().isPresent());
        redoText.set(
                u.redo().map(d -> Message.of("explorer.history.redo", d)).orElse(Message.of("explorer.menu.redo")));
        step.set(step(u));
        if (!frame.commands().equals(commands)) {
            commands.setAll(frame.commands());
        }
        lastMongosh.set(
                frame.commands().isEmpty() ? "" : frame.commands().get(0).mongosh());
    }

    /** A read-only layout shows: no command of the simulation is in reach until its next frame. */
    public void unload() {
        canUndo.set(false);
        canRedo.set(false);
        undoText.set(Message.of("explorer.menu.undo"));
        redoText.set(Message.of("explorer.menu.redo"));
        lastMongosh.set("");
        step.set(null);
        commands.clear();
    }

    /** Where {@code u} stands in the undo history, as {@link #stepProperty} says it. */
    static Message step(ExplorerFrame.UndoState u) {
        if (u.undo().isEmpty() && u.redo().isEmpty()) {
            return null;
        }
        return u.redo().isPresent()
                ? Message.of(
                        "explorer.history.step.undone",
                        u.undo().orElse(Message.of("common.verbatim", "")),
                        u.undo().isPresent() ? 1 : 0,
                        u.redo().get())
                : Message.of("explorer.history.step", u.undo().get());
    }

    /**
     * Which step of the undo history the simulation shows: the last command it applied and, after an undo, the
     * command redo would apply (so that an export of a rewound simulation does not pass for its latest state);
     * null before the first command and while a recorded layout shows.
     */
    public ReadOnlyObjectProperty<Message> stepProperty() {
        return step.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canUndoProperty() {
        return canUndo.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canRedoProperty() {
        return canRedo.getReadOnlyProperty();
    }

    /** {@code "Undo split … (and the 12 later steps)"}. */
    public ReadOnlyObjectProperty<Message> undoTextProperty() {
        return undoText.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Message> redoTextProperty() {
        return redoText.getReadOnlyProperty();
    }

    /** The newest command's mongosh text; empty when there is none. */
    public ReadOnlyStringProperty lastMongoshProperty() {
        return lastMongosh.getReadOnlyProperty();
    }

    /** The user's commands still in reach of undo, newest first. */
    public ReadOnlyListProperty<CommandEntry> commandsProperty() {
        return commands.getReadOnlyProperty();
    }

    public void undo() {
        if (canUndo.get()) {
            undoCommand.run();
        }
    }

    public void redo() {
        if (canRedo.get()) {
            redoCommand.run();
        }
    }

    /** Copies the newest command's mongosh text, if there is one. */
    public void copyNewest() {
        if (!commands.isEmpty()) {
            copy(commands.get(0));
        }
    }

    /** Copies one command's mongosh text. */
    public void copy(CommandEntry entry) {
        clipboard.accept(entry.mongosh());
    }

    /** Copies every command, oldest first, one per line: a script that replays the session's layout changes. */
    public void copyAll() {
        StringBuilder b = new StringBuilder();
        for (int i = commands.size() - 1; i >= 0; i--) {
            b.append(commands.get(i).mongosh()).append('\n');
        }
        if (b.length() > 0) {
            clipboard.accept(b.toString());
        }
    }
}
