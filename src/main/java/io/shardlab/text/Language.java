package io.shardlab.text;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A language ShardLab speaks. Each has a bundle of every user-facing text ({@link Messages}); English is the
 * base bundle, the others are its translations with exactly the same keys and format elements.
 */
public enum Language {
    /** The base bundles ({@code <area>.properties}). */
    ENGLISH("en", "English", Locale.ENGLISH),
    /** Simplified Chinese ({@code <area>_zh_CN.properties}), in the terminology of MongoDB's zh-cn manual. */
    SIMPLIFIED_CHINESE("zh-CN", "简体中文", Locale.SIMPLIFIED_CHINESE);

    private final String tag;
    private final String nativeName;
    private final Locale locale;

    Language(String tag, String nativeName, Locale locale) {
        this.tag = tag;
        this.nativeName = nativeName;
        this.locale = locale;
    }

    /** The BCP 47 tag the CLI's {@code --lang} and the settings file use: {@code en}, {@code zh-CN}. */
    public String tag() {
        return tag;
    }

    /** The language's name in itself, as the View → Language menu lists it. */
    public String nativeName() {
        return nativeName;
    }

    /** The locale numbers and plurals are formatted in. */
    public Locale locale() {
        return locale;
    }

    /**
     * The language for a locale, as on a first start: Chinese for any Chinese locale (ShardLab has no
     * traditional-script bundle, and simplified text reads better in Taipei than English does), English otherwise.
     */
    public static Language forLocale(Locale locale) {
        Objects.requireNonNull(locale, "locale");
        return locale.getLanguage().equals("zh") ? SIMPLIFIED_CHINESE : ENGLISH;
    }

    /**
     * The language a tag names, case-insensitive, {@code _} read as {@code -}: {@code en}, {@code zh-CN},
     * and their bare language ({@code zh}).
     *
     * @throws IllegalArgumentException naming the tag and the tags ShardLab knows
     */
    public static Language ofTag(String tag) {
        Objects.requireNonNull(tag, "tag");
        String wanted = tag.strip().replace('_', '-');
        for (Language language : values()) {
            if (language.tag.equalsIgnoreCase(wanted)
                    || language.locale.getLanguage().equalsIgnoreCase(wanted)) {
                return language;
            }
        }
        throw new IllegalArgumentException("language '" + tag + "' is not one ShardLab speaks; use one of "
                + Arrays.stream(values()).map(Language::tag).collect(Collectors.joining(", ")));
    }
}
