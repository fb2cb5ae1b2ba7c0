package io.shardlab.archfixture.export;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** ArchitectureTest's fixture: breaks rule 5, a ui feature making its own executor and thread. */
public final class ExportOwnThread {
    final ExecutorService executor = Executors.newSingleThreadExecutor();
    final Thread thread = new Thread(() -> {}, "export");
}
