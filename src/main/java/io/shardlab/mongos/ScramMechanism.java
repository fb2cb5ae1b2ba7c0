package io.shardlab.mongos;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.text.Normalizer;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The SASL mechanisms ShardLab's users authenticate with: SCRAM (RFC 5802) over SHA-1 and SHA-256 (RFC 7677), as
 * MongoDB runs them (mongo {@code src/mongo/db/auth/sasl_scram_server_conversation.cpp}, {@code
 * mechanism_scram.cpp}): SCRAM-SHA-1 hashes MongoDB's password digest, {@code hex(md5(user + ":mongo:" +
 * password))}, SCRAM-SHA-256 the SASLprep'd password; the iteration counts are MongoDB's defaults
 * ({@code scramIterationCount} 10,000, {@code scramSHA256IterationCount} 15,000).
 */
public enum ScramMechanism {
    SCRAM_SHA_1("SCRAM-SHA-1", "SHA-1", "HmacSHA1", 10_000),
    SCRAM_SHA_256("SCRAM-SHA-256", "SHA-256", "HmacSHA256", 15_000);

    private final String mechanismName;
    private final String digest;
    private final String hmac;
    private final int iterations;

    ScramMechanism(String mechanismName, String digest, String hmac, int iterations) {
        this.mechanismName = mechanismName;
        this.digest = digest;
        this.hmac = hmac;
        this.iterations = iterations;
    }

    /** The name clients ask for in {@code saslStart.mechanism}. */
    public String mechanismName() {
        return mechanismName;
    }

    /** PBKDF2 iterations of the salted password. */
    int iterations() {
        return iterations;
    }

    /** The mechanism named {@code name}, or null. */
    static ScramMechanism named(String name) {
        for (ScramMechanism m : values()) {
            if (m.mechanismName.equals(name)) {
                return m;
            }
        }
        return null;
    }

    /** What the mechanism hashes: SCRAM-SHA-1 MongoDB's digest of user and password, SCRAM-SHA-256 the password. */
    String preparedPassword(String user, String password) {
        if (this == SCRAM_SHA_1) {
            try {
                byte[] md5 = MessageDigest.getInstance("MD5")
                        .digest((user + ":mongo:" + password).getBytes(StandardCharsets.UTF_8));
                return HexFormat.of().formatHex(md5);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("MD5 is missing from this Java", e);
            }
        }
        // SASLprep (RFC 4013) maps with NFKC; the passwords a teacher types are printable text
        return Normalizer.normalize(password, Normalizer.Form.NFKC);
    }

    /** {@code Hi(password, salt, i)}: PBKDF2 with the mechanism's HMAC. */
    byte[] saltedPassword(String preparedPassword, byte[] salt) {
        try {
            SecretKeyFactory f = SecretKeyFactory.getInstance("PBKDF2With" + hmac);
            int bits = this == SCRAM_SHA_1 ? 160 : 256;
            return f.generateSecret(new PBEKeySpec(preparedPassword.toCharArray(), salt, iterations, bits))
                    .getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2With" + hmac + " is missing from this Java", e);
        }
    }

    /** {@code HMAC(key, text)}. */
    byte[] hmac(byte[] key, String text) {
        try {
            Mac mac = Mac.getInstance(hmac);
            mac.init(new SecretKeySpec(key, hmac));
            return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(hmac + " is missing from this Java", e);
        }
    }

    /** {@code H(bytes)}. */
    byte[] hash(byte[] bytes) {
        try {
            return MessageDigest.getInstance(digest).digest(bytes);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(digest + " is missing from this Java", e);
        }
    }

    /** The stored credentials of a password: a salt, the iteration count, StoredKey and ServerKey (RFC 5802 §3). */
    ScramCredentials credentials(String user, String password, byte[] salt) {
        byte[] salted = saltedPassword(preparedPassword(user, password), salt);
        byte[] clientKey = hmac(salted, "Client Key");
        return new ScramCredentials(salt, iterations, hash(clientKey), hmac(salted, "Server Key"));
    }
}
