package io.shardlab.ui.text;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.text.Text;

/**
 * Finds the words a window cuts: every {@link Labeled} whose skin draws less than its text (JavaFX elides an
 * overrunning label's text, "Explore a sh…", or draws nothing when not even the ellipsis fits), every empty
 * {@link TextField} whose prompt is wider than the room inside it, and every other {@link Text} that reaches out
 * of its parent's clip (the checks {@code DialogsInWindowTest} made for its dialogs, for every window). A check for tests of a window in each language: Chinese and
 * English need different widths, and a label sized for one cuts the other.
 *
 * <p>Only what shows is checked: a node that is invisible, or inside an invisible parent, cuts nothing. Call on
 * the JavaFX thread, after layout (a pulse).
 */
public final class ClippedText {

    /** Half a pixel: layout snaps to pixels, bounds are doubles. */
    private static final double SLACK = 0.5;

    /**
     * One cut text.
     *
     * @param node the node that cuts it, as {@link #describe(Node)} names it
     * @param text the whole text
     * @param shown what the window shows of it
     */
    public record Clip(String node, String text, String shown) {

        @Override
        public String toString() {
            return node + ": \"" + text + "\" shows as \"" + shown + "\"";
        }
    }

    private ClippedText() {}

    /** Every cut text under {@code root}, in the scene graph's order; empty when every word shows whole. */
    public static List<Clip> in(Parent root) {
        List<Clip> clips = new ArrayList<>();
        walk(root, clips);
        return clips;
    }

    private static void walk(Node node, List<Clip> clips) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof Labeled labeled) {
            check(labeled, clips);
        } else if (node instanceof TextInputControl input) {
            // what a user typed scrolls inside the field: only the prompt, the window's words, is checked
            if (input instanceof TextField field) {
                check(field, clips);
            }
            return;
        } else if (node instanceof Text text && !(node.getParent() instanceof Labeled)) {
            check(text, clips);
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                walk(child, clips);
            }
        }
    }

    /** A label's skin draws its text in a Text child (LabeledText): the text cut, or an ellipsis, is a clip. */
    private static void check(Labeled labeled, List<Clip> clips) {
        String text = labeled.getText();
        if (text == null || text.isEmpty()) {
            return;
        }
        for (Node child : labeled.getChildrenUnmodifiable()) {
            if (child instanceof Text drawn) {
                String shown = drawn.getText() == null ? "" : drawn.getText();
                if (cuts(labeled, text, shown)) {
                    clips.add(new Clip(describe(labeled), text, shown));
                }
                return;
            }
        }
    }

    private static boolean cuts(Labeled labeled, String text, String shown) {
        String ellipsis = labeled.getEllipsisString();
        boolean elided =
                ellipsis != null && !ellipsis.isEmpty() && shown.contains(ellipsis) && !text.contains(ellipsis);
        // not even the ellipsis fits: nothing is drawn
        return elided || shown.isEmpty();
    }

    /** An empty field draws its prompt in a Text of the skin: wider than the room inside the field, it is cut. */
    private static void check(TextField field, List<Clip> clips) {
        String prompt = field.getPromptText();
        if (prompt == null || prompt.isEmpty() || !field.getText().isEmpty()) {
            return;
        }
        double room = field.getWidth() - field.snappedLeftInset() - field.snappedRightInset();
        double drawn = field.lookupAll(".text").stream()
                .filter(n -> n instanceof Text t && prompt.equals(t.getText()))
                .mapToDouble(n -> n.getLayoutBounds().getWidth())
                .max()
                .orElse(0);
        if (drawn > room + SLACK) {
            clips.add(new Clip(describe(field), prompt, "a prompt " + drawn + " px wide in " + room + " px"));
        }
    }

    /** A text node drawn outside its parent's clip is cut by it. */
    private static void check(Text text, List<Clip> clips) {
        Parent parent = text.getParent();
        if (parent == null
                || parent.getClip() == null
                || text.getText() == null
                || text.getText().isEmpty()) {
            return;
        }
        Bounds clip = parent.getClip().getBoundsInParent();
        Bounds drawn = text.getBoundsInParent();
        if (drawn.getMinX() < clip.getMinX() - SLACK
                || drawn.getMaxX() > clip.getMaxX() + SLACK
                || drawn.getMinY() < clip.getMinY() - SLACK
                || drawn.getMaxY() > clip.getMaxY() + SLACK) {
            clips.add(new Clip(describe(text), text.getText(), "cut by " + describe(parent) + "'s clip " + clip));
        }
    }

    /** A node as a failure names it: its type, its id when it has one, and its style classes. */
    public static String describe(Node node) {
        StringBuilder name = new StringBuilder(node.getClass().getSimpleName());
        if (node.getId() != null) {
            name.append('#').append(node.getId());
        }
        node.getStyleClass().forEach(c -> name.append('.').append(c));
        return name.toString();
    }
}
