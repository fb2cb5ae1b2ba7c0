/**
 * Workshop exercises with checks: a goal each student reaches on their own database from their own mongosh, and
 * a declarative check ShardLab evaluates on the student's state (pure code, on top of {@code mongos}, {@code sim}
 * and {@code routing}; ARCHITECTURE.md rule 1).
 *
 * <p>Flow: an exercise file ({@link io.shardlab.exercise.ExerciseFile}, listed by {@link
 * io.shardlab.exercise.ExerciseCatalog}) names its {@link io.shardlab.exercise.Check}s; a {@link
 * io.shardlab.exercise.CommandJournal} observes the mongos's commands (the queries each database's clients ran and
 * how they were targeted, the splits and whether balancing was off); {@link io.shardlab.exercise.ClassEvidence#read}
 * takes the catalog's state and the journal's counts on the catalog's thread as immutable {@link
 * io.shardlab.exercise.StudentEvidence}; {@link io.shardlab.exercise.ClassProgress} evaluates every exercise on
 * every student anywhere else and remembers when each first passed; {@link io.shardlab.exercise.ResultsCsv} writes
 * the results.
 */
package io.shardlab.exercise;
