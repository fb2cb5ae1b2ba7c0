package io.shardlab.ui.explorer;

import io.shardlab.session.ExplorerFrame;
import io.shardlab.session.ExplorerFrame.Activity;
import io.shardlab.session.ExplorerFrame.CommandEntry;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;

/**
 * The user's commands with their mongosh equivalents (copyable), undo and redo, and the activity list
 * of what the cluster did by itself.
 */
public final class HistoryViewModel {

    private final ExplorerEngine engine;
    private final Consumer<String> clipboard;
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper(this, "canUndo");
    private final ReadOnlyBooleanWrapper canRedo = new ReadOnlyBooleanWrapper(this, "canRedo");
    private final ReadOnlyStringWrapper undoText = new ReadOnlyStringWrapper(this, "undoText", "Undo");
    private final ReadOnlyStringWrapper redoText = new ReadOnlyStringWrapper(this, "redoText", "Redo");
    private final ReadOnlyStringWrapper lastMongosh = new ReadOnlyStringWrapper(this, "lastMongosh", "");
    private final ReadOnlyListWrapper<CommandEntry> commands =
            new ReadOnlyListWrapper<>(this, "commands", FXCollections.observableArrayList());
    private final ReadOnlyListWrapper<Activity> activity =
            new ReadOnlyListWrapper<>(this, "activity", FXCollections.observableArrayList());

    /**
     * @param engine runs undo and redo
     * @param clipboard puts text on the system clipboard
     */
    public HistoryViewModel(ExplorerEngine engine, Consumer<String> clipboard) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.clipboard = Objects.requireNonNull(clipboard, "clipboard");
    }

    void show(ExplorerFrame frame) {
        ExplorerFrame.UndoState u = frame.undo();
        canUndo.set(u.undo().isPresent());
        undoText.set(u.undo().map(d -> "Undo " + d + (u.stepsToUndo() > 1 ? " (and the " + (u.stepsToUndo() - 1)
                + " later steps)" : "")).orElse("Undo"));
        canRedo.set(u.redo().isPresent());
        redoText.set(u.redo().map(d -> "Redo " + d).orElse("Redo"));
        if (!frame.commands().equals(commands)) {
            commands.setAll(frame.commands());
        }
        lastMongosh.set(frame.commands().isEmpty() ? "" : frame.commands().get(0).mongosh());
        List<Activity> a = frame.activity();
        if (!a.equals(activity)) {
            activity.setAll(a);
        }
    }

    /** A read-only layout shows: no command of the simulation is in reach until its next frame. */
    void unload() {
        canUndo.set(false);
        canRedo.set(false);
        undoText.set("Undo");
        redoText.set("Redo");
        lastMongosh.set("");
        commands.clear();
        activity.clear();
    }

    public ReadOnlyBooleanProperty canUndoProperty() {
        return canUndo.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canRedoProperty() {
        return canRedo.getReadOnlyProperty();
    }

    /** {@code "Undo split … (and the 12 later steps)"}. */
    public ReadOnlyStringProperty undoTextProperty() {
        return undoText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty redoTextProperty() {
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

    /** What happened, newest first. */
    public ReadOnlyListProperty<Activity> activityProperty() {
        return activity.getReadOnlyProperty();
    }

    public void undo() {
        if (canUndo.get()) {
            engine.undo();
        }
    }

    public void redo() {
        if (canRedo.get()) {
            engine.redo();
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
