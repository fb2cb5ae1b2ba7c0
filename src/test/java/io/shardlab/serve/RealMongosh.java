package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * The real mongosh the client tests drive: {@code $SHARDLAB_MONGOSH}, {@code .ci/mongosh} (which
 * {@code .ci/run} installs from npm) or the {@code PATH}. Missing, the tests are skipped with the reason,
 * except under {@code CI=true}, where they fail: CI always has the real client.
 */
public final class RealMongosh {

    private RealMongosh() {}

    /** The mongosh executable; aborts (or, in CI, fails) the calling test class when there is none. */
    public static Path locate() {
        List<Path> candidates = new ArrayList<>();
        String env = System.getenv("SHARDLAB_MONGOSH");
        if (env != null && !env.isBlank()) {
            candidates.add(Path.of(env));
        }
        candidates.add(Path.of(".ci", "mongosh", "node_modules", ".bin", "mongosh"));
        for (String p : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            candidates.add(Path.of(p, "mongosh"));
        }
        Path found = candidates.stream().filter(Files::isExecutable).findFirst().orElse(null);
        if (found == null) {
            String reason = "mongosh not found ($SHARDLAB_MONGOSH, .ci/mongosh or PATH); "
                    + "install it with: npm install --prefix .ci/mongosh mongosh@2.12.0";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(reason);
            }
            Assumptions.abort(reason);
        }
        return found;
    }
}
