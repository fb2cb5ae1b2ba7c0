package io.shardlab.serve;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy in front of a server for tests of a network that fails at the worst moment: it forwards every message
 * both ways, but for every {@code every}-th retryable write a client sends (an OP_MSG naming a {@code txnNumber}) it
 * forwards the request, lets the server answer, drops the answer and closes the client's connection, so the client
 * does not know whether its write happened (it did). Messages are cut by their length header (MongoDB wire protocol:
 * {@code messageLength} first, little-endian).
 */
final class ReplyDroppingProxy implements AutoCloseable {

    private static final int OP_MSG = 2013;
    private static final byte[] TXN_NUMBER = "txnNumber".getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket listening;
    private final int serverPort;
    private final int every;
    private final AtomicInteger retryableWrites = new AtomicInteger();
    private final AtomicInteger dropped = new AtomicInteger();
    private final AtomicBoolean open = new AtomicBoolean(true);

    /**
     * @param serverPort the server's port on 127.0.0.1
     * @param every the reply of every this many retryable writes is dropped
     */
    ReplyDroppingProxy(int serverPort, int every) throws IOException {
        this.serverPort = serverPort;
        this.every = every;
        listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread accepting = new Thread(this::accept, "reply-dropping-proxy");
        accepting.setDaemon(true);
        accepting.start();
    }

    /** The connection string of the proxy, {@code mongodb://127.0.0.1:PORT/}. */
    String connectionString() {
        return "mongodb://127.0.0.1:" + listening.getLocalPort() + "/";
    }

    /** The replies dropped so far. */
    int dropped() {
        return dropped.get();
    }

    /** The retryable writes that went through so far, their retries included. */
    int retryableWrites() {
        return retryableWrites.get();
    }

    private void accept() {
        while (open.get()) {
            try {
                Socket client = listening.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), serverPort);
                AtomicBoolean dropNextReply = new AtomicBoolean();
                daemon(() -> requests(client, server, dropNextReply));
                daemon(() -> replies(server, client, dropNextReply));
            } catch (IOException e) {
                return;
            }
        }
    }

    /** Client to server: counts the retryable writes and marks the ones whose reply is to be dropped. */
    private void requests(Socket client, Socket server, AtomicBoolean dropNextReply) {
        try (DataInputStream in = new DataInputStream(client.getInputStream())) {
            OutputStream out = server.getOutputStream();
            while (true) {
                byte[] message = message(in);
                if (opCode(message) == OP_MSG
                        && contains(message, TXN_NUMBER)
                        && retryableWrites.incrementAndGet() % every == 0) {
                    dropNextReply.set(true);
                }
                out.write(message);
                out.flush();
            }
        } catch (IOException e) {
            closeBoth(client, server);
        }
    }

    /** Server to client: a marked request's reply is read and dropped, and the client's connection closed. */
    private void replies(Socket server, Socket client, AtomicBoolean dropNextReply) {
        try (DataInputStream in = new DataInputStream(server.getInputStream())) {
            OutputStream out = client.getOutputStream();
            while (true) {
                byte[] message = message(in);
                if (dropNextReply.get()) {
                    dropped.incrementAndGet();
                    closeBoth(client, server);
                    return;
                }
                out.write(message);
                out.flush();
            }
        } catch (IOException e) {
            closeBoth(client, server);
        }
    }

    private static byte[] message(DataInputStream in) throws IOException {
        byte[] head = new byte[4];
        in.readFully(head);
        int length = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN).getInt();
        if (length < 16) {
            throw new EOFException("a message of " + length + " bytes");
        }
        byte[] message = new byte[length];
        System.arraycopy(head, 0, message, 0, 4);
        in.readFully(message, 4, length - 4);
        return message;
    }

    private static int opCode(byte[] message) {
        return ByteBuffer.wrap(message, 12, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static void closeBoth(Socket a, Socket b) {
        for (Socket s : new Socket[] {a, b}) {
            try {
                s.close();
            } catch (IOException e) {
                // closing: nothing left to do with it
            }
        }
    }

    private static void daemon(Runnable r) {
        Thread t = new Thread(r, "reply-dropping-proxy-pump");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws IOException {
        open.set(false);
        listening.close();
    }
}
