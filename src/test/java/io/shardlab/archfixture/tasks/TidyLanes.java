package io.shardlab.archfixture.tasks;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** ArchitectureTest's fixture: keeps rule 5, threads made in the tasks package. */
public final class TidyLanes {
    final ExecutorService executor = Executors.newSingleThreadExecutor();
    final Thread thread = new Thread(() -> {}, "lane");
}
