package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code sh.setBalancerState} / {@code sh.getBalancerState}, ported from mongo
 * {@code jstests/sharding/balancer_shell_commands.js} as the commands and reads mongosh makes of them
 * ({@code sh.setBalancerState(false)} sends {@code balancerStop}, {@code true} {@code balancerStart};
 * {@code sh.getBalancerState()} reads {@code config.settings} {@code {_id: 'balancer'}}, {@code !stopped}): the balancer
 * is enabled at set-up ({@code enableBalancer: true}), can be disabled, and can be re-enabled; {@code balancerStatus}
 * says the same as its {@code mode}.
 */
class BalancerShellCommandsPortTest {

    static final String ROWS = """
            all     | balancer enabled during cluster setup             | shards 1 | admin {balancerStatus: 1} | ok {mode: 'full'}
            all     | the balancer can be disabled                      | shards 1 | admin {balancerStop: 1} | ok
            all     | ... getBalancerState: stopped                     | shards 1 ;; admin {balancerStop: 1} | config {find: 'settings', filter: {_id: 'balancer'}} | ok {'cursor.firstBatch.0.stopped': true}
            all     | ... balancerStatus mode off                       | shards 1 ;; admin {balancerStop: 1} | admin {balancerStatus: 1} | ok {mode: 'off'}
            all     | the balancer can be re-enabled                    | shards 1 ;; admin {balancerStop: 1} | admin {balancerStart: 1} | ok
            all     | ... getBalancerState: not stopped                 | shards 1 ;; admin {balancerStop: 1} ;; admin {balancerStart: 1} | config {find: 'settings', filter: {_id: 'balancer'}} | ok {'cursor.firstBatch.0.stopped': false}
            all     | ... balancerStatus mode full                      | shards 1 ;; admin {balancerStop: 1} ;; admin {balancerStart: 1} | admin {balancerStatus: 1} | ok {mode: 'full'}
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/sharding/balancer_shell_commands.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}
