import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Prepares what jpackage takes from the shaded jar; the Maven profile {@code installer} (pom.xml)
 * runs it after the jar is built and before jpackage, with the JDK that runs Maven, whose jlink
 * then links the runtime:
 *
 * <pre>
 * java installer/PrepareJpackageInput.java JAR EXTRA_MODULES COMPONENTS_TSV LICENSE OUT_DIR
 * </pre>
 *
 * It writes into {@code OUT_DIR}:
 * <ul>
 *   <li>{@code input/<jar name>}: the jar, in a folder of its own, because jpackage packages
 *       every file of its {@code --input} folder (next to the jar, in the app's {@code app} folder);</li>
 *   <li>{@code runtime-modules.args}: a jpackage argument file, {@code --add-modules m1,m2,…}:
 *       the JDK modules that {@code jdeps --print-module-deps} reports for the jar, plus
 *       {@code EXTRA_MODULES} (comma-separated), the modules the jar reaches only by name at run
 *       time, which jdeps cannot see; jlink links exactly these (and what they require);</li>
 *   <li>{@code input/LICENSE.txt}: the licence the packages show and install: ShardLab's own licence
 *       ({@code LICENSE}) after a list of the bundled components and their licences, read from
 *       the table the About dialog shows ({@code COMPONENTS_TSV}: name, coordinates, version,
 *       licence, probe; tab-separated, {@code #} comments), and the Java runtime; then the
 *       components' attribution notices, the jar's {@code META-INF/NOTICE}.</li>
 * </ul>
 * Bad input exits with status 2 and one line naming the input and the problem.
 */
public final class PrepareJpackageInput {

    private PrepareJpackageInput() {
    }

    public static void main(String[] args) {
        if (args.length != 5) {
            fail("usage: java PrepareJpackageInput.java JAR EXTRA_MODULES COMPONENTS_TSV LICENSE OUT_DIR"
                    + " (got " + args.length + " arguments)");
        }
        Path jar = existingFile(args[0]);
        List<String> extraModules = Arrays.stream(args[1].split(",")).map(String::strip)
                .filter(name -> !name.isEmpty()).toList();
        Path components = existingFile(args[2]);
        Path licence = existingFile(args[3]);
        Path out = Path.of(args[4]);
        try {
            Path input = out.resolve("input");
            Files.createDirectories(input);
            try (var stale = Files.list(input)) {
                for (Path file : stale.toList()) {
                    Files.delete(file);
                }
            }
            Files.copy(jar, input.resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);

            TreeSet<String> modules = new TreeSet<>(jdepsModules(jar));
            List<String> jdeps = List.copyOf(modules);
            for (String module : extraModules) {
                if (ModuleFinder.ofSystem().find(module).isEmpty()) {
                    fail("EXTRA_MODULES: " + module + " is not a module of the JDK at "
                            + System.getProperty("java.home"));
                }
                modules.add(module);
            }
            Files.writeString(out.resolve("runtime-modules.args"),
                    "--add-modules " + String.join(",", modules) + System.lineSeparator(), StandardCharsets.UTF_8);
            System.out.println("jdeps reports: " + String.join(",", jdeps));
            System.out.println("runtime modules: " + String.join(",", modules));

            Files.writeString(input.resolve("LICENSE.txt"),
                    licenceText(Files.readAllLines(components, StandardCharsets.UTF_8), components)
                            + bundledNotices(jar)
                            + Files.readString(licence, StandardCharsets.UTF_8),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            fail(out + ": cannot be written: " + e.getMessage());
        }
    }

    /** The JDK modules the jar needs, as {@code jdeps --print-module-deps} lists them. */
    private static List<String> jdepsModules(Path jar) {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps")
                .orElseThrow(() -> new IllegalStateException("jdeps: not in the JDK at " + System.getProperty("java.home")));
        StringWriter output = new StringWriter();
        StringWriter errors = new StringWriter();
        String release = String.valueOf(Runtime.version().feature());
        int status;
        try (PrintWriter out = new PrintWriter(output); PrintWriter err = new PrintWriter(errors)) {
            status = jdeps.run(out, err,
                    "--print-module-deps", "--ignore-missing-deps", "--multi-release", release, jar.toString());
        }
        String list = output.toString().strip();
        if (status != 0 || list.isEmpty()) {
            fail(jar + ": jdeps failed (status " + status + "): " + errors.toString().strip().replace('\n', ' '));
        }
        return Arrays.stream(list.split(",")).map(String::strip).toList();
    }

    /** The list of what the package bundles besides ShardLab's own code, before ShardLab's licence. */
    private static String licenceText(List<String> componentTable, Path source) {
        String n = System.lineSeparator();
        StringBuilder text = new StringBuilder();
        text.append("ShardLab is licensed under the Apache License, Version 2.0; its full text follows this list.").append(n)
                .append(n)
                .append("This package also contains the following components, each under its own licence:").append(n)
                .append(n);
        List<String[]> rows = new ArrayList<>();
        List<String> gplv3 = new ArrayList<>();
        int number = 0;
        for (String line : componentTable) {
            number++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] columns = line.split("\t", -1);
            if (columns.length != 5) {
                fail(source + " line " + number + ": expected 5 tab-separated columns, found " + columns.length);
            }
            rows.add(new String[] {columns[0] + " " + columns[2] + " (" + columns[1] + ")", columns[3]});
            if (columns[3].startsWith("GPLv3")) {
                gplv3.add(columns[0]);
            }
        }
        rows.add(new String[] {"Java runtime: " + System.getProperty("java.runtime.name") + " "
                + System.getProperty("java.runtime.version") + ", linked by jlink",
                "GPLv2 with Classpath Exception (its notices are in the runtime's legal folder)"});
        for (String[] row : rows) {
            text.append("  ").append(row[0]).append(n).append("      ").append(row[1]).append(n);
        }
        text.append(n);
        if (!gplv3.isEmpty()) {
            text.append(String.join(" and ", gplv3)).append(" are distributed under the terms of the GPLv3 (or later);")
                    .append(n).append("ShardLab's own source stays under the Apache License 2.0.").append(n).append(n);
        }
        text.append("-".repeat(78)).append(n).append(n);
        return text.toString();
    }

    /**
     * The attribution notices of the bundled Apache-licensed components (Apache License 2.0, section 4(d)),
     * which the shade plugin merges into the jar's META-INF/NOTICE.
     */
    private static String bundledNotices(Path jar) throws IOException {
        String n = System.lineSeparator();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry entry = zip.getEntry("META-INF/NOTICE");
            if (entry == null) {
                fail(jar + ": has no META-INF/NOTICE (the shade plugin's ApacheNoticeResourceTransformer writes it)");
            }
            String notices;
            try (InputStream in = zip.getInputStream(entry)) {
                notices = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            }
            return "Notices of the bundled components (META-INF/NOTICE in " + jar.getFileName() + "; their licence"
                    + n + "texts, with PDFBox's terms for the Adobe font metrics and glyph list, are in its"
                    + n + "META-INF/LICENSE):" + n + n + notices.replace("\n", n) + n + n + "-".repeat(78) + n + n;
        }
    }

    private static Path existingFile(String name) {
        Path path = Path.of(name);
        if (!Files.isRegularFile(path)) {
            fail(name + ": no such file");
        }
        return path;
    }

    private static void fail(String message) {
        System.err.println("PrepareJpackageInput: " + message);
        System.exit(2);
    }
}
