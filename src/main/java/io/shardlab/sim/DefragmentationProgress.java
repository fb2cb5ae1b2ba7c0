package io.shardlab.sim;

/**
 * What {@code balancerCollectionStatus} reports of a collection that defragments: {@code details:
 * {currentPhase, progress: {remainingChunksToProcess}}} (mongo {@code balancer_defragmentation_policy.cpp}
 * {@code reportProgressOn}, each phase's {@code reportProgress}).
 *
 * @param phase the current phase
 * @param remainingChunksToProcess the phase's count of ranges or chunks still to process
 */
public record DefragmentationProgress(DefragmentationPhase phase, long remainingChunksToProcess) {}
