package io.shardlab.ui.explorer.connections;

import io.nayuki.qrcodegen.QrCode;
import java.util.Objects;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * A join string as a QR code a phone or laptop camera reads off the projector: Project Nayuki's QR Code generator
 * (MIT), error correction level M (15 % of the code may be hidden or smudged), dark modules on white with the
 * four-module quiet zone the standard asks for (ISO/IEC 18004 §6.3.8), whatever the window's theme.
 */
final class JoinCode {

    /** Modules of white around the code. */
    static final int QUIET_ZONE = 4;

    private final QrCode code;

    /** @param text what the code holds, e.g. {@code mongodb://192.0.2.2:27017/?appName=YOURNAME} */
    JoinCode(String text) {
        this.code = QrCode.encodeText(Objects.requireNonNull(text, "text"), QrCode.Ecc.MEDIUM);
    }

    /** Modules per side, quiet zone included. */
    int modules() {
        return code.size + 2 * QUIET_ZONE;
    }

    /** Whether module ({@code x}, {@code y}) of the code itself (no quiet zone) is dark. */
    boolean dark(int x, int y) {
        return code.getModule(x, y);
    }

    /** The code on a canvas of {@code modulePixels} pixels a module (whole pixels, so no module blurs). */
    Canvas canvas(int modulePixels) {
        int side = modules() * modulePixels;
        Canvas canvas = new Canvas(side, side);
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, side, side);
        g.setFill(Color.BLACK);
        for (int y = 0; y < code.size; y++) {
            for (int x = 0; x < code.size; x++) {
                if (code.getModule(x, y)) {
                    g.fillRect(
                            (x + QUIET_ZONE) * modulePixels,
                            (y + QUIET_ZONE) * modulePixels,
                            modulePixels,
                            modulePixels);
                }
            }
        }
        return canvas;
    }
}
