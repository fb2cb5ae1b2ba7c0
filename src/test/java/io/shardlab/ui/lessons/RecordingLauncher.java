package io.shardlab.ui.lessons;

import io.shardlab.session.Scenario;
import io.shardlab.text.Message;
import io.shardlab.ui.explorer.ScenarioLauncher;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A launcher that records every scenario and query it is handed, and refuses them on request as the explorer would. */
final class RecordingLauncher implements ScenarioLauncher {

    final List<Scenario> launched = new ArrayList<>();
    final List<Optional<String>> shownQueries = new ArrayList<>();
    /** Every comparison asked for: heading, left and right. */
    final List<Comparison> compared = new ArrayList<>();

    String refusal;

    record Comparison(Message heading, Scenario left, Scenario right) {}

    @Override
    public void launch(Scenario scenario) {
        if (refusal != null) {
            throw new IllegalArgumentException(refusal);
        }
        launched.add(scenario);
    }

    @Override
    public void compare(Message heading, Scenario left, Scenario right) {
        if (refusal != null) {
            throw new IllegalArgumentException(refusal);
        }
        compared.add(new Comparison(heading, left, right));
    }

    @Override
    public void showQuery(Optional<String> filter) {
        shownQueries.add(filter);
    }

    Scenario last() {
        return launched.get(launched.size() - 1);
    }
}
