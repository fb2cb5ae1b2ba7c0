package io.shardlab.live;

/**
 * The balancer's active window from config.settings {@code {_id: "balancer", activeWindow: {start,
 * stop}}}: times of day {@code "HH:MM"} in the config server primary's local time zone (docs
 * {@code tutorial/manage-sharded-cluster-balancer}, "Schedule the Balancing Window").
 *
 * @param start when balancing may begin, {@code "HH:MM"}
 * @param stop when balancing stops, {@code "HH:MM"}
 */
public record ActiveWindow(String start, String stop) {

    public ActiveWindow {
        if (start == null || stop == null) {
            throw new IllegalArgumentException("activeWindow: needs start and stop");
        }
    }
}
