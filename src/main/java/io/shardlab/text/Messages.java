package io.shardlab.text;

import java.text.MessageFormat;
import java.util.List;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.Objects;
import java.util.ResourceBundle;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The words of one {@link Language}. A key {@code <area>.<name>} is looked up in the bundle
 * {@code io/shardlab/text/<area>.properties} (English) or its translation {@code <area>_zh_CN.properties}
 * (UTF-8), one bundle per area of the product so that each is small and owned by one feature.
 *
 * <p>Every text is a {@link MessageFormat} pattern formatted in the language's locale: format elements
 * {@code {0}}, {@code {0,number,integer}}, plurals as {@code {0,choice,0#no chunks|1#one chunk|1<{0} chunks}};
 * a literal apostrophe is written twice ({@code ''}). A missing key is a programming error
 * ({@code BundlesTest} checks every key the code names exists in every language).
 *
 * <p>Thread-safe; immutable but for the cache of loaded bundles.
 */
public final class Messages {

    private static final String BUNDLES = "io.shardlab.text.";

    private final Language language;
    private final Map<String, ResourceBundle> bundles = new ConcurrentHashMap<>();

    private Messages(Language language) {
        this.language = Objects.requireNonNull(language, "language");
    }

    /** The words of {@code language}. */
    public static Messages of(Language language) {
        return new Messages(language);
    }

    public Language language() {
        return language;
    }

    /**
     * The text of {@code key} with its format elements filled from {@code arguments}; a {@link Message} argument is
     * said in this language first.
     *
     * @throws MissingResourceException when no bundle of this language has the key
     */
    public String text(String key, Object... arguments) {
        String pattern = pattern(key);
        Object[] said = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            said[i] = arguments[i] instanceof Message nested ? text(nested) : arguments[i];
        }
        return new MessageFormat(pattern, language.locale()).format(said);
    }

    /** The words of {@code message}. */
    public String text(Message message) {
        List<Object> arguments = message.arguments();
        return text(message.key(), arguments.toArray());
    }

    /** Whether some bundle of this language has {@code key}. */
    public boolean has(String key) {
        try {
            pattern(key);
            return true;
        } catch (MissingResourceException e) {
            return false;
        }
    }

    private String pattern(String key) {
        int dot = key.indexOf('.');
        if (dot <= 0) {
            throw new MissingResourceException("message key '" + key + "' has no area", BUNDLES, key);
        }
        return bundle(key.substring(0, dot)).getString(key);
    }

    private ResourceBundle bundle(String area) {
        return bundles.computeIfAbsent(
                area,
                name -> ResourceBundle.getBundle(
                        BUNDLES + name,
                        language.locale(),
                        Messages.class.getClassLoader(),
                        ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES)));
    }
}
