/**
 * The words ShardLab shows, in the user's language: {@link io.shardlab.text.Language} (English, 简体中文),
 * {@link io.shardlab.text.Message} (what to say, as a bundle key and its arguments, a value the pure packages can
 * return without choosing a language) and {@link io.shardlab.text.Messages} (the words of one language, from
 * the bundles in {@code src/main/resources/io/shardlab/text/}). Pure Java, used by every layer that speaks to
 * a person: ui, cli, render, advisor. MongoDB's own error texts, command names and field names are never
 * translated: they stay as mongosh shows them.
 */
package io.shardlab.text;
