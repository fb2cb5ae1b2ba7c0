package io.shardlab.render;

/**
 * Test support: colour difference as people see it. sRGB to CIELAB (D65), the CIEDE2000 difference (Sharma,
 * Wu and Dalal 2005), and simulated dichromacy by the matrices of Machado, Oliveira and Fernandes (2009),
 * severity 1.0, applied to linear RGB.
 */
final class ColorVision {

    enum Vision {
        NORMAL,
        PROTANOPIA,
        DEUTERANOPIA,
        TRITANOPIA
    }

    private static final double[][] PROTAN = {
        {0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}
    };
    private static final double[][] DEUTAN = {
        {0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}
    };
    private static final double[][] TRITAN = {
        {1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}
    };

    private ColorVision() {}

    /** CIELAB of {@code #RRGGBB} as seen with {@code vision}. */
    static double[] lab(String hex, Vision vision) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        double[] lin = {linear((rgb >> 16) & 0xFF), linear((rgb >> 8) & 0xFF), linear(rgb & 0xFF)};
        double[][] m = switch (vision) {
            case NORMAL -> null;
            case PROTANOPIA -> PROTAN;
            case DEUTERANOPIA -> DEUTAN;
            case TRITANOPIA -> TRITAN;
        };
        if (m != null) {
            double[] s = new double[3];
            for (int i = 0; i < 3; i++) {
                s[i] = clamp(m[i][0] * lin[0] + m[i][1] * lin[1] + m[i][2] * lin[2]);
            }
            lin = s;
        }
        double x = (0.4124564 * lin[0] + 0.3575761 * lin[1] + 0.1804375 * lin[2]) / 0.95047;
        double y = 0.2126729 * lin[0] + 0.7151522 * lin[1] + 0.0721750 * lin[2];
        double z = (0.0193339 * lin[0] + 0.1191920 * lin[1] + 0.9503041 * lin[2]) / 1.08883;
        double fx = f(x);
        double fy = f(y);
        double fz = f(z);
        return new double[] {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
    }

    private static double clamp(double v) {
        return Math.max(0, Math.min(1, v));
    }

    private static double linear(int c) {
        double v = c / 255.0;
        return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }

    private static double f(double t) {
        return t > 216.0 / 24389 ? Math.cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    }

    /** CIEDE2000 between two CIELAB colours. */
    static double deltaE2000(double[] lab1, double[] lab2) {
        double l1 = lab1[0], a1 = lab1[1], b1 = lab1[2];
        double l2 = lab2[0], a2 = lab2[1], b2 = lab2[2];
        double c1 = Math.hypot(a1, b1);
        double c2 = Math.hypot(a2, b2);
        double cb = (c1 + c2) / 2;
        double g = 0.5 * (1 - Math.sqrt(Math.pow(cb, 7) / (Math.pow(cb, 7) + Math.pow(25, 7))));
        double a1p = (1 + g) * a1;
        double a2p = (1 + g) * a2;
        double c1p = Math.hypot(a1p, b1);
        double c2p = Math.hypot(a2p, b2);
        double h1p = hue(b1, a1p);
        double h2p = hue(b2, a2p);
        double dLp = l2 - l1;
        double dCp = c2p - c1p;
        double dh;
        if (c1p * c2p == 0) {
            dh = 0;
        } else {
            dh = h2p - h1p;
            if (dh > 180) {
                dh -= 360;
            } else if (dh < -180) {
                dh += 360;
            }
        }
        double dHp = 2 * Math.sqrt(c1p * c2p) * Math.sin(Math.toRadians(dh / 2));
        double lbp = (l1 + l2) / 2;
        double cbp = (c1p + c2p) / 2;
        double hbp;
        if (c1p * c2p == 0) {
            hbp = h1p + h2p;
        } else if (Math.abs(h1p - h2p) <= 180) {
            hbp = (h1p + h2p) / 2;
        } else {
            hbp = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2;
        }
        double t = 1
                - 0.17 * Math.cos(Math.toRadians(hbp - 30))
                + 0.24 * Math.cos(Math.toRadians(2 * hbp))
                + 0.32 * Math.cos(Math.toRadians(3 * hbp + 6))
                - 0.20 * Math.cos(Math.toRadians(4 * hbp - 63));
        double dTheta = 30 * Math.exp(-Math.pow((hbp - 275) / 25, 2));
        double rc = 2 * Math.sqrt(Math.pow(cbp, 7) / (Math.pow(cbp, 7) + Math.pow(25, 7)));
        double sl = 1 + 0.015 * Math.pow(lbp - 50, 2) / Math.sqrt(20 + Math.pow(lbp - 50, 2));
        double sc = 1 + 0.045 * cbp;
        double sh = 1 + 0.015 * cbp * t;
        double rt = -Math.sin(Math.toRadians(2 * dTheta)) * rc;
        return Math.sqrt(
                Math.pow(dLp / sl, 2) + Math.pow(dCp / sc, 2) + Math.pow(dHp / sh, 2) + rt * (dCp / sc) * (dHp / sh));
    }

    private static double hue(double b, double a) {
        double h = Math.toDegrees(Math.atan2(b, a));
        return h < 0 ? h + 360 : h;
    }

    /** WCAG 2 contrast ratio of two colours. */
    static double contrast(String hex1, String hex2) {
        double l1 = luminance(hex1);
        double l2 = luminance(hex2);
        return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    }

    private static double luminance(String hex) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        return 0.2126 * linear((rgb >> 16) & 0xFF) + 0.7152 * linear((rgb >> 8) & 0xFF) + 0.0722 * linear(rgb & 0xFF);
    }
}
