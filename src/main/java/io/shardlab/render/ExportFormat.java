package io.shardlab.render;

/** The file formats a diagram exports to. */
public enum ExportFormat {

    /** Raster, via BufferedImage and ImageIO. */
    PNG("png"),
    /** Vector with text as text, via Apache Batik's SVG generator. */
    SVG("svg"),
    /** Vector with text as text, via Apache PDFBox. */
    PDF("pdf");

    private final String extension;

    ExportFormat(String extension) {
        this.extension = extension;
    }

    /** The file extension and command-line spelling. */
    public String extension() {
        return extension;
    }

    /**
     * The format spelled {@code name} on the command line.
     *
     * @throws IllegalArgumentException naming the unknown format
     */
    public static ExportFormat parse(String name) {
        return CommandLineWords.parse("format", values(), ExportFormat::extension, name);
    }
}
