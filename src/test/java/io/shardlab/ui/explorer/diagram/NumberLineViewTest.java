package io.shardlab.ui.explorer.diagram;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The share of the canvas the number line keeps before the lanes' gutters, at each type and fitted scale. */
class NumberLineViewTest {

    @ParameterizedTest(name = "type {0}, painted at {1}: the line keeps {2} of the canvas")
    @CsvSource(textBlock = """
            # type scale  painted at  line share  why
            1.0         | 1.0       | 0.45      | normal type
            1.4         | 1.4       | 0.70      | presenter type keeps the line about as wide as normal type
            1.4         | 0.7       | 0.85      | type halved to fit a height: the gutters keep their diagram pixels
            1.4         | 0.55      | 0.88214   | the least fitted scale (a small presenter window)
            1.0         | 0.5       | 0.725     | a comparison's side in normal type, halved to fit its height
            """, delimiter = '|')
    void a_type_that_gave_way_to_fit_a_height_gives_the_lanes_no_more_room_than_the_rooms_type(
            double typeScale, double scale, double share, String why) {
        assertEquals(share, NumberLineView.minLineShare(typeScale, scale), 1e-5, why);
    }
}
