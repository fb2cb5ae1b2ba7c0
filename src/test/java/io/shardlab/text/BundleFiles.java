package io.shardlab.text;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/** The bundles as files in the source tree: each area's English base and its Chinese translation. */
record BundleFiles(String area, Map<String, String> english, Map<String, String> chinese) {

    static final Path FOLDER = Path.of("src/main/resources/io/shardlab/text");

    static List<BundleFiles> all() throws IOException {
        try (Stream<Path> files = Files.list(FOLDER)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(name -> name.endsWith(".properties") && !name.contains("_"))
                    .sorted()
                    .map(name -> name.substring(0, name.length() - ".properties".length()))
                    .map(BundleFiles::read)
                    .toList();
        }
    }

    static BundleFiles read(String area) {
        return new BundleFiles(
                area, load(FOLDER.resolve(area + ".properties")), load(FOLDER.resolve(area + "_zh_CN.properties")));
    }

    /** This area's files, English first: the ones that exist. */
    List<Path> files() {
        return Stream.of(area + ".properties", area + "_zh_CN.properties")
                .map(FOLDER::resolve)
                .filter(Files::exists)
                .toList();
    }

    /**
     * The keys a bundle file writes more than once, in key order. {@link Properties} keeps the last value of such a
     * key without a word, so the first text is silently lost.
     */
    static List<String> keysWrittenTwice(Path file) {
        Set<String> twice = new TreeSet<>();
        Properties properties = new Properties() {
            @Override
            public synchronized Object put(Object key, Object value) {
                Object earlier = super.put(key, value);
                if (earlier != null) {
                    twice.add((String) key);
                }
                return earlier;
            }
        };
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        } catch (IOException e) {
            throw new AssertionError(file + ": cannot be read", e);
        }
        return new ArrayList<>(twice);
    }

    private static Map<String, String> load(Path file) {
        Properties properties = new Properties();
        if (Files.exists(file)) {
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                properties.load(in);
            } catch (IOException e) {
                throw new AssertionError(file + ": cannot be read", e);
            }
        }
        Map<String, String> values = new TreeMap<>();
        properties.forEach((k, v) -> values.put((String) k, (String) v));
        return values;
    }
}
