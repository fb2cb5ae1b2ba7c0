/**
 * The one way ShardLab reads an input file ({@link InputFile}: regular, readable,
 * bounded lines, UTF-8 with the offset of a bad byte, gzip that must be complete) and writes an output
 * file ({@link AtomicFile}: a temporary file in the same folder, then a rename).
 * Pure Java, like the model packages.
 */
package io.shardlab.files;
