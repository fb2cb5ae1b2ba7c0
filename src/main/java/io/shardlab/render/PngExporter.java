package io.shardlab.render;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import javax.imageio.ImageIO;

/**
 * PNG through an opaque {@link BufferedImage}: {@code width × scale} by {@code height × scale} pixels, painted
 * with the Graphics2D scaled by {@code scale} so the number line aggregates per device pixel column.
 */
public final class PngExporter implements DiagramExporter {

    /** The painted image, for callers that want pixels rather than a file. */
    public BufferedImage render(Picture painter, ExportSize size) {
        int height = DiagramExporter.heightFor(painter, size);
        size.checkPixels(height);
        int w = (int) Math.round(size.width() * size.scale());
        int h = (int) Math.round(height * size.scale());
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.scale((double) w / size.width(), (double) h / height);
            painter.draw(g, size.width(), height, size.scale());
        } finally {
            g.dispose();
        }
        return image;
    }

    @Override
    public void write(Picture painter, ExportSize size, OutputStream out) throws IOException {
        if (!ImageIO.write(render(painter, size), "png", out)) {
            throw new IOException(
                    "no PNG writer is available in this Java runtime"); // untranslated: a broken Java runtime (ImageIO
            // ships a PNG writer)
        }
    }
}
