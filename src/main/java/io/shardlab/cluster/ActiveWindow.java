package io.shardlab.cluster;

import java.time.Duration;
import java.time.LocalTime;

/**
 * The balancer's active window, config.settings {@code {_id: "balancer", activeWindow: {start: "hh:mm", stop:
 * "hh:mm"}}}: the times of day between which the balancer may run, in the config server primary's local time
 * (docs {@code tutorial/manage-sharded-cluster-balancer}, "Schedule the Balancing Window"); the simulator uses its
 * clock's time of day in UTC. A reader of the document parses its strings at its border (live's
 * {@code ConfigCatalogDecoder}, as the server's {@code BalancerSettingsType::fromBSON} does).
 *
 * <p>Rule, mongo {@code src/mongo/s/balancer_configuration.cpp}, {@code
 * BalancerSettingsType::isTimeInBalancingWindow}: when stop is after start the balancer runs while {@code start <=
 * now <= stop}; when the window wraps midnight (start after stop) it runs while {@code now >= start || now <= stop}.
 * Start and stop differ ({@code fromBSON}: "start and stop times must be different").
 *
 * @param start the time of day balancing may begin
 * @param stop the time of day balancing ends, different from start
 */
public record ActiveWindow(LocalTime start, LocalTime stop) {

    public ActiveWindow {
        if (start == null || stop == null) {
            throw new IllegalArgumentException("activeWindow: start and stop are required");
        }
        if (start.equals(stop)) {
            throw new IllegalArgumentException(
                    "activeWindow: start and stop times must be different, both are " + start);
        }
    }

    /**
     * How long from the time of day {@code now} until the window opens: zero inside it, else the time to the next
     * {@code start} (the next day's when start is earlier in the day than {@code now}).
     */
    public Duration untilOpen(LocalTime now) {
        if (contains(now)) {
            return Duration.ZERO;
        }
        Duration d = Duration.between(now, start);
        return d.isNegative() ? d.plusDays(1) : d;
    }

    /** Whether the balancer may run at the time of day {@code now}. */
    public boolean contains(LocalTime now) {
        if (stop.isAfter(start)) {
            return !now.isBefore(start) && !now.isAfter(stop);
        }
        return !now.isBefore(start) || !now.isAfter(stop);
    }
}
