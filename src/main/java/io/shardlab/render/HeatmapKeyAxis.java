package io.shardlab.render;

import io.shardlab.key.ShardKey;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;
import org.bson.BsonDateTime;
import org.bson.BsonDouble;
import org.bson.BsonInt64;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * The labels on a heatmap's key axis (its y axis, {@code MinKey} at the bottom).
 *
 * <p>The rows are cut at keys the stream wrote ({@link HeatmapRanges}), which are seldom round. So when the first
 * field of every interior bound is a finite number, or every one a date, the axis is labelled at round values of
 * that field instead: {1, 2, 5} × 10^k for numbers, whole seconds, minutes, hours, days, months or years (UTC) for
 * dates, each placed inside its row by linear interpolation between the row's bounds. Other keys (strings,
 * ObjectIds, mixed types) are labelled at row bounds, a compound key at the first bound of each leading value. The first and last bounds (usually MinKey and MaxKey) are
 * always labelled; no two labels are closer than {@link #MIN_PITCH} pixels, so none overlaps another.
 */
public final class HeatmapKeyAxis {

    /** The least vertical distance between two labels' positions, in pixels. */
    public static final double MIN_PITCH = 20;

    private static final long DAY = 24 * 60 * 60 * 1_000L;
    /** {@link TimeAxis}'s round steps, then 2, 7 and 14 days. */
    private static final long[] DATE_STEPS = LongStream.concat(
                    Arrays.stream(TimeAxis.STEPS_UP_TO_A_DAY), LongStream.of(2 * DAY, 7 * DAY, 14 * DAY))
            .toArray();

    private static final int[] MONTH_STEPS = {1, 2, 3, 6, 12, 24, 60, 120, 240, 600, 1200};

    /**
     * A label.
     *
     * @param row where it sits, in rows from the bottom: 0 is the first bound, {@code ranges} the last
     * @param text its text
     */
    public record Label(double row, String text) {}

    private HeatmapKeyAxis() {}

    /**
     * The labels for {@code bounds} (strictly increasing, at least two) on a plot {@code heightPx} tall, bottom first.
     */
    public static List<Label> labels(List<ShardKey> bounds, double heightPx, KeyLabelFormat format) {
        int ranges = bounds.size() - 1;
        double rowPitch = heightPx / ranges;
        List<Label> candidates = roundValues(bounds, heightPx, format);
        if (candidates == null) {
            candidates = new ArrayList<>();
            BsonValue lastLead = null;
            for (int k = 1; k < ranges; k++) {
                // a compound key's rows share leading values (months cut by user): label the first row of each
                BsonValue lead = bounds.get(k).get(0);
                if (bounds.get(k).arity() > 1 && lead.equals(lastLead)) {
                    continue;
                }
                candidates.add(new Label(k, format.format(bounds.get(k))));
                lastLead = lead;
            }
        }
        Label bottom = new Label(0, format.format(bounds.get(0)));
        Label top = new Label(ranges, format.format(bounds.get(ranges)));
        List<Label> labels = new ArrayList<>();
        labels.add(bottom);
        double last = 0;
        for (Label c : candidates) {
            if ((c.row() - last) * rowPitch >= MIN_PITCH && (ranges - c.row()) * rowPitch >= MIN_PITCH) {
                labels.add(c);
                last = c.row();
            }
        }
        if (ranges * rowPitch >= MIN_PITCH) {
            labels.add(top);
        }
        return List.copyOf(labels);
    }

    /** Labels at round values of the first field, or null when the interior bounds are not all numbers or all dates. */
    private static List<Label> roundValues(List<ShardKey> bounds, double heightPx, KeyLabelFormat format) {
        int ranges = bounds.size() - 1;
        if (ranges < 2) {
            return null;
        }
        boolean dates = bounds.get(1).get(0).getBsonType() == BsonType.DATE_TIME;
        double[] first = new double[ranges + 1];
        for (int k = 1; k < ranges; k++) {
            BsonValue v = bounds.get(k).get(0);
            if (dates != (v.getBsonType() == BsonType.DATE_TIME)) {
                return null;
            }
            if (dates) {
                first[k] = v.asDateTime().getValue();
            } else {
                var number = KeyValueAxis.finiteNumber(v);
                if (number.isEmpty()) {
                    return null;
                }
                first[k] = number.getAsDouble();
            }
        }
        double lo = first[1];
        double hi = first[ranges - 1];
        if (!(hi > lo)) {
            return null;
        }
        int maxTicks = Math.max(1, (int) Math.floor(heightPx / (1.5 * MIN_PITCH)));
        List<Double> values = dates ? roundDates((long) lo, (long) hi, maxTicks) : roundNumbers(lo, hi, maxTicks);
        List<Label> labels = new ArrayList<>();
        int k = 1;
        for (double v : values) {
            // the first interior bound at or above v; v lies between it and the bound before
            while (k < ranges - 1 && first[k] < v) {
                k++;
            }
            double row = k == 1 || first[k] == v ? k : k - 1 + (v - first[k - 1]) / (first[k] - first[k - 1]);
            BsonValue value = dates
                    ? new BsonDateTime((long) v)
                    : v == Math.rint(v) && Math.abs(v) < 0x1p63 ? new BsonInt64((long) v) : new BsonDouble(v);
            labels.add(new Label(row, KeyLabelFormat.value(value, format.maxChars())));
        }
        return labels;
    }

    /** Multiples of a {1, 2, 5} × 10^k step in {@code [lo, hi]}, at most about {@code maxTicks + 1} of them. */
    static List<Double> roundNumbers(double lo, double hi, int maxTicks) {
        double step = NiceTicks.step(hi - lo, maxTicks);
        List<Double> values = new ArrayList<>();
        for (double m = Math.ceil(lo / step - 1e-9); m * step <= hi * (1 + 1e-12) + 1e-12; m++) {
            values.add(m * step);
        }
        return values;
    }

    /** Round instants (UTC) in {@code [lo, hi]} epoch milliseconds: the finest step keeping at most {@code maxTicks} intervals. */
    static List<Double> roundDates(long lo, long hi, int maxTicks) {
        List<Double> values = new ArrayList<>();
        long span = hi - lo;
        for (long step : DATE_STEPS) {
            if (span <= step * maxTicks) {
                for (long t = Math.floorDiv(lo + step - 1, step) * step; t <= hi; t += step) {
                    values.add((double) t);
                }
                return values;
            }
        }
        for (int months : MONTH_STEPS) {
            if (span <= months * 31 * DAY * (long) maxTicks || months == MONTH_STEPS[MONTH_STEPS.length - 1]) {
                ZonedDateTime start = Instant.ofEpochMilli(lo)
                        .atZone(ZoneOffset.UTC)
                        .truncatedTo(ChronoUnit.DAYS)
                        .withDayOfMonth(1);
                int index = start.getYear() * 12 + start.getMonthValue() - 1;
                int aligned = Math.floorDiv(index + months - 1, months) * months;
                ZonedDateTime t = start.withYear(Math.floorDiv(aligned, 12)).withMonth(Math.floorMod(aligned, 12) + 1);
                for (; t.toInstant().toEpochMilli() <= hi; t = t.plusMonths(months)) {
                    if (t.toInstant().toEpochMilli() >= lo) {
                        values.add((double) t.toInstant().toEpochMilli());
                    }
                }
                return values;
            }
        }
        return values;
    }
}
