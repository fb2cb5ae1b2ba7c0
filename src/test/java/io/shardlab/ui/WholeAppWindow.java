package io.shardlab.ui;

import javafx.stage.Stage;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The whole application ({@link TestDesktop#app()}) in TestFX's primary stage for each test, stopped after it: a
 * test of the real window declares {@code @RegisterExtension final WholeAppWindow window = new WholeAppWindow();}
 * beside {@code @ExtendWith(ApplicationExtension.class)}, which registers the primary stage first (class-level
 * extensions run before a field's). The stage is the one TestFX keeps for every test, so a test that measures
 * sizes sets the size it needs ({@link #resize}) rather than trusting what the previous test left.
 */
public final class WholeAppWindow implements BeforeEachCallback, AfterEachCallback {

    private ShardLabApp app;
    private Stage stage;

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        app = TestDesktop.app();
        FxToolkit.setupFixture(() -> app.start(stage));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        app.stop();
    }

    /** The application started in the window. */
    public ShardLabApp app() {
        return app;
    }

    /** The window: TestFX's primary stage. */
    public Stage stage() {
        return stage;
    }

    /**
     * Sizes the window to {@code width} × {@code height} pixels and lets a few frames pass, so that the canvases
     * report the height they need at that size before the test measures.
     */
    public void resize(double width, double height) throws Exception {
        FxToolkit.setupFixture(() -> {
            stage.setWidth(width);
            stage.setHeight(height);
        });
        for (int frame = 0; frame < 3; frame++) {
            Thread.sleep(40);
            WaitForAsyncUtils.waitForFxEvents();
        }
    }
}
