package io.shardlab.ui.explorer.log;

import io.shardlab.session.ExplorerFrame;
import io.shardlab.session.ExplorerFrame.Activity;
import java.util.List;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.collections.FXCollections;

/** The Log tab's ViewModel: what the cluster did, newest first (splits, migrations, jumbo flags, merges, commands). */
public final class LogViewModel {

    private final ReadOnlyListWrapper<Activity> activity =
            new ReadOnlyListWrapper<>(this, "activity", FXCollections.observableArrayList());

    /** Shows a frame's activity; an unchanged list is left alone (the log's rows need no new text). */
    public void show(ExplorerFrame frame) {
        List<Activity> a = frame.activity();
        if (!a.equals(activity)) {
            activity.setAll(a);
        }
    }

    /** A read-only layout shows: it has no activity of the simulation. */
    public void unload() {
        activity.clear();
    }

    /** The cluster's activity, newest first. */
    public ReadOnlyListProperty<Activity> activityProperty() {
        return activity.getReadOnlyProperty();
    }
}
