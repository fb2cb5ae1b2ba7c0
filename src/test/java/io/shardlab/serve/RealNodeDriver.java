package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * The real Node.js driver the client tests drive: {@code node} from the {@code PATH} and the {@code mongodb}
 * package from {@code $SHARDLAB_NODE_DRIVER} or {@code .ci/node-driver} (which {@code .ci/run} installs from
 * npm, pinned). Missing, the tests are skipped with the reason, except under {@code CI=true}, where they
 * fail: CI always has the real client.
 */
final class RealNodeDriver {

    /** The driver version {@code .ci/run} installs. */
    static final String VERSION = "6.22.0";

    /** {@code node} and the driver's package folder (what a script {@code require}s). */
    record Installed(Path node, Path driver) {}

    private RealNodeDriver() {}

    /** The installed driver; aborts (or, in CI, fails) the calling test when there is none. */
    static Installed locate() {
        List<Path> drivers = new ArrayList<>();
        String env = System.getenv("SHARDLAB_NODE_DRIVER");
        if (env != null && !env.isBlank()) {
            drivers.add(Path.of(env));
        }
        drivers.add(Path.of(".ci", "node-driver", "node_modules", "mongodb"));
        Path driver = drivers.stream()
                .filter(p -> Files.isRegularFile(p.resolve("package.json")))
                .findFirst()
                .orElse(null);
        Path node = null;
        for (String p : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(p, "node"))) {
                node = Path.of(p, "node");
                break;
            }
        }
        if (driver == null || node == null) {
            String reason = (node == null ? "node is not on the PATH" : "the Node.js driver is not installed")
                    + " ($SHARDLAB_NODE_DRIVER or .ci/node-driver); install it with: npm install --prefix "
                    + ".ci/node-driver mongodb@" + VERSION;
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(reason);
            }
            Assumptions.abort(reason);
        }
        return new Installed(node, driver.toAbsolutePath());
    }
}
