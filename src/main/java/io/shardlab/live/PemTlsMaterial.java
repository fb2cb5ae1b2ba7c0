package io.shardlab.live;

import io.shardlab.files.FileException;
import io.shardlab.files.InputFile;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Builds the {@link SSLContext} the driver needs from the PEM files a DBA has: the CA file that
 * signed the servers' certificates ({@code --tlsCAFile} in mongosh) and, for X.509 authentication,
 * the client's certificate with its private key in one file ({@code --tlsCertificateKeyFile}).
 *
 * <p>Private keys may be PKCS#8 ({@code BEGIN PRIVATE KEY}, RSA or EC) or PKCS#1
 * ({@code BEGIN RSA PRIVATE KEY}). Encrypted keys are refused with a message that says how to
 * decrypt them, because the JDK cannot read OpenSSL's encrypted PEM formats without extra
 * libraries.
 */
public final class PemTlsMaterial {

    private static final Pattern BLOCK =
            Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----(.*?)-----END \\1-----", Pattern.DOTALL);
    private static final char[] NO_PASSWORD = new char[0];
    /** The largest PEM file read, in characters: a CA bundle of a few hundred certificates fits. */
    static final int MAX_PEM_CHARS = 4 << 20;

    private PemTlsMaterial() {}

    /**
     * An SSL context that trusts {@code caFile} (or the JDK's trust store when null) and presents
     * the certificate and key of {@code certificateKeyFile} (none when null).
     *
     * @throws IllegalArgumentException naming the file and the problem
     */
    public static SSLContext sslContext(Path caFile, Path certificateKeyFile) {
        try {
            TrustManagerFactory tmf = null;
            if (caFile != null) {
                tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(trustStore(caFile));
            }
            KeyManagerFactory kmf = null;
            if (certificateKeyFile != null) {
                kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                kmf.init(keyStore(certificateKeyFile), NO_PASSWORD);
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(kmf == null ? null : kmf.getKeyManagers(), tmf == null ? null : tmf.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new RefusedInput(Message.of("live.tls.cannotSetUp", String.valueOf(e.getMessage())), e);
        }
    }

    /** A key store holding every certificate of the PEM file as a trusted entry. */
    static KeyStore trustStore(Path caFile) {
        String pem = read(caFile, "tls-ca-file");
        List<Certificate> certificates = certificates(pem, caFile, "tls-ca-file");
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            for (int i = 0; i < certificates.size(); i++) {
                store.setCertificateEntry("ca-" + i, certificates.get(i));
            }
            return store;
        } catch (GeneralSecurityException | IOException e) {
            throw new RefusedInput(
                    Message.of("live.tls.cannotUse", "tls-ca-file", caFile.toString(), String.valueOf(e.getMessage())),
                    e);
        }
    }

    /** A key store holding the client's private key with its certificate chain. */
    static KeyStore keyStore(Path certificateKeyFile) {
        String pem = read(certificateKeyFile, "tls-certificate-key-file");
        List<Certificate> chain = certificates(pem, certificateKeyFile, "tls-certificate-key-file");
        PrivateKey key = privateKey(pem, certificateKeyFile);
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            store.setKeyEntry("client", key, NO_PASSWORD, chain.toArray(new Certificate[0]));
            return store;
        } catch (GeneralSecurityException | IOException e) {
            throw new RefusedInput(
                    Message.of(
                            "live.tls.cannotUse",
                            "tls-certificate-key-file",
                            certificateKeyFile.toString(),
                            String.valueOf(e.getMessage())),
                    e);
        }
    }

    private static String read(Path file, String option) {
        try {
            return InputFile.readString(file, MAX_PEM_CHARS);
        } catch (FileException e) {
            throw new FileException(Message.of("live.tls.option", option, e.said()));
        }
    }

    /**
     * The certificates of the PEM text, each refused with one line naming the file, the certificate's
     * place in it and the problem (its base64 text, or its DER content), never the JDK's exception.
     */
    private static List<Certificate> certificates(String pem, Path file, String option) {
        List<Certificate> out = new ArrayList<>();
        CertificateFactory factory;
        try {
            factory = CertificateFactory.getInstance("X.509");
        } catch (GeneralSecurityException e) {
            throw new RefusedInput(Message.of("live.tls.noX509"), e);
        }
        Matcher m = BLOCK.matcher(pem);
        int number = 0;
        while (m.find()) {
            if (!m.group(1).equals("CERTIFICATE")) {
                continue;
            }
            number++;
            Message where = Message.of("live.tls.certificate", option, file.toString(), number);
            byte[] der = base64(m.group(2), where);
            try {
                out.add(factory.generateCertificate(new ByteArrayInputStream(der)));
            } catch (GeneralSecurityException | RuntimeException e) {
                throw new RefusedInput(Message.of("live.tls.notX509", where, der.length), e);
            }
        }
        if (out.isEmpty()) {
            throw new RefusedInput(Message.of("live.tls.noCertificate", option, file.toString()));
        }
        return out;
    }

    /** The bytes of a PEM block's base64 text; one line naming {@code where} and the bad character otherwise. */
    private static byte[] base64(String text, Message where) {
        String compact = text.replaceAll("\\s", "");
        for (int i = 0; i < compact.length(); i++) {
            char c = compact.charAt(i);
            boolean base64 = (c >= 'A' && c <= 'Z')
                    || (c >= 'a' && c <= 'z')
                    || (c >= '0' && c <= '9')
                    || c == '+'
                    || c == '/'
                    || c == '=';
            if (!base64) {
                throw new RefusedInput(Message.of("live.tls.notBase64At", where, String.valueOf(c), i + 1));
            }
        }
        try {
            return Base64.getDecoder().decode(compact);
        } catch (IllegalArgumentException e) {
            throw new RefusedInput(Message.of("live.tls.badPadding", where, compact.length()), e);
        }
    }

    private static PrivateKey privateKey(String pem, Path file) {
        Matcher m = BLOCK.matcher(pem);
        while (m.find()) {
            String type = m.group(1);
            byte[] der;
            try {
                der = Base64.getMimeDecoder().decode(m.group(2));
            } catch (IllegalArgumentException e) {
                throw new RefusedInput(Message.of("live.tls.blockNotBase64", file.toString(), type), e);
            }
            switch (type) {
                case "PRIVATE KEY": // untranslated: a PEM block label
                    return pkcs8(der, file);
                case "RSA PRIVATE KEY": // untranslated: a PEM block label
                    return pkcs8(Pkcs1.toPkcs8(der), file);
                case "ENCRYPTED PRIVATE KEY": // untranslated: a PEM block label
                    throw new RefusedInput(Message.of("live.tls.encryptedKey", file.toString()));
                case "EC PRIVATE KEY": // untranslated: a PEM block label
                    throw new RefusedInput(Message.of("live.tls.sec1Key", file.toString()));
                default:
                    break;
            }
        }
        throw new RefusedInput(Message.of("live.tls.noPrivateKey", file.toString()));
    }

    private static PrivateKey pkcs8(byte[] der, Path file) {
        for (String algorithm : List.of("RSA", "EC", "Ed25519", "RSASSA-PSS")) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException e) {
                // try the next algorithm
            }
        }
        throw new RefusedInput(Message.of("live.tls.unsupportedKey", file.toString()));
    }

    /** Wraps a PKCS#1 RSAPrivateKey in a PKCS#8 PrivateKeyInfo (RFC 5208) with rsaEncryption. */
    private static final class Pkcs1 {

        private static final byte[] RSA_ALGORITHM = {
            0x30,
            0x0d,
            0x06,
            0x09,
            0x2a,
            (byte) 0x86,
            0x48,
            (byte) 0x86,
            (byte) 0xf7,
            0x0d,
            0x01,
            0x01,
            0x01,
            0x05,
            0x00
        };

        static byte[] toPkcs8(byte[] pkcs1) {
            byte[] version = {0x02, 0x01, 0x00};
            byte[] octets = tlv(0x04, pkcs1);
            byte[] body = new byte[version.length + RSA_ALGORITHM.length + octets.length];
            System.arraycopy(version, 0, body, 0, version.length);
            System.arraycopy(RSA_ALGORITHM, 0, body, version.length, RSA_ALGORITHM.length);
            System.arraycopy(octets, 0, body, version.length + RSA_ALGORITHM.length, octets.length);
            return tlv(0x30, body);
        }

        private static byte[] tlv(int tag, byte[] value) {
            byte[] length = length(value.length);
            byte[] out = new byte[1 + length.length + value.length];
            out[0] = (byte) tag;
            System.arraycopy(length, 0, out, 1, length.length);
            System.arraycopy(value, 0, out, 1 + length.length, value.length);
            return out;
        }

        private static byte[] length(int n) {
            if (n < 0x80) {
                return new byte[] {(byte) n};
            }
            int bytes = n > 0xffffff ? 4 : n > 0xffff ? 3 : n > 0xff ? 2 : 1;
            byte[] out = new byte[1 + bytes];
            out[0] = (byte) (0x80 | bytes);
            for (int i = 0; i < bytes; i++) {
                out[bytes - i] = (byte) (n >>> (8 * i));
            }
            return out;
        }
    }
}
