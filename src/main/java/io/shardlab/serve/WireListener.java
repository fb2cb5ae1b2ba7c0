package io.shardlab.serve;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The listening socket and its threads: one thread accepts, two read and cut messages ({@link
 * MessageFramer}), and the command threads ({@code shardlab-serve-command}, one per connection with
 * work, made as needed and ended after a minute idle) run each connection's messages ({@link
 * ServedConnection}). The netty server the wire library would make has no place for the framer, the
 * timeouts or the command threads, so ShardLab makes its own with the library's document engine
 * behind it.
 */
final class WireListener implements AutoCloseable {

    /** Makes the handler of one new connection, which runs its messages on {@code commandThreads}. */
    @FunctionalInterface
    interface Connections {
        ServedConnection serve(ExecutorService commandThreads);
    }

    private final EventLoopGroup acceptor;
    private final EventLoopGroup readers;
    private final ExecutorService commandThreads;
    private final ChannelGroup open;
    private final Channel listening;

    private WireListener(
            EventLoopGroup acceptor,
            EventLoopGroup readers,
            ExecutorService commandThreads,
            ChannelGroup open,
            Channel listening) {
        this.acceptor = acceptor;
        this.readers = readers;
        this.commandThreads = commandThreads;
        this.open = open;
        this.listening = listening;
    }

    /**
     * Listens on {@code address}.
     *
     * @param stallTimeout how long an unfinished message may go without more bytes
     * @throws RuntimeException what binding throws (netty rethrows the socket's {@code BindException})
     */
    static WireListener bind(InetSocketAddress address, Duration stallTimeout, Connections connections) {
        EventLoopGroup acceptor = new MultiThreadIoEventLoopGroup(
                1, new DefaultThreadFactory("shardlab-serve-accept", true), NioIoHandler.newFactory());
        EventLoopGroup readers = new MultiThreadIoEventLoopGroup(
                2, new DefaultThreadFactory("shardlab-serve-read", true), NioIoHandler.newFactory());
        ExecutorService commandThreads =
                Executors.newCachedThreadPool(new DefaultThreadFactory("shardlab-serve-command", true));
        ChannelGroup open = new DefaultChannelGroup("shardlab-serve-connections", readers.next());
        try {
            Channel listening = new ServerBootstrap()
                    .group(acceptor, readers)
                    .channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 128)
                    .childOption(ChannelOption.TCP_NODELAY, Boolean.TRUE)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            open.add(channel);
                            channel.pipeline()
                                    .addLast(new MessageFramer(stallTimeout))
                                    .addLast(connections.serve(commandThreads));
                        }
                    })
                    .bind(address)
                    .syncUninterruptibly()
                    .channel();
            return new WireListener(acceptor, readers, commandThreads, open, listening);
        } catch (RuntimeException e) {
            acceptor.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            readers.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            commandThreads.shutdown();
            throw e;
        }
    }

    /** The address listened on (with the port taken when 0 was asked). */
    InetSocketAddress address() {
        return (InetSocketAddress) listening.localAddress();
    }

    /**
     * Stops listening and closes the connections; the commands still running finish on their threads
     * (their replies go nowhere).
     */
    @Override
    public void close() {
        listening.close().syncUninterruptibly();
        open.close().syncUninterruptibly();
        acceptor.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        readers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        acceptor.terminationFuture().syncUninterruptibly();
        readers.terminationFuture().syncUninterruptibly();
        commandThreads.shutdown();
    }
}
