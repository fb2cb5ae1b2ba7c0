package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code errorLabels} of a refusal, as mongo {@code src/mongo/db/error_labels.cpp} decides them; rows ported from
 * {@code src/mongo/db/error_labels_test.cpp} (named in the first column) for the codes ShardLab answers with, and
 * ShardLab's other transaction codes, which MongoDB does not label.
 */
class ErrorLabelsTest {

    @ParameterizedTest(name = "{0}: {1}, in a transaction {2} -> ''{3}''")
    @CsvSource(textBlock = """
            IsTransientTransactionErrorTest.WriteConflictIsTransient,                     WRITE_CONFLICT,      true,  TransientTransactionError
            ErrorLabelBuilderTest.TransientTransactionErrorsHaveTransientTransactionErrorLabel, NO_SUCH_TRANSACTION, true, TransientTransactionError
            ErrorLabelBuilderTest.NonTransactionsHaveNoTransientTransactionErrorLabel,    WRITE_CONFLICT,      false, ''
            ErrorLabelBuilderTest.RetryableWritesHaveNoTransientTransactionErrorLabel,    WRITE_CONFLICT,      false, ''
            not transient,                                                                DUPLICATE_KEY,       true,  ''
            not transient,                                                                TRANSACTION_COMMITTED, true, ''
            not transient,                                                                TRANSACTION_TOO_OLD, true,  ''
            not transient,                                                                OPERATION_NOT_SUPPORTED_IN_TRANSACTION, true, ''
            not transient,                                                                INVALID_OPTIONS,     true,  ''
            """)
    void onlyATransientCodeOfATransactionStatementIsLabelled(
            String test, ErrorCode code, boolean inTransaction, String label) {
        assertEquals(label.isEmpty() ? List.of() : List.of(label), ErrorLabels.of(code, inTransaction));
    }
}
