package io.shardlab.ui.theme;

/**
 * The style classes more than one feature puts on its nodes, whose rules live in the app-wide theme
 * ({@code shardlab.css}): form dialogs, form fields' labels and messages, shortcut keys and what they do. A feature's own
 * classes are constants in that feature (a class one view uses alone, in that view).
 */
public final class SharedStyles {

    private SharedStyles() {}

    public static final String FIELD_ERROR = "field-error";

    public static final String FIELD_HINT = "field-hint";

    public static final String FIELD_LABEL = "field-label";

    /** On the pane of a dialog that is a form: it takes the width its fields ask for. */
    public static final String FORM_DIALOG = "form-dialog";

    /** A block set off from the panel around it: the subtle background in a rounded, muted border. */
    public static final String INSET_BOX = "inset-box";

    public static final String KBD = "kbd";

    public static final String SHORTCUT_ACTION = "shortcut-action";
}
