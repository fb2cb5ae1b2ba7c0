package io.shardlab.live;

import io.shardlab.text.Message;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * A connect running on a background executor, which the user can cancel: what a connect dialog
 * starts so that the UI thread never waits on the network.
 *
 * <p>{@link #result()} completes with the open connection, or exceptionally with a
 * {@link LiveClusterException} (kind {@code CANCELLED} after {@link #cancel()}) or an
 * {@link IllegalArgumentException} for a bad connection string. A connection that opens after the
 * user cancelled is closed, never handed out.
 */
public final class ConnectionAttempt {

    private final Cancellation cancellation = new Cancellation();
    private final CompletableFuture<LiveConnection> result = new CompletableFuture<>();

    private ConnectionAttempt() {}

    /** Starts connecting to {@code request} on {@code executor}. */
    public static ConnectionAttempt start(LiveConnector connector, LiveConnectionRequest request, Executor executor) {
        ConnectionAttempt attempt = new ConnectionAttempt();
        executor.execute(() -> {
            try {
                LiveConnection connection = connector.connect(request, attempt.cancellation);
                if (attempt.cancellation.isCancelled() || !attempt.result.complete(connection)) {
                    connection.close();
                }
            } catch (RuntimeException | Error e) {
                // an Error too must end the attempt, or the dialog would wait for it forever
                attempt.result.completeExceptionally(e);
            }
        });
        return attempt;
    }

    /** Stops the attempt: the client being opened is closed and {@link #result()} fails as cancelled. */
    public void cancel() {
        cancellation.cancel();
        result.completeExceptionally(new LiveClusterException(
                LiveClusterException.Kind.CANCELLED, Message.of("live.failure.connectionCancelled"), null));
    }

    /** The outcome. */
    public CompletableFuture<LiveConnection> result() {
        return result;
    }
}
