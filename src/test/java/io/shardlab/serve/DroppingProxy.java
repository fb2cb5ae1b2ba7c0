package io.shardlab.serve;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.RawBsonDocument;

/**
 * A wire-protocol relay between a client and ShardLab's mongos that loses one reply: the first time a client sends
 * a command named {@code dropReplyTo}, the command reaches the server, and its reply is thrown away and the client's
 * connection closed, as a network cut after the server acted. The driver then retries (a retryable write, a
 * {@code commitTransaction}) on a new connection.
 */
final class DroppingProxy implements AutoCloseable {

    private static final int OP_MSG = 2013;

    private final ServerSocket listening;
    private final InetSocketAddress server;
    private final String dropReplyTo;
    private final AtomicInteger dropsLeft = new AtomicInteger(1);
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    DroppingProxy(int serverPort, String dropReplyTo) throws IOException {
        this.server = new InetSocketAddress(InetAddress.getLoopbackAddress(), serverPort);
        this.dropReplyTo = dropReplyTo;
        this.listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "dropping-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** The connection string of the proxy. */
    String connectionString() {
        return "mongodb://127.0.0.1:" + listening.getLocalPort()
                + "/?directConnection=true&serverSelectionTimeoutMS=5000";
    }

    /** Whether the one reply was dropped. */
    boolean dropped() {
        return dropsLeft.get() == 0;
    }

    private void accept() {
        try {
            while (true) {
                Socket client = listening.accept();
                Socket upstream = new Socket(server.getAddress(), server.getPort());
                sockets.add(client);
                sockets.add(upstream);
                boolean[] dropNext = {false};
                start(() -> relay(client, upstream, dropNext, true));
                start(() -> relay(upstream, client, dropNext, false));
            }
        } catch (IOException closed) {
            // the proxy was closed
        }
    }

    private static void start(Runnable pump) {
        Thread t = new Thread(pump, "dropping-proxy-pump");
        t.setDaemon(true);
        t.start();
    }

    /** Copies whole messages from {@code from} to {@code to}; requests may mark the next reply to be dropped. */
    private void relay(Socket from, Socket to, boolean[] dropNext, boolean requests) {
        try (from;
                to) {
            DataInputStream in = new DataInputStream(from.getInputStream());
            OutputStream out = to.getOutputStream();
            while (true) {
                byte[] message = readMessage(in);
                if (requests && dropReplyTo.equals(commandName(message)) && dropsLeft.compareAndSet(1, 0)) {
                    synchronized (dropNext) {
                        dropNext[0] = true;
                    }
                }
                if (!requests) {
                    synchronized (dropNext) {
                        if (dropNext[0]) {
                            return; // closes both: the reply is lost
                        }
                    }
                }
                out.write(message);
                out.flush();
            }
        } catch (IOException e) {
            // either side closed
        }
    }

    private static byte[] readMessage(DataInputStream in) throws IOException {
        byte[] header = new byte[4];
        in.readFully(header);
        int length = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getInt();
        byte[] message = new byte[length];
        System.arraycopy(header, 0, message, 0, 4);
        in.readFully(message, 4, length - 4);
        return message;
    }

    /** The first key of an OP_MSG's body section, or "" for another message. */
    private static String commandName(byte[] message) {
        ByteBuffer b = ByteBuffer.wrap(message).order(ByteOrder.LITTLE_ENDIAN);
        if (b.getInt(12) != OP_MSG || message[20] != 0) {
            return "";
        }
        int documentLength = b.getInt(21);
        return new RawBsonDocument(message, 21, documentLength).getFirstKey();
    }

    @Override
    public void close() throws IOException {
        listening.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
