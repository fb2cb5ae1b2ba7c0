package io.shardlab.ui.explorer.query;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.routing.Targeting;
import io.shardlab.session.ExplorerFrame;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.text.Message;
import io.shardlab.workload.Query;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import org.bson.BsonDocument;

/**
 * Query targeting: a find filter, typed or chosen from the workload's query mix, and where mongos sends
 * it on the current chunks (io.shardlab.routing), with the targeting class and the reason. The shards it
 * reaches are highlighted on the number line and the lanes.
 */
public final class QueryViewModel {

    /**
     * A filter from the workload's query mix.
     *
     * @param name what the application does, e.g. "orders of a customer", said in the window's language
     * @param shape the filter's shape relative to the workload's own key ({@code explorer.query.kind.*})
     * @param filter the filter as mongosh text
     */
    public record Suggestion(Message name, Message shape, String filter) {}

    private final Consumer<Optional<BsonDocument>> showFilter;
    private final Consumer<Set<String>> highlight;
    private final StringProperty filterText = new SimpleStringProperty(this, "filterText", "");
    private final ReadOnlyStringWrapper filterError = new ReadOnlyStringWrapper(this, "filterError", "");
    private final ReadOnlyListWrapper<Suggestion> suggestions =
            new ReadOnlyListWrapper<>(this, "suggestions", FXCollections.observableArrayList());
    private final ReadOnlyBooleanWrapper targeted = new ReadOnlyBooleanWrapper(this, "targeted");
    private final ReadOnlyStringWrapper targetingClass = new ReadOnlyStringWrapper(this, "targetingClass", "");
    private final ReadOnlyStringWrapper reason = new ReadOnlyStringWrapper(this, "reason", "");
    private final ReadOnlyListWrapper<String> shards =
            new ReadOnlyListWrapper<>(this, "shards", FXCollections.observableArrayList());
    private final ReadOnlyObjectWrapper<Message> shardsText = new ReadOnlyObjectWrapper<>(this, "shardsText");
    private final ReadOnlyStringWrapper reach = new ReadOnlyStringWrapper(this, "reach", "");
    private Optional<BsonDocument> sent = Optional.empty();
    private List<Query> suggestionSource = List.of();

    /**
     * @param showFilter asks the engine to route a filter (or none) on the current chunks
     * @param highlight highlights the reached shards on the number line (an empty set: none)
     */
    public QueryViewModel(Consumer<Optional<BsonDocument>> showFilter, Consumer<Set<String>> highlight) {
        this.showFilter = Objects.requireNonNull(showFilter, "showFilter");
        this.highlight = Objects.requireNonNull(highlight, "highlight");
        filterText.addListener((obs, was, now) -> parse(now));
    }

    /** Parses the filter as it is typed; a valid one goes to the engine at once. */
    private void parse(String text) {
        if (text == null || text.isBlank()) {
            filterError.set("");
            send(Optional.empty());
            return;
        }
        try {
            BsonDocument filter = ResolvedScenario.parseFilter(text);
            filterError.set("");
            send(Optional.of(filter));
        } catch (IllegalArgumentException e) {
            filterError.set(e.getMessage().replaceFirst("^queryFilter: ", ""));
        }
    }

    private void send(Optional<BsonDocument> filter) {
        if (!filter.equals(sent)) {
            sent = filter;
            showFilter.accept(filter);
        }
    }

    /** Shows a frame's query mix and the targeting of the filter on its layout. */
    public void show(ExplorerFrame frame) {
        if (frame.sampleQueries() != suggestionSource) {
            suggestionSource = frame.sampleQueries();
            suggestions.setAll(suggestionSource.stream()
                    .map(q -> new Suggestion(
                            q.name(),
                            Message.of("explorer.query.kind."
                                    + q.shape()
                                            .toString()
                                            .toLowerCase(Locale.ROOT)
                                            .replace('_', '-')),
                            BsonPrinter.shell(q.filter())))
                    .toList());
        }
        Optional<ExplorerFrame.QueryTargeting> shown = frame.targeting();
        if (shown.isPresent() && shown.get().targeting().isPresent()) {
            Targeting t = shown.get().targeting().get();
            targeted.set(true);
            targetingClass.set(t.targeting().label());
            reason.set(t.error().orElse(t.reason()));
            if (!t.shards().equals(shards)) {
                shards.setAll(t.shards());
            }
            shardsText.set(
                    t.shards().isEmpty()
                            ? Message.of("explorer.query.noShard")
                            : Message.of("explorer.query.shards", String.join(", ", t.shards())));
            reach.set(t.reach(frame.cluster().shards().size()));
            highlight.accept(Set.copyOf(t.shards()));
        } else {
            targeted.set(false);
            targetingClass.set("");
            reason.set(shown.flatMap(ExplorerFrame.QueryTargeting::error).orElse(""));
            if (!shards.isEmpty()) {
                shards.clear();
            }
            shardsText.set(null);
            reach.set("");
            highlight.accept(Set.of());
        }
    }

    /** Forgets the filter (a new scenario) without sending anything. */
    public void reset(Optional<String> filter) {
        sent = Optional.empty();
        filterText.set(filter.orElse(""));
    }

    // ---- state -----------------------------------------------------------------------------------

    /** The filter as typed, e.g. {@code { customer: 'c00042' }}. */
    public StringProperty filterTextProperty() {
        return filterText;
    }

    /** Why the filter does not parse; empty when it does. */
    public ReadOnlyStringProperty filterErrorProperty() {
        return filterError.getReadOnlyProperty();
    }

    /** One filter per kind of read the workload's application sends. */
    public ReadOnlyListProperty<Suggestion> suggestionsProperty() {
        return suggestions.getReadOnlyProperty();
    }

    /** Whether a routed filter is on show. */
    public ReadOnlyBooleanProperty targetedProperty() {
        return targeted.getReadOnlyProperty();
    }

    /** {@code single-shard}, {@code multi-shard} or {@code scatter-gather} (analyzeShardKey's words). */
    public ReadOnlyStringProperty targetingClassProperty() {
        return targetingClass.getReadOnlyProperty();
    }

    /** Why mongos sends it there, one sentence; or why routing could not answer. */
    public ReadOnlyStringProperty reasonProperty() {
        return reason.getReadOnlyProperty();
    }

    /** The shards reached, sorted. */
    public ReadOnlyListProperty<String> shardsProperty() {
        return shards.getReadOnlyProperty();
    }

    /** {@code "shard01, shard03"}. */
    public ReadOnlyObjectProperty<Message> shardsTextProperty() {
        return shardsText.getReadOnlyProperty();
    }

    /**
     * What the query reached on this layout, in words that agree with its class: "reaches shard02 (1 of 3
     * shards)", "reaches all 3 shards"; empty without a routed filter.
     */
    public ReadOnlyStringProperty reachProperty() {
        return reach.getReadOnlyProperty();
    }

    // ---- verbs -----------------------------------------------------------------------------------

    /** Shows the targeting of a filter from the query mix. */
    public void use(Suggestion suggestion) {
        filterText.set(suggestion.filter());
    }

    /** Clears the filter. */
    public void clear() {
        filterText.set("");
    }
}
