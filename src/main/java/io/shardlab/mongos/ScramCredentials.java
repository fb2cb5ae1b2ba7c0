package io.shardlab.mongos;

/**
 * What a server keeps of a SCRAM password (RFC 5802 §3, MongoDB's {@code credentials.SCRAM-SHA-256} document):
 * the salt, the iteration count, {@code StoredKey = H(ClientKey)} and {@code ServerKey}; never the password.
 */
record ScramCredentials(byte[] salt, int iterations, byte[] storedKey, byte[] serverKey) {}
