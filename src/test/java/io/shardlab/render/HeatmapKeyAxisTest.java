package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.bson.BsonDateTime;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The heatmap's key axis: round values where the key allows them, never two labels on top of each other. */
class HeatmapKeyAxisTest {

    private static final KeyLabelFormat FORMAT = new KeyLabelFormat(16);

    private static List<ShardKey> rowsOf(String pattern, ShardKey[] written) {
        return HeatmapRanges.of(ShardKeyPattern.parse(pattern), written, HeatmapRanges.DEFAULT_ROWS)
                .bounds();
    }

    private static void assertSpacedAndEnded(List<HeatmapKeyAxis.Label> labels, List<ShardKey> bounds, double height) {
        assertEquals("MinKey", labels.get(0).text());
        assertEquals(0, labels.get(0).row());
        assertEquals("MaxKey", labels.get(labels.size() - 1).text());
        double rowPitch = height / (bounds.size() - 1);
        for (int i = 1; i < labels.size(); i++) {
            double gap = (labels.get(i).row() - labels.get(i - 1).row()) * rowPitch;
            assertTrue(
                    gap >= HeatmapKeyAxis.MIN_PITCH,
                    "labels " + labels.get(i - 1) + " and " + labels.get(i) + " are " + gap + " px apart");
        }
    }

    @Test
    void a_counter_is_labelled_at_round_numbers_placed_between_the_bounds_around_them() {
        // given the monotonic stream's 200,000 counters cut into 48 rows (bounds such as 29167, 58334)
        ShardKey[] written = new ShardKey[200_000];
        for (int i = 0; i < written.length; i++) {
            written[i] = ShardKey.of(new BsonInt64(i));
        }
        List<ShardKey> bounds = rowsOf("{ counter: 1 }", written);

        // when the axis is 130 px tall
        List<HeatmapKeyAxis.Label> labels = HeatmapKeyAxis.labels(bounds, 130, FORMAT);

        // then the labels between MinKey and MaxKey are multiples of one round step, in rows that hold them
        assertSpacedAndEnded(labels, bounds, 130);
        List<HeatmapKeyAxis.Label> inner = labels.subList(1, labels.size() - 1);
        assertTrue(inner.size() >= 2, labels.toString());
        long step = Long.parseLong(inner.get(1).text())
                - Long.parseLong(inner.get(0).text());
        assertTrue(List.of(10_000L, 20_000L, 50_000L, 100_000L).contains(step), labels.toString());
        for (HeatmapKeyAxis.Label label : inner) {
            long value = Long.parseLong(label.text());
            assertEquals(0, value % step, label.toString());
            int row = (int) Math.floor(label.row());
            assertTrue(
                    bounds.get(row).get(0).asInt64().getValue() <= value
                            && (row + 1 == bounds.size() - 1
                                    || bounds.get(row + 1).get(0).asInt64().getValue() >= value),
                    label + " sits in row " + row + " " + bounds.get(row) + " .. " + bounds.get(row + 1));
        }
    }

    @ParameterizedTest(name = "{0} ms of timestamps from {1}: labels end in {2}")
    @CsvSource(textBlock = """
            # span,        start,                    every label is a multiple of (ms, UTC)
            600000,        2024-03-01T19:59:59.746Z, 60000
            86400000,      2024-03-01T07:13:20.100Z, 3600000
            40000,         2024-03-01T23:59:50.003Z, 1000
            """)
    void timestamps_are_labelled_at_whole_seconds_minutes_or_hours(long span, String start, long unit) {
        Random random = new Random(11);
        long from = Instant.parse(start).toEpochMilli();
        ShardKey[] written = new ShardKey[5_000];
        for (int i = 0; i < written.length; i++) {
            written[i] = ShardKey.of(new BsonDateTime(from + (long) (random.nextDouble() * span)));
        }
        List<ShardKey> bounds = rowsOf("{ ts: 1 }", written);

        List<HeatmapKeyAxis.Label> labels = HeatmapKeyAxis.labels(bounds, 200, FORMAT);

        assertSpacedAndEnded(labels, bounds, 200);
        assertTrue(labels.size() > 2, labels.toString());
        for (HeatmapKeyAxis.Label label : labels.subList(1, labels.size() - 1)) {
            assertTrue(!label.text().contains("."), "no milliseconds in " + label);
        }
        assertTrue(
                HeatmapKeyAxis.roundDates(from, from + span, 4).stream().allMatch(t -> t % unit == 0),
                HeatmapKeyAxis.roundDates(from, from + span, 4).toString());
    }

    @Test
    void dates_years_apart_fall_on_the_first_of_a_month() {
        long from = Instant.parse("2019-05-17T10:00:00Z").toEpochMilli();
        long to = Instant.parse("2024-02-03T00:00:00Z").toEpochMilli();
        for (double t : HeatmapKeyAxis.roundDates(from, to, 5)) {
            String day = Instant.ofEpochMilli((long) t).toString();
            assertTrue(day.matches("\\d{4}-\\d{2}-01T00:00:00Z"), day);
        }
    }

    @Test
    void string_keys_are_labelled_at_row_bounds_and_the_last_one_keeps_clear_of_max_key() {
        // given 48 rows of city names on a short axis
        ShardKey[] written = new ShardKey[3_000];
        Random random = new Random(3);
        for (int i = 0; i < written.length; i++) {
            written[i] = ShardKey.of(new BsonString("city" + random.nextInt(100_000)));
        }
        List<ShardKey> bounds = rowsOf("{ city: 1 }", written);

        List<HeatmapKeyAxis.Label> labels = HeatmapKeyAxis.labels(bounds, 97, FORMAT);

        assertSpacedAndEnded(labels, bounds, 97);
        for (HeatmapKeyAxis.Label label : labels.subList(1, labels.size() - 1)) {
            assertEquals(Math.rint(label.row()), label.row(), "on a bound: " + label);
            assertEquals(FORMAT.format(bounds.get((int) label.row())), label.text());
        }
    }

    @Test
    void a_compound_key_names_each_leading_value_once() {
        // given six months of events, each month cut by user into many rows
        ShardKey[] written = new ShardKey[6_000];
        Random random = new Random(5);
        for (int i = 0; i < written.length; i++) {
            written[i] = ShardKey.of(
                    new BsonString("2024-0" + (1 + random.nextInt(6))),
                    new BsonString(String.format("u%06d", random.nextInt(100_000))));
        }
        List<ShardKey> bounds = rowsOf("{ month: 1, user: 1 }", written);

        List<HeatmapKeyAxis.Label> labels = HeatmapKeyAxis.labels(bounds, 300, FORMAT);

        assertSpacedAndEnded(labels, bounds, 300);
        List<String> months = labels.subList(1, labels.size() - 1).stream()
                .map(l -> bounds.get((int) l.row()).get(0).asString().getValue())
                .toList();
        assertEquals(months.stream().distinct().toList(), months, labels.toString());
        assertTrue(months.size() >= 3, labels.toString());
    }
}
