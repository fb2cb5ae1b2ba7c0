package io.shardlab.mongos;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.ActiveWindow;
import io.shardlab.routing.FilterParser.BsonTypeNames;
import io.shardlab.sim.SetChunkSize;
import io.shardlab.sim.SetCollectionBalancing;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonNumber;
import org.bson.BsonValue;

/**
 * The writes to the {@code config} database that the manual and mongosh's helpers send, applied to the simulated
 * cluster: {@code config.settings} (the balancer's {@code stopped} / {@code mode} and {@code activeWindow}, the
 * {@code chunksize} {@code value}, {@code autosplit} and {@code automerge} {@code enabled}) and
 * {@code config.collections} ({@code noBalance}, and {@code enableAutoMerge} from 7.0). The write runs, as
 * mongod would run it, over a copy of the documents the config database shows now (so {@code $set},
 * {@code $unset}, a replacement, an upsert or an insert all work, with or without a {@code txnNumber}); the
 * documents it changed are then read as the config server's readers read them and applied. Every changed
 * document is checked before any is applied, so a refusal changes nothing.
 *
 * <p>Readers: mongo {@code src/mongo/s/balancer_configuration.cpp} ({@code BalancerSettingsType::fromBSON}:
 * {@code stopped} overrides {@code mode}; {@code activeWindow} must name both times, BadValue "must specify both
 * start and stop of balancing window", as {@code hh:mm}, BadValue "activeWindow format is { start: \"hh:mm\" ,
 * stop: \"hh:mm\" }", and different ones, BadValue "start and stop times must be different";
 * {@code ChunkSizeSettingsType::fromBSON}: {@code value} in MB from 1 to 1024, BadValue "N is not a valid value for
 * chunksize"). A real config server stores an invalid document and its balancer then fails to read it; ShardLab
 * refuses the write instead, with the reader's words. Tests: mongo {@code balancer_configuration_test.cpp}.
 */
final class ConfigDatabaseWrites {

    private static final Set<String> GENERIC_TO_DROP =
            Set.of("lsid", "txnNumber", "$clusterTime", "autocommit", "startTransaction", "writeConcern");
    private static final Pattern HH_MM = Pattern.compile("(\\d{1,2}):(\\d{2})");

    private final CommandContext context;

    ConfigDatabaseWrites(CommandContext context) {
        this.context = context;
    }

    /** Whether the command is one of the writes this class applies. */
    static boolean handles(CommandRequest request) {
        BsonValue target = request.body().get(request.body().getFirstKey());
        if (target == null || !target.isString()) {
            return false;
        }
        String collection = target.asString().getValue();
        return ("settings".equals(collection) && Set.of("update", "insert").contains(request.name()))
                || ("collections".equals(collection) && "update".equals(request.name()));
    }

    /** Runs the write over the config database's documents and applies what it changed. */
    BsonDocument run(CommandRequest request) {
        String collection =
                request.body().getString(request.body().getFirstKey()).getValue();
        List<BsonDocument> before = "settings".equals(collection)
                ? context.configDatabase().settings()
                : context.configDatabase().collectionsDocuments();
        BsonDocument command = new BsonDocument();
        request.body().forEach((k, v) -> {
            if (!GENERIC_TO_DROP.contains(k)) {
                command.append(k, v);
            }
        });
        context.storage().replace(StoredDocuments.SCRATCH_DATABASE, collection, before);
        BsonDocument reply;
        List<BsonDocument> after;
        try {
            reply = context.storage().run(StoredDocuments.SCRATCH_DATABASE, command);
            after = context.documents().all(StoredDocuments.SCRATCH_DATABASE, collection);
        } finally {
            context.documents().dropScratch();
        }
        List<Runnable> changes = new ArrayList<>();
        Map<BsonValue, BsonDocument> was = byId(before);
        for (BsonDocument now : after) {
            BsonDocument old = was.get(now.get("_id"));
            if (!now.equals(old)) {
                changes.add("settings".equals(collection) ? setting(old, now) : collectionFlags(old, now));
            }
        }
        changes.forEach(Runnable::run);
        return reply;
    }

    private static Map<BsonValue, BsonDocument> byId(List<BsonDocument> documents) {
        Map<BsonValue, BsonDocument> out = new LinkedHashMap<>();
        documents.forEach(d -> out.put(d.get("_id"), d));
        return out;
    }

    /** What a changed config.settings document does to the cluster, checked now, applied later. */
    private Runnable setting(BsonDocument old, BsonDocument now) {
        BsonValue id = now.get("_id");
        String name = id != null && id.isString() ? id.asString().getValue() : "";
        return switch (name) {
            case "balancer" -> balancer(old, now);
            case "chunksize" -> chunkSize(now);
            case "autosplit", "automerge" -> {
                only(now, Set.of("_id", "enabled"));
                BsonValue enabled = now.get("enabled");
                if (enabled == null || !enabled.isBoolean()) {
                    throw notSimulated(now);
                }
                boolean on = enabled.asBoolean().getValue();
                yield "autosplit".equals(name)
                        ? () -> context.catalog().settings().setAutoSplit(on)
                        : () -> context.catalog().settings().setAutoMerge(on);
            }
            default -> throw notSimulated(now);
        };
    }

    private Runnable balancer(BsonDocument old, BsonDocument now) {
        only(now, Set.of("_id", "mode", "stopped", "activeWindow"));
        BsonValue window = now.get("activeWindow");
        Runnable windowChange = () -> {};
        if (window != null && !Objects.equals(window, old == null ? null : old.get("activeWindow"))) {
            ActiveWindowAsWritten parsed = activeWindow(window);
            windowChange = () -> context.catalog()
                    .settings()
                    .setWindow(Optional.of(
                            new CatalogSettings.WrittenWindow(parsed.window(), parsed.start(), parsed.stop())));
        } else if (window == null && old != null && old.containsKey("activeWindow")) {
            windowChange = () -> context.catalog().settings().setWindow(Optional.empty());
        }
        Runnable switchChange = () -> {};
        boolean switchWritten = now.containsKey("stopped") || now.containsKey("mode");
        boolean switchChanged = !Objects.equals(now.get("stopped"), old == null ? null : old.get("stopped"))
                || !Objects.equals(now.get("mode"), old == null ? null : old.get("mode"));
        if (switchWritten && switchChanged) {
            boolean enabled = enabled(now);
            switchChange = () -> context.catalog().setBalancerEnabled(enabled);
        }
        Runnable w = windowChange;
        Runnable s = switchChange;
        return () -> {
            s.run();
            w.run();
        };
    }

    /** {@code BalancerSettingsType::fromBSON}: {@code stopped: true} turns the balancer off whatever the mode. */
    private static boolean enabled(BsonDocument balancer) {
        BsonValue stopped = balancer.get("stopped");
        if (stopped != null && stopped.isBoolean() && stopped.asBoolean().getValue()) {
            return false;
        }
        BsonValue mode = balancer.get("mode");
        if (mode == null) {
            return true;
        }
        if (!mode.isString()
                || !Set.of("full", "off", "autoSplitOnly")
                        .contains(mode.asString().getValue())) {
            throw notSimulated(balancer);
        }
        return !"off".equals(mode.asString().getValue());
    }

    /** An active window and its times as written. */
    record ActiveWindowAsWritten(ActiveWindow window, String start, String stop) {}

    /** {@code BalancerSettingsType::fromBSON}'s reading of {@code activeWindow}. */
    static ActiveWindowAsWritten activeWindow(BsonValue value) {
        if (!value.isDocument()) {
            throw new MongoCommandException(
                    ErrorCode.TYPE_MISMATCH,
                    "\"activeWindow\" had the wrong type. Expected object, found " + BsonTypeNames.of(value));
        }
        BsonValue start = value.asDocument().get("start");
        BsonValue stop = value.asDocument().get("stop");
        if (start == null || stop == null || !start.isString() || !stop.isString()) {
            throw new MongoCommandException(
                    ErrorCode.BAD_VALUE,
                    "must specify both start and stop of balancing window: " + BsonPrinter.serverString(value));
        }
        LocalTime from = timeOfDay(start.asString().getValue());
        LocalTime to = timeOfDay(stop.asString().getValue());
        if (from.equals(to)) {
            throw new MongoCommandException(ErrorCode.BAD_VALUE, "start and stop times must be different");
        }
        return new ActiveWindowAsWritten(
                new ActiveWindow(from, to),
                start.asString().getValue(),
                stop.asString().getValue());
    }

    private static LocalTime timeOfDay(String text) {
        Matcher m = HH_MM.matcher(text);
        if (m.matches()) {
            int hours = Integer.parseInt(m.group(1));
            int minutes = Integer.parseInt(m.group(2));
            if (hours < 24 && minutes < 60) {
                return LocalTime.of(hours, minutes);
            }
        }
        throw new MongoCommandException(
                ErrorCode.BAD_VALUE, "activeWindow format is { start: \"hh:mm\" , stop: \"hh:mm\" }");
    }

    /** {@code ChunkSizeSettingsType::fromBSON}: an integral {@code value} in MB. */
    private Runnable chunkSize(BsonDocument now) {
        only(now, Set.of("_id", "value"));
        BsonValue value = now.get("value");
        if (value == null) {
            throw new MongoCommandException(ErrorCode.NO_SUCH_KEY, "Missing expected field \"value\"");
        }
        if (!(value instanceof BsonNumber n) || n.doubleValue() != Math.rint(n.doubleValue())) {
            throw new MongoCommandException(
                    ErrorCode.TYPE_MISMATCH,
                    "\"value\" had the wrong type. Expected number, found " + BsonTypeNames.of(value));
        }
        long megabytes = n.longValue();
        if (megabytes < 1 || megabytes > SetChunkSize.MAX_MEGABYTES) {
            throw new MongoCommandException(ErrorCode.BAD_VALUE, megabytes + " is not a valid value for chunksize");
        }
        return () -> context.catalog().settings().setChunkSize((int) megabytes);
    }

    /** A changed config.collections document: {@code noBalance} and {@code enableAutoMerge} only. */
    private Runnable collectionFlags(BsonDocument old, BsonDocument now) {
        String ns = now.get("_id").isString() ? now.getString("_id").getValue() : "";
        var collection = context.catalog().collection(ns);
        if (old == null || collection.isEmpty()) {
            throw notSimulated(now);
        }
        for (String field : union(old.keySet(), now.keySet())) {
            if (!Set.of("noBalance", "enableAutoMerge").contains(field)
                    && !Objects.equals(old.get(field), now.get(field))) {
                throw notSimulated(now);
            }
        }
        BsonValue noBalance = now.get("noBalance", BsonBoolean.FALSE);
        BsonValue autoMerge = now.get("enableAutoMerge", BsonBoolean.TRUE);
        if (!noBalance.isBoolean() || !autoMerge.isBoolean()) {
            throw notSimulated(now);
        }
        boolean balance = !noBalance.asBoolean().getValue();
        boolean merge = autoMerge.asBoolean().getValue();
        boolean balanceChanged = !Objects.equals(old.get("noBalance"), now.get("noBalance"));
        boolean mergeChanged = !Objects.equals(old.get("enableAutoMerge"), now.get("enableAutoMerge"));
        return () -> {
            if (balanceChanged) {
                context.catalog().execute(ns, new SetCollectionBalancing(ns, balance));
            }
            if (mergeChanged) {
                context.catalog().settings().setCollectionAutoMerge(ns, merge);
            }
        };
    }

    private static List<String> union(Set<String> a, Set<String> b) {
        List<String> out = new ArrayList<>(a);
        b.stream().filter(k -> !a.contains(k)).forEach(out::add);
        return out;
    }

    private static void only(BsonDocument document, Set<String> fields) {
        for (String field : document.keySet()) {
            if (!fields.contains(field)) {
                throw notSimulated(document);
            }
        }
    }

    private static MongoCommandException notSimulated(BsonDocument document) {
        return new MongoCommandException(
                ErrorCode.COMMAND_NOT_SUPPORTED,
                "ShardLab does not simulate the config database document " + BsonPrinter.serverString(document));
    }
}
