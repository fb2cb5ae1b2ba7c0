package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.shardlab.cluster.ActiveWindow;
import java.time.LocalTime;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * config.settings' balancer {@code activeWindow} is read at live's border as the server reads it (mongo
 * {@code src/mongo/s/balancer_configuration.cpp}, {@code BalancerSettingsType::fromBSON}); a window the server
 * refuses is a problem, and the balancer is then shown without one. Refusals from
 * {@code balancer_configuration_test.cpp}: {@code InvalidBalancingWindowStartEqualsStop},
 * {@code InvalidBalancingWindowTimeFormat}, {@code InvalidBalancingWindowFormat}.
 */
class ActiveWindowDecodingTest {

    private static BalancerState balancer(ConfigCatalogDecoder decoder, String activeWindow) {
        return decoder.balancer(
                List.of(BsonDocument.parse("{_id: 'balancer', mode: 'full', activeWindow: " + activeWindow + "}")),
                null,
                null);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # activeWindow                      | start | stop
            {start: '23:00', stop: '06:00'}     | 23:00 | 06:00
            {start: '9:00', stop: '19:00'}      | 09:00 | 19:00
            {start: '23:00', stop: '8:00'}      | 23:00 | 08:00
            {start: ' 7:5', stop: '07:45 h'}    | 07:05 | 07:45
            """)
    void aWindowTheServerAcceptsIsRead(String activeWindow, LocalTime start, LocalTime stop) {
        ConfigCatalogDecoder decoder = new ConfigCatalogDecoder();

        BalancerState b = balancer(decoder, activeWindow);

        assertEquals(new ActiveWindow(start, stop), b.activeWindow());
        assertEquals(List.of(), decoder.problems());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # activeWindow                      | the server's refusal
            {}                                  | activeWindow not specified
            {start: '23', stop: '6'}            | activeWindow format is  { start: "hh:mm" , stop: "hh:mm" }
            {start: '24:00', stop: '6:00'}      | activeWindow format is  { start: "hh:mm" , stop: "hh:mm" }
            {start: '23:60', stop: '6:00'}      | activeWindow format is  { start: "hh:mm" , stop: "hh:mm" }
            # ShardLab's own: the server's check (hh / 24) lets a negative hour through as a time of the day before
            {start: '-1:00', stop: '6:00'}      | activeWindow format is  { start: "hh:mm" , stop: "hh:mm" }
            {start: '00:00', stop: '00:00'}     | start and stop times must be different
            {start: '9:00', stop: '09:00'}      | start and stop times must be different
            {start: 23, stop: '6:00'}           | must specify both start and stop of balancing window: { start: 23, stop: '6:00' }
            {start: '23:00', stop: 6}           | must specify both start and stop of balancing window: { start: '23:00', stop: 6 }
            {begin: '23:00', stop: '6:00'}      | must specify both start and stop of balancing window: { begin: '23:00', stop: '6:00' }
            {start: '23:00', end: '6:00'}       | must specify both start and stop of balancing window: { start: '23:00', end: '6:00' }
            """)
    void aWindowTheServerRefusesIsAProblem(String activeWindow, String refusal) {
        ConfigCatalogDecoder decoder = new ConfigCatalogDecoder();

        BalancerState b = balancer(decoder, activeWindow);

        assertNull(b.activeWindow());
        assertEquals(
                List.of("the balancer activeWindow "
                        + ConfigCatalogDecoder.oneLine(BsonDocument.parse(activeWindow))
                        + " is refused by the server: " + refusal),
                decoder.problems().stream().map(MetadataProblem::toString).toList());
    }
}
