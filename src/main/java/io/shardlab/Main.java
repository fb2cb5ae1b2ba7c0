package io.shardlab;

import io.shardlab.cli.Cli;

/**
 * The jar's entry point: no arguments opens the GUI, a subcommand runs the CLI headless.
 *
 * <p>This class does not extend {@code javafx.application.Application}, so a class-path launch
 * ({@code java -jar shardlab.jar}) finds the JavaFX runtime without module flags.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            javafx.application.Application.launch(io.shardlab.ui.ShardLabApp.class, args);
            return;
        }
        System.exit(Cli.create(AppInfo.load()).execute(args));
    }
}
