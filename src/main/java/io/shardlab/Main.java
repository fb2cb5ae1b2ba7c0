package io.shardlab;

import io.shardlab.cli.Cli;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import javafx.application.Application;

/**
 * The jar's entry point: no arguments opens the GUI ({@link DesktopApp}), a subcommand runs the CLI headless
 * ({@code serve} without a heap cap of its own in a child JVM under the launchers' cap, {@link ServeHeapCap}).
 *
 * <p>This class does not extend {@code javafx.application.Application}, so a class-path launch
 * ({@code java -jar shardlab.jar}) finds the JavaFX runtime without module flags.
 */
public final class Main {

    private Main() {}

    /**
     * Whether {@code args} is one existing snapshot file ({@code *.shardlab} or {@code *.json}): what the
     * installers' file association passes. The app opens it; anything else (a subcommand) runs the CLI.
     */
    static boolean opensInTheApp(String[] args) {
        if (args.length != 1) {
            return false;
        }
        String name = args[0].toLowerCase(Locale.ROOT);
        try {
            return (name.endsWith(".shardlab") || name.endsWith(".json")) && Files.isRegularFile(Path.of(args[0]));
        } catch (InvalidPathException e) {
            return false; // not a file name: the CLI explains what it expected
        }
    }

    public static void main(String[] args) {
        if (args.length == 0 || opensInTheApp(args)) {
            Application.launch(DesktopApp.class, args);
            return;
        }
        if (ServeHeapCap.needed(args)) {
            System.exit(ServeHeapCap.runInChild(args));
        }
        System.exit(Cli.create(AppInfo.load()).execute(args));
    }
}
