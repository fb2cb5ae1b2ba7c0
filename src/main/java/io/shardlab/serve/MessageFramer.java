package io.shardlab.serve;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Cuts a connection's bytes into messages (each starts with its length, mongo {@code
 * src/mongo/rpc/message.h}) on the listener's thread, which does nothing else, so that reading never
 * waits for a command. A length below the 16-byte header or above {@link #MAX_MESSAGE_BYTES} closes the
 * connection, as a server does ("recv(): message msgLen … is invalid. Min 16 Max: 48000000",
 * {@code src/mongo/transport/asio/asio_session_impl.cpp}).
 *
 * <p>A message whose bytes stop coming for the stall timeout while it is unfinished is abandoned: the
 * framer tells the next handler ({@link #STALLED}), which closes the connection. That is ShardLab's
 * choice (a server waits). Runs on the connection's listener thread only, as its timers do.
 */
final class MessageFramer extends ByteToMessageDecoder {

    /** {@code hello}'s {@code maxMessageSizeBytes}. */
    static final int MAX_MESSAGE_BYTES = 48_000_000;

    /** The event sent down the pipeline when an unfinished message stalls. */
    static final Object STALLED = new Object() {
        @Override
        public String toString() {
            return "message stalled";
        }
    };

    private final long stallMillis;
    private ScheduledFuture<?> stall;
    private long lastReadNanos = System.nanoTime();

    /** @param stallTimeout how long an unfinished message may go without more bytes */
    MessageFramer(Duration stallTimeout) {
        this.stallMillis = stallTimeout.toMillis();
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (in.readableBytes() >= 4) {
            int length = in.getIntLE(in.readerIndex());
            if (length < WireRequestReader.HEADER_BYTES || length > MAX_MESSAGE_BYTES) {
                in.skipBytes(in.readableBytes());
                throw new WireRequestReader.MalformedMessage("recv(): message msgLen " + length + " is invalid. Min "
                        + WireRequestReader.HEADER_BYTES + " Max: " + MAX_MESSAGE_BYTES);
            }
            if (in.readableBytes() < length) {
                return;
            }
            out.add(in.readRetainedSlice(length));
        }
    }

    /** Whether bytes of an unfinished message wait for the rest (its stall timer runs). */
    boolean holdsPartialMessage() {
        return stall != null;
    }

    /** When bytes last arrived ({@link System#nanoTime()}), or when the connection opened. */
    long lastReadNanos() {
        return lastReadNanos;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        lastReadNanos = System.nanoTime();
        super.channelRead(ctx, msg);
        cancelStall();
        if (actualReadableBytes() > 0 && ctx.channel().isActive()) {
            stall = ctx.executor()
                    .schedule(() -> ctx.fireUserEventTriggered(STALLED), stallMillis, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        cancelStall();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        cancelStall();
        super.channelInactive(ctx);
    }

    private void cancelStall() {
        if (stall != null) {
            stall.cancel(false);
            stall = null;
        }
    }
}
