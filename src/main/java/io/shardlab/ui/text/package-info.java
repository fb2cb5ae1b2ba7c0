/**
 * The window's words in the language the user chose, switching without a restart: {@link
 * io.shardlab.ui.text.UiText} binds labels to bundle keys ({@link io.shardlab.text.Messages}) and re-says them
 * when View → Language changes.
 */
package io.shardlab.ui.text;
