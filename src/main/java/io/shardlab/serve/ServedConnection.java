package io.shardlab.serve;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.shardlab.mongos.ServerCounters;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.bson.BsonDocument;

/**
 * One client's connection as the server serves it: its messages run one after the other, in the order
 * they came, on a command thread (never on the listener's thread, so that one client's long command
 * holds up no other client's reading); each gets its reply unless it is an OP_MSG with {@code
 * moreToCome} (a {@code w: 0} write), which runs and gets nothing back, the connection kept (mongo
 * {@code src/mongo/s/commands/strategy.cpp} {@code ClientCommand::_produceResponse}: "Don't reply").
 *
 * <p>It closes the connection, with one log line naming the client and the reason, when the client is
 * refused ({@link ClientConnections}), sends a malformed message or one MongoDB refuses by closing
 * ({@link WireError#closesConnection()}), leaves a message unfinished ({@link MessageFramer#STALLED}),
 * sends nothing for the first-message timeout after connecting, or nothing for the idle timeout.
 * While {@value #MAX_QUEUED} messages wait, it stops reading until they have run.
 */
final class ServedConnection extends ChannelInboundHandlerAdapter {

    /** Messages that may wait before the connection stops reading. */
    static final int MAX_QUEUED = 16;

    private final ClientConnections connections;
    private final ShardLabBackend backend;
    private final WireRequestReader reader;
    private final WireReply replies;
    private final LegacyOpQuery opQuery;
    private final ConnectionLimits limits;
    private final ServerCounters counters;
    private final Consumer<String> log;
    private final Executor commandThreads;

    private final Deque<Runnable> queued = new ArrayDeque<>();
    private boolean running;
    private volatile boolean admitted;
    /** Set once the server closes the connection itself: what is still queued is dropped. */
    private volatile boolean closing;

    private volatile long lastActivityNanos = System.nanoTime();
    private volatile boolean busy;
    private ScheduledFuture<?> timer;
    private Channel channel;
    private MessageFramer framer;

    ServedConnection(
            ClientConnections connections,
            ShardLabBackend backend,
            WireRequestReader reader,
            WireReply replies,
            LegacyOpQuery opQuery,
            ConnectionLimits limits,
            ServerCounters counters,
            Consumer<String> log,
            Executor commandThreads) {
        this.connections = connections;
        this.backend = backend;
        this.reader = reader;
        this.replies = replies;
        this.opQuery = opQuery;
        this.limits = limits;
        this.counters = counters;
        this.log = log;
        this.commandThreads = commandThreads;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        channel = ctx.channel();
        if (!connections.opened(channel, channel.remoteAddress())) {
            closing = true;
            ctx.close();
            return;
        }
        framer = ctx.pipeline().get(MessageFramer.class);
        scheduleTimer(
                Math.min(limits.messageTimeout().toNanos(), limits.idleTimeout().toNanos()));
        super.channelActive(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (timer != null) {
            timer.cancel(false);
        }
        // after the messages already received: a client may send w: 0 writes and close at once
        enqueue(() -> {
            connections.closed(channel);
            backend.connectionClosed(channel);
        });
        super.channelInactive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf frame = (ByteBuf) msg;
        byte[] message;
        try {
            message = new byte[frame.readableBytes()];
            frame.readBytes(message);
        } finally {
            frame.release();
        }
        lastActivityNanos = System.nanoTime();
        enqueue(() -> {
            if (closing) {
                return;
            }
            busy = true;
            try {
                serve(message);
            } finally {
                busy = false;
                lastActivityNanos = System.nanoTime();
            }
        });
    }

    /** Queues {@code task} behind the connection's earlier ones, on a command thread. */
    private void enqueue(Runnable task) {
        boolean start;
        synchronized (queued) {
            queued.add(task);
            if (queued.size() >= MAX_QUEUED) {
                channel.config().setAutoRead(false);
            }
            start = !running;
            running = true;
        }
        if (start) {
            commandThreads.execute(this::drain);
        }
    }

    /** On a command thread: runs the queued tasks in order. */
    private void drain() {
        while (true) {
            Runnable task;
            synchronized (queued) {
                task = queued.poll();
                if (task == null) {
                    running = false;
                    return;
                }
                if (queued.size() < MAX_QUEUED / 2 && !channel.config().isAutoRead()) {
                    channel.config().setAutoRead(true);
                }
            }
            task.run();
        }
    }

    private void serve(byte[] message) {
        WireRequest request = null;
        try {
            request = reader.read(message);
            if (!admitted && !admit(commandOf(request))) {
                return;
            }
            byte[] reply = respond(request);
            counters.countTraffic(message.length, reply == null ? 0 : reply.length);
            if (reply != null) {
                channel.writeAndFlush(Unpooled.wrappedBuffer(reply));
            }
        } catch (WireError e) {
            if (e.closesConnection()) {
                close("message refused, " + e.codeName() + " (" + e.code() + "): " + e.getMessage());
                return;
            }
            if (!admitted && !admit(new BsonDocument())) {
                return;
            }
            int requestId = MessageDocumentCheck.int32(message, 4);
            byte[] reply = isQuery(message)
                    ? replies.reply(requestId, 0, 0, List.of(e.reply()))
                    : moreToCome(message) ? null : replies.msg(requestId, e.reply());
            counters.countTraffic(message.length, reply == null ? 0 : reply.length);
            if (reply != null) {
                channel.writeAndFlush(Unpooled.wrappedBuffer(reply));
            }
        } catch (WireRequestReader.MalformedMessage e) {
            close("malformed message: " + e.getMessage());
        } catch (RuntimeException e) {
            // the backend answers a command's own failures; this is the server's, and nothing can be answered
            close("InternalError: " + e + (e.getStackTrace().length > 0 ? " (at " + e.getStackTrace()[0] + ")" : ""));
        }
    }

    private boolean admit(BsonDocument handshake) {
        if (!connections.firstMessage(channel, handshake)) {
            closing = true;
            channel.close();
            return false;
        }
        admitted = true;
        return true;
    }

    /** The reply's bytes, or null when the client expects none. */
    private byte[] respond(WireRequest request) {
        String client = connections.name(channel);
        if (request instanceof WireRequest.Msg msg) {
            BsonDocument reply = answer(client, msg.database(), msg.body());
            return msg.moreToCome() ? null : replies.msg(msg.requestId(), reply);
        }
        WireRequest.Query query = (WireRequest.Query) request;
        if (query.isCommand()) {
            BsonDocument command = query.command();
            String name = command.isEmpty() ? "" : command.getFirstKey();
            BsonDocument reply = opQuery.refusal(name)
                    .map(WireError::reply)
                    .orElseGet(() -> answer(client, query.database(), command));
            return replies.reply(query.requestId(), 0, 0, List.of(reply));
        }
        if (!opQuery.answersFind()) {
            return replies.reply(query.requestId(), WireReply.QUERY_FAILURE, 0, List.of(LegacyOpQuery.findRefusal()));
        }
        ShardLabBackend.LegacyQueryResult result = backend.legacyQuery(channel, query);
        return replies.reply(query.requestId(), 0, result.cursorId(), result.documents());
    }

    /** The backend's answer, counted in the roster's tally of this connection ({@link ConnectedClient}). */
    private BsonDocument answer(String client, String database, BsonDocument command) {
        Optional<ConnectedClient> tally = connections.tally(channel);
        tally.ifPresent(ConnectedClient::commandArrived);
        BsonDocument reply = backend.answer(channel, client, database, command);
        tally.ifPresent(t -> t.answered(database, command, reply));
        return reply;
    }

    /** Closes a connection {@link ClientConnections} names (its channel). */
    static void closeChannel(Object connection) {
        ((Channel) connection).close();
    }

    private static BsonDocument commandOf(WireRequest request) {
        return request instanceof WireRequest.Msg msg ? msg.body() : ((WireRequest.Query) request).command();
    }

    private static boolean isQuery(byte[] message) {
        return MessageDocumentCheck.int32(message, 12) == WireRequestReader.OP_QUERY;
    }

    private static boolean moreToCome(byte[] message) {
        return message.length >= 20 && (MessageDocumentCheck.int32(message, 16) & WireRequest.Msg.MORE_TO_COME) != 0;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event == MessageFramer.STALLED) {
            close("a message left unfinished for "
                    + seconds(limits.messageTimeout().toNanos()));
            return;
        }
        super.userEventTriggered(ctx, event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        Throwable reason = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        if (reason instanceof WireRequestReader.MalformedMessage) {
            close("malformed message: " + reason.getMessage());
        } else if (reason instanceof IOException) {
            ctx.close(); // the client went away (connection reset): its leaving is logged
        } else {
            close("error: " + reason);
        }
    }

    /** Closes the connection with one log line naming the client and why. */
    private void close(String why) {
        if (!closing) {
            closing = true;
            log.accept("closed the connection of " + connections.name(channel) + ": " + why);
            channel.close();
        }
    }

    /** The first-message and idle timeouts: one timer, moved on as the client sends. */
    private void scheduleTimer(long delayNanos) {
        timer = channel.eventLoop().schedule(this::checkTimeouts, delayNanos, TimeUnit.NANOSECONDS);
    }

    private void checkTimeouts() {
        if (!channel.isActive()) {
            return;
        }
        long timeout = admitted
                ? limits.idleTimeout().toNanos()
                : limits.messageTimeout().toNanos();
        long lastHeard = framer == null ? lastActivityNanos : Math.max(lastActivityNanos, framer.lastReadNanos());
        long idle = System.nanoTime() - lastHeard;
        // a message under way is the framer's to time out; a running command is not idleness
        boolean underWay = busy || (framer != null && framer.holdsPartialMessage());
        if (underWay || idle < timeout) {
            scheduleTimer(underWay ? timeout : timeout - idle);
            return;
        }
        close(admitted ? "idle for " + seconds(timeout) : "nothing sent within " + seconds(timeout) + " of connecting");
    }

    private static String seconds(long nanos) {
        long s = TimeUnit.NANOSECONDS.toSeconds(nanos);
        return s % 60 == 0 && s >= 60 ? (s / 60) + " min" : s + " s";
    }
}
