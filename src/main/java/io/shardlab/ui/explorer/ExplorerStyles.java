package io.shardlab.ui.explorer;

import io.shardlab.ui.theme.Appearance;

/**
 * The explorer's stylesheet and the style classes several of the explorer's views share (its cards, the side
 * panel's content, the key field), as {@code explorer.css} names them; a class one view uses alone is a constant
 * in that view. The explorer's parts and side-panel tabs take these from the explorer
 * ({@code ArchitectureTest.EXPLORER_TYPES_FOR_PARTS}, {@code EXPLORER_TYPES_FOR_TABS}).
 */
public final class ExplorerStyles {

    private ExplorerStyles() {}

    // named from its parts: the file name as one literal would read as a key of the explorer's bundle
    private static final String STYLESHEET_NAME = "explorer";

    /** The explorer's own stylesheet, also the comparison's. */
    public static final String STYLESHEET =
            Appearance.featureStylesheet(ExplorerStyles.class, STYLESHEET_NAME + ".css");

    /** Style class of the explorer's root (and the comparison's), which carries render's palette as looked-up colours. */
    public static final String EXPLORER = "explorer";

    public static final String CARD_CAPTION = "card-caption";

    public static final String CARD_HEADER = "card-header";

    public static final String CARD_TITLE = "card-title";

    public static final String DIAGRAM_COLUMN = "diagram-column";

    public static final String EXPLORER_CARD = "explorer-card";

    public static final String EXPLORER_TOP = "explorer-top";

    public static final String KEY_FIELD = "key-field";

    public static final String LINE_CARD = "line-card";

    public static final String MONGOSH_CODE = "mongosh-code";

    public static final String PANEL_CAPTION = "panel-caption";

    public static final String PANEL_CONTENT = "panel-content";

    public static final String PANEL_EMPTY_STATE = "panel-empty-state";

    public static final String SCALE_GROUP = "scale-group";

    public static final String STATE_TEXT = "state-text";

    public static final String TRANSPORT_CAPTION = "transport-caption";
}
