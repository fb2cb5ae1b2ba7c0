package io.shardlab.sim;

import java.time.LocalTime;

/**
 * The balancer's {@code activeWindow {start: "hh:mm", stop: "hh:mm"}} (config.settings, server
 * local time; the simulator uses the simulated clock's time of day in UTC).
 *
 * <p>Rule, mongo {@code src/mongo/s/balancer_configuration.cpp},
 * {@code BalancerSettingsType::isTimeInBalancingWindow}: when stop is after start the balancer
 * runs while {@code start <= now <= stop}; when the window wraps midnight (start after stop) it
 * runs while {@code now >= start || now <= stop}. Start and stop must differ.
 *
 * @param start opening time of day
 * @param stop closing time of day, different from start
 */
public record ActiveWindow(LocalTime start, LocalTime stop) {

    public ActiveWindow {
        if (start == null || stop == null) {
            throw new IllegalArgumentException("activeWindow: start and stop are required");
        }
        if (start.equals(stop)) {
            throw new IllegalArgumentException("activeWindow: start and stop must differ, both are " + start);
        }
    }

    /** Parses {@code "hh:mm"} times as the shell takes them. */
    public static ActiveWindow of(String start, String stop) {
        return new ActiveWindow(parse("start", start), parse("stop", stop));
    }

    private static LocalTime parse(String name, String text) {
        try {
            return LocalTime.parse(text.length() == 4 ? "0" + text : text);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("activeWindow." + name + ": expected hh:mm, got '" + text + "'");
        }
    }

    /** Whether the balancer may run at {@code now}. */
    public boolean contains(LocalTime now) {
        if (stop.isAfter(start)) {
            return !now.isBefore(start) && !now.isAfter(stop);
        }
        return !now.isBefore(start) || !now.isAfter(stop);
    }
}
