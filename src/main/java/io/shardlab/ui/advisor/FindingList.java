package io.shardlab.ui.advisor;

import atlantafx.base.theme.Styles;
import io.shardlab.advisor.Finding;
import io.shardlab.text.Messages;
import io.shardlab.ui.text.UiText;
import javafx.beans.value.ObservableValue;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The selected candidate's findings under the comparison table, one row each: its severity, its principle (the
 * principle's sentence as a tooltip) and what was found. The rows are made again for each selection and for each
 * switch of language.
 */
final class FindingList {

    private FindingList() {}

    /** A list (id {@code findings}) that shows the findings of whichever row {@code selected} holds. */
    static Parent of(UiText text, ObservableValue<CandidateRow> selected) {
        VBox findings = new VBox(4);
        findings.setId("findings");
        Runnable show = () -> {
            findings.getChildren().clear();
            CandidateRow now = selected.getValue();
            if (now != null) {
                for (Finding f : now.findings()) {
                    findings.getChildren().add(row(f, text));
                }
            }
        };
        selected.addListener((obs, was, now) -> show.run());
        text.language().addListener((obs, was, now) -> show.run());
        return findings;
    }

    private static Parent row(Finding f, UiText text) {
        Messages messages = text.messages();
        Label severity = new Label(messages.text(f.severity().label()));
        severity.setMinWidth(80);
        severity.getStyleClass()
                .addAll(
                        Styles.TEXT_BOLD,
                        switch (f.severity()) {
                            case DISQUALIFYING -> Styles.DANGER;
                            case WARNING -> Styles.WARNING;
                            case NOTE -> Styles.TEXT_MUTED;
                            case GOOD -> Styles.SUCCESS;
                        });
        Label principle = new Label(messages.text(f.principle().label()));
        principle.setMinWidth(130);
        principle.getStyleClass().add(Styles.TEXT_MUTED);
        String summary = messages.text(f.principle().summary());
        text.tip(principle, () -> new Tooltip(summary));
        Label sentence = new Label(messages.text(f.message()));
        sentence.setWrapText(true);
        HBox.setHgrow(sentence, Priority.ALWAYS);
        return new HBox(8, severity, principle, sentence);
    }
}
