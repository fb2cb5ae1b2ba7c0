package io.shardlab.advisor;

import java.util.OptionalDouble;

/**
 * analyzeShardKey's {@code keyCharacteristics.monotonicity}.
 *
 * @param type monotonic, not monotonic or unknown
 * @param recordIdCorrelationCoefficient the correlation between index order and insertion order,
 *     -1 to 1; absent when the type is {@link MonotonicityType#UNKNOWN} ("Only set if the
 *     monotonicity is known", docs {@code analyzeShardKey-keyCharacteristics.rst})
 */
public record Monotonicity(MonotonicityType type, OptionalDouble recordIdCorrelationCoefficient) {

    public Monotonicity {
        if (type == null || recordIdCorrelationCoefficient == null) {
            throw new IllegalArgumentException(
                    "type/recordIdCorrelationCoefficient: required"); // untranslated: a developer's contract
        }
        if (type == MonotonicityType.UNKNOWN && recordIdCorrelationCoefficient.isPresent()) {
            throw new IllegalArgumentException(
                    "recordIdCorrelationCoefficient: unset when the type is unknown"); // untranslated: a developer's
            // contract
        }
        if (type != MonotonicityType.UNKNOWN && recordIdCorrelationCoefficient.isEmpty()) {
            throw new IllegalArgumentException(
                    "recordIdCorrelationCoefficient: set when the type is known"); // untranslated: a developer's
            // contract
        }
        if (recordIdCorrelationCoefficient.isPresent()) {
            double c = recordIdCorrelationCoefficient.getAsDouble();
            if (!(c >= -1 && c <= 1)) {
                throw new IllegalArgumentException(String.format(
                        "recordIdCorrelationCoefficient: between -1 and 1, got %s", // untranslated: a developer's
                        // contract
                        c));
            }
        }
    }

    /** Monotonicity that cannot be told. */
    public static Monotonicity unknown() {
        return new Monotonicity(MonotonicityType.UNKNOWN, OptionalDouble.empty());
    }

    /** A known type with its coefficient. */
    public static Monotonicity of(MonotonicityType type, double coefficient) {
        return new Monotonicity(type, OptionalDouble.of(coefficient));
    }
}
