package io.shardlab.mongos;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The server's side of one SCRAM conversation (RFC 5802 §5, as mongo {@code
 * src/mongo/db/auth/sasl_scram_server_conversation.cpp} runs it): the client-first message ({@code n,,n=USER,r=NONCE};
 * no channel binding) is answered with the nonce extended, the salt and the iteration count; the client-final message
 * ({@code c=biws,r=NONCE,p=PROOF}) is checked against the user's StoredKey and answered with {@code v=SIGNATURE}.
 * Any failure is MongoDB's AuthenticationFailed, "Authentication failed.", whatever went wrong (an unknown user
 * included), so that a client learns nothing of which users exist.
 */
final class ScramConversation {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final ScramMechanism mechanism;
    private final Function<String, Optional<ScramCredentials>> credentials;
    private String user;
    private ScramCredentials known;
    private String clientFirstBare;
    private String serverFirst;
    private String nonce;
    private boolean proven;

    /** @param credentials the stored credentials of a user name for this mechanism, if the user exists */
    ScramConversation(ScramMechanism mechanism, Function<String, Optional<ScramCredentials>> credentials) {
        this.mechanism = mechanism;
        this.credentials = credentials;
    }

    /** The user the client names, once the first message was read. */
    String user() {
        return user;
    }

    /** Whether the client proved it knows the password. */
    boolean proven() {
        return proven;
    }

    /** Answers the client-first message with the server-first message. */
    String first(String clientFirst) {
        if (!clientFirst.startsWith("n,,")) {
            throw failed();
        }
        clientFirstBare = clientFirst.substring(3);
        Map<String, String> attributes = attributes(clientFirstBare);
        String name = attributes.get("n");
        String clientNonce = attributes.get("r");
        if (name == null || clientNonce == null || clientNonce.isEmpty()) {
            throw failed();
        }
        user = name.replace("=2C", ",").replace("=3D", "=");
        known = credentials.apply(user).orElseThrow(ScramConversation::failed);
        byte[] serverNonce = new byte[24];
        RANDOM.nextBytes(serverNonce);
        nonce = clientNonce + Base64.getEncoder().encodeToString(serverNonce);
        serverFirst =
                "r=" + nonce + ",s=" + Base64.getEncoder().encodeToString(known.salt()) + ",i=" + known.iterations();
        return serverFirst;
    }

    /** Checks the client-final message's proof and answers with the server's signature. */
    String last(String clientFinal) {
        if (serverFirst == null || proven) {
            throw failed();
        }
        int proofAt = clientFinal.lastIndexOf(",p=");
        if (proofAt < 0) {
            throw failed();
        }
        String withoutProof = clientFinal.substring(0, proofAt);
        Map<String, String> attributes = attributes(withoutProof);
        if (!"biws".equals(attributes.get("c")) || !nonce.equals(attributes.get("r"))) {
            throw failed();
        }
        byte[] proof;
        try {
            proof = Base64.getDecoder().decode(clientFinal.substring(proofAt + 3));
        } catch (IllegalArgumentException e) {
            throw failed();
        }
        String authMessage = clientFirstBare + "," + serverFirst + "," + withoutProof;
        byte[] clientSignature = mechanism.hmac(known.storedKey(), authMessage);
        if (proof.length != clientSignature.length) {
            throw failed();
        }
        byte[] clientKey = new byte[proof.length];
        for (int i = 0; i < proof.length; i++) {
            clientKey[i] = (byte) (proof[i] ^ clientSignature[i]);
        }
        if (!MessageDigest.isEqual(mechanism.hash(clientKey), known.storedKey())) {
            throw failed();
        }
        proven = true;
        return "v=" + Base64.getEncoder().encodeToString(mechanism.hmac(known.serverKey(), authMessage));
    }

    /** The bytes of a message as the wire carries them. */
    static byte[] bytes(String message) {
        return message.getBytes(StandardCharsets.UTF_8);
    }

    private static Map<String, String> attributes(String message) {
        Map<String, String> out = new HashMap<>();
        for (String part : message.split(",")) {
            int eq = part.indexOf('=');
            if (eq == 1) {
                out.putIfAbsent(part.substring(0, 1), part.substring(2));
            }
        }
        return out;
    }

    /** mongo {@code authentication_session.cpp}: every failure reads the same. */
    static MongoCommandException failed() {
        return new MongoCommandException(ErrorCode.AUTHENTICATION_FAILED, "Authentication failed.");
    }
}
