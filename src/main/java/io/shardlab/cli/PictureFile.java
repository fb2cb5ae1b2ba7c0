package io.shardlab.cli;

import io.shardlab.files.AtomicFile;
import io.shardlab.render.DiagramExporter;
import io.shardlab.render.ExportFormat;
import io.shardlab.render.ExportSize;
import io.shardlab.render.Picture;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The picture a command writes to {@code --out FILE}: png, svg or pdf, checked before the work that draws it
 * and written atomically, drawn without a window system. Refusals name the option ({@code --format} or
 * {@code --out}).
 *
 * @param path the file
 * @param format the {@code --format} given, or else the one the file's extension names
 */
record PictureFile(Path path, ExportFormat format) {

    /**
     * The picture file of {@code --out out} with {@code --format format} (null: from the extension). From here
     * on AWT runs headless, unless the JVM was told otherwise, so that drawing needs no display.
     */
    static PictureFile of(String format, Path out) {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        return new PictureFile(out, formatOf(format, out));
    }

    private static ExportFormat formatOf(String format, Path out) {
        if (format != null) {
            return OptionValue.parsed("--format", format.toLowerCase(Locale.ROOT), ExportFormat::parse);
        }
        String name =
                out.getFileName() == null ? "" : out.getFileName().toString().toLowerCase(Locale.ROOT);
        int dot = name.lastIndexOf('.');
        if (dot < 0) {
            throw new RefusedInput(Message.of("cli.picture.noExtension", out.toString()));
        }
        String ext = name.substring(dot + 1);
        try {
            return ExportFormat.parse(ext);
        } catch (IllegalArgumentException e) {
            throw new RefusedInput(Message.of("cli.picture.unknownExtension", out.toString(), ext));
        }
    }

    /** Refuses a file that cannot be written, before anything is computed for it. */
    void checkWritable() {
        OptionValue.checkWritable("--out", path);
    }

    /** Draws {@code picture} at {@code size} into the file, replacing it whole or not at all. */
    void write(Picture picture, ExportSize size) {
        DiagramExporter exporter = DiagramExporter.of(format);
        OptionValue.inFile("--out", () -> AtomicFile.write(path, stream -> exporter.write(picture, size, stream)));
    }
}
