package io.shardlab.text;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The terms ShardLab's Chinese uses for MongoDB's concepts, as MongoDB's zh-cn manual names them (分片键 for shard
 * key, 数据块 for chunk, 负载均衡器 for the balancer, …), read from {@code io/shardlab/text/glossary.tsv}. Every
 * Chinese text of the bundles and the lessons holds the Chinese term of each English term its English text holds,
 * so a class hears one word for one thing.
 *
 * @param terms in the file's order: longer phrases before the words they contain
 */
public record Glossary(List<Term> terms) {

    /**
     * One entry.
     *
     * @param english the English term, a regular expression matched case-insensitively on word boundaries
     * @param chinese the Chinese term a translation holds
     * @param source the zh-cn manual page the term comes from
     */
    public record Term(Pattern english, String chinese, URI source) {

        public Term {
            Objects.requireNonNull(english, "english");
            Objects.requireNonNull(chinese, "chinese");
            Objects.requireNonNull(source, "source");
        }

        /** Whether {@code text} uses the English term. */
        public boolean usedIn(String text) {
            return english.matcher(text).find();
        }
    }

    public Glossary {
        terms = List.copyOf(terms);
    }

    /** The glossary ShardLab ships. */
    public static Glossary load() {
        try (InputStream in = Glossary.class.getResourceAsStream("/io/shardlab/text/glossary.tsv")) {
            if (in == null) {
                throw new IllegalStateException("io/shardlab/text/glossary.tsv is not on the class path");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("io/shardlab/text/glossary.tsv: cannot be read", e);
        }
    }

    static Glossary parse(BufferedReader lines) throws IOException {
        List<Term> terms = new ArrayList<>();
        String line;
        int number = 0;
        while ((line = lines.readLine()) != null) {
            number++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] columns = line.split("\t");
            if (columns.length != 3) {
                throw new IllegalStateException(
                        "glossary.tsv line " + number + ": expected 3 tab-separated columns, found " + columns.length);
            }
            terms.add(new Term(
                    Pattern.compile("\\b(?:" + columns[0] + ")\\b", Pattern.CASE_INSENSITIVE),
                    columns[1],
                    URI.create(columns[2])));
        }
        return new Glossary(terms);
    }

    /**
     * The terms {@code english} uses whose Chinese term {@code chinese} lacks: empty when the translation keeps
     * the glossary.
     */
    public List<Term> missingFrom(String english, String chinese) {
        return terms.stream()
                .filter(term -> term.usedIn(english) && !chinese.contains(term.chinese()))
                .toList();
    }
}
