package io.shardlab.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.junit.jupiter.api.Test;

class OrderedIntervalListTest {

    private static Interval closed(int a, int b) {
        return new Interval(new BsonInt32(a), true, new BsonInt32(b), true);
    }

    private static Interval open(int a, int b) {
        return new Interval(new BsonInt32(a), false, new BsonInt32(b), false);
    }

    @Test
    void unionSortsAndMergesTouchingIntervals() {
        OrderedIntervalList u =
                OrderedIntervalList.union(List.of(closed(5, 7), closed(1, 2), closed(2, 3), open(7, 9)));
        assertEquals(
                List.of(closed(1, 3), new Interval(new BsonInt32(5), true, new BsonInt32(9), false)), u.intervals());
    }

    @Test
    void unionKeepsIntervalsThatMeetAtAnExcludedPointApart() {
        OrderedIntervalList u = OrderedIntervalList.union(List.of(
                new Interval(new BsonInt32(1), true, new BsonInt32(2), false),
                new Interval(new BsonInt32(2), false, new BsonInt32(3), true)));
        assertEquals(2, u.intervals().size());
    }

    @Test
    void intersectionOfRangesAcrossNumericTypes() {
        OrderedIntervalList a = OrderedIntervalList.union(List.of(closed(1, 10)));
        OrderedIntervalList b = OrderedIntervalList.union(
                List.of(new Interval(new BsonDouble(5.5), false, new BsonDouble(Double.POSITIVE_INFINITY), true)));
        assertEquals(
                List.of(new Interval(new BsonDouble(5.5), false, new BsonInt32(10), true)),
                a.intersect(b).intervals());
    }

    @Test
    void disjointIntersectionIsUnsatisfiable() {
        OrderedIntervalList a = OrderedIntervalList.union(List.of(closed(1, 2)));
        OrderedIntervalList b = OrderedIntervalList.union(List.of(open(2, 3)));
        assertTrue(a.intersect(b).isEmpty());
    }

    @Test
    void complementOfAPointIsTheTwoOpenSides() {
        OrderedIntervalList ne = OrderedIntervalList.union(List.of(Interval.point(new BsonInt32(5))))
                .complement();
        assertEquals(
                List.of(
                        new Interval(new BsonMinKey(), true, new BsonInt32(5), false),
                        new Interval(new BsonInt32(5), false, new BsonMaxKey(), true)),
                ne.intervals());
    }

    @Test
    void complementOfAllValuesIsEmptyAndOfEmptyIsAllValues() {
        assertTrue(OrderedIntervalList.allValues().complement().isEmpty());
        assertTrue(OrderedIntervalList.none().complement().isAllValues());
    }

    @Test
    void complementTwiceGivesBackTheList() {
        OrderedIntervalList l = OrderedIntervalList.union(List.of(closed(1, 2), open(4, 6), closed(9, 9)));
        assertEquals(l, l.complement().complement());
    }
}
