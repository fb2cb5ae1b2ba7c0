package io.shardlab.files;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The texts of a teaching file (a lesson, an exercise) in another language, kept in a file of their own beside the
 * English one: the same JSON structure, holding only the text fields. A scenario, a filter, a key or a script
 * exists once, in the English file; a translation cannot change one.
 *
 * <p>The rule a translation keeps (structure parity), checked by {@link #applyTo}: every text field of the English
 * file is there, at the same path, as a text (or an array of as many texts); every array of objects holding texts
 * has as many items; nothing else is there (a field that is neither a text field nor an object on the way to one is
 * refused, naming the field).
 *
 * @param language the translation's language
 * @param texts the names of the text fields, wherever they are (e.g. {@code title}, {@code label}, {@code hint})
 * @param containers the names of the objects and arrays of objects on the way to text fields (e.g.
 *     {@code scenario}, {@code followUps}, {@code check})
 */
public record TextTranslation(Language language, Set<String> texts, Set<String> containers) {

    public TextTranslation {
        Objects.requireNonNull(language, "language");
        texts = Set.copyOf(texts);
        containers = Set.copyOf(containers);
    }

    /**
     * The most characters a text of {@code language} may have where English may have {@code englishMax}: the same
     * for English; three quarters for Chinese. Characters are counted as Java counts a string's length, so a Chinese
     * character, a full-width punctuation mark and a Latin letter count one each. A Chinese character is about as
     * wide as two Latin letters on a projector, while a sentence in Chinese takes well under half the characters of
     * its English; three quarters leaves room for the code (keys, filters, commands) that stays in Latin letters.
     */
    public static int maxLength(Language language, int englishMax) {
        return language == Language.ENGLISH ? englishMax : englishMax * 3 / 4;
    }

    /**
     * The English file {@code english} with its texts replaced by those of {@code translation}.
     *
     * @param problems makes the refusal naming the translation file and the field's path
     * @throws IllegalArgumentException made by {@code problems} when the translation breaks structure parity
     */
    public BsonDocument applyTo(BsonDocument english, BsonDocument translation, JsonFields.Problems problems) {
        BsonDocument merged = english.clone();
        merge(merged, translation, "", problems);
        return merged;
    }

    private void merge(BsonDocument english, BsonDocument translation, String path, JsonFields.Problems problems) {
        for (String name : translation.keySet()) {
            if (!texts.contains(name) && !containers.contains(name)) {
                throw problems.at(JsonFields.join(path, name), Message.of("files.translation.onlyTexts", name));
            }
            if (!english.containsKey(name)) {
                throw problems.at(JsonFields.join(path, name), Message.of("files.translation.noSuchField"));
            }
        }
        for (String name : english.keySet()) {
            String at = JsonFields.join(path, name);
            BsonValue value = english.get(name);
            if (texts.contains(name)) {
                BsonValue translated = translation.get(name);
                if (translated == null) {
                    throw problems.at(at, Message.of("files.translation.missingText"));
                }
                english.put(name, text(value, translated, at, problems));
            } else if (containers.contains(name) && holdsTexts(value)) {
                BsonValue translated = translation.get(name);
                if (translated == null) {
                    throw problems.at(at, Message.of("files.translation.missingTexts"));
                }
                if (value.isDocument()) {
                    if (!translated.isDocument()) {
                        throw problems.at(at, Message.of("files.translation.notObject"));
                    }
                    merge(value.asDocument(), translated.asDocument(), at, problems);
                } else {
                    List<BsonValue> items = value.asArray().getValues();
                    List<BsonValue> translatedItems = sameSizeArray(items, translated, at, problems);
                    for (int i = 0; i < items.size(); i++) {
                        String itemAt = at + "[" + i + "]";
                        if (!items.get(i).isDocument()
                                || !translatedItems.get(i).isDocument()) {
                            throw problems.at(itemAt, Message.of("files.translation.notObject"));
                        }
                        merge(items.get(i).asDocument(), translatedItems.get(i).asDocument(), itemAt, problems);
                    }
                }
            }
        }
    }

    private static BsonValue text(BsonValue english, BsonValue translated, String at, JsonFields.Problems problems) {
        if (english.isArray()) {
            List<BsonValue> items = sameSizeArray(english.asArray().getValues(), translated, at, problems);
            for (int i = 0; i < items.size(); i++) {
                if (!items.get(i).isString()) {
                    throw problems.at(
                            at + "[" + i + "]", Message.of("files.field.notString", JsonFields.typeOf(items.get(i))));
                }
            }
            return new BsonArray(items);
        }
        if (!translated.isString()) {
            throw problems.at(at, Message.of("files.field.notString", JsonFields.typeOf(translated)));
        }
        return translated;
    }

    private static List<BsonValue> sameSizeArray(
            List<BsonValue> english, BsonValue translated, String at, JsonFields.Problems problems) {
        if (!translated.isArray()) {
            throw problems.at(at, Message.of("files.translation.notArray", JsonFields.typeOf(translated)));
        }
        List<BsonValue> items = translated.asArray().getValues();
        if (items.size() != english.size()) {
            throw problems.at(at, Message.of("files.translation.itemCount", items.size(), english.size()));
        }
        return items;
    }

    /** Whether {@code value}, an object or an array of objects, has a text field somewhere inside. */
    private boolean holdsTexts(BsonValue value) {
        if (value.isDocument()) {
            BsonDocument document = value.asDocument();
            for (String name : document.keySet()) {
                if (texts.contains(name) || (containers.contains(name) && holdsTexts(document.get(name)))) {
                    return true;
                }
            }
            return false;
        }
        return value.isArray() && value.asArray().getValues().stream().anyMatch(this::holdsTexts);
    }
}
