package io.shardlab.mongos;

import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The commands in which a mongos describes itself rather than the data: {@code serverStatus},
 * {@code hostInfo}, {@code connectionStatus} and the operations {@code $currentOp} lists, as Compass
 * and mongosh read them.
 *
 * <p>ShardLab has no users (a server without {@code --auth}), no storage engine and no config server
 * process, so {@code connectionStatus} names no user, {@code serverStatus} has no {@code wiredTiger}
 * nor {@code sharding} section, and the only operation in progress is the {@code $currentOp} that
 * asks (commands run one at a time).
 */
final class ServerInformation {

    private final MongosRelease release;
    private final HostMachine host;
    private final ServerCounters counters;
    private final LongSupplier wallClockMillis;
    private final long startMillis;
    private final AtomicLong nextOpId = new AtomicLong(1);

    ServerInformation(MongosRelease release, HostMachine host, ServerCounters counters, LongSupplier wallClockMillis) {
        this.release = release;
        this.host = host;
        this.counters = counters;
        this.wallClockMillis = wallClockMillis;
        this.startMillis = wallClockMillis.getAsLong();
    }

    /**
     * {@code serverStatus}: the base fields (mongo {@code src/mongo/db/commands/server_status.cpp}: host,
     * version, {@code process: "mongos"}, pid, uptime, uptimeMillis, uptimeEstimate, localTime) and the
     * sections a mongos has by default that ShardLab can tell: asserts, connections, network, opcounters
     * and mem ({@code MemBase}: resident and virtual MiB with {@code supported: true}, else a note and
     * {@code supported: false}).
     */
    BsonDocument serverStatus() {
        long now = wallClockMillis.getAsLong();
        long uptimeMillis = Math.max(0, now - startMillis);
        BsonDocument mem = new BsonDocument("bits", new BsonInt32(64));
        OptionalLong resident = host.residentMB();
        OptionalLong virtual = host.virtualMB();
        if (resident.isPresent() && virtual.isPresent()) {
            mem.append("resident", new BsonInt32((int) resident.getAsLong()))
                    .append("virtual", new BsonInt32((int) virtual.getAsLong()))
                    .append("supported", BsonBoolean.TRUE);
        } else {
            mem.append("note", new BsonString("not all mem info support on this platform"))
                    .append("supported", BsonBoolean.FALSE);
        }
        return new BsonDocument("host", new BsonString(host.hostName()))
                .append("version", new BsonString(release.versionString()))
                .append("process", new BsonString("mongos"))
                .append("pid", new BsonInt64(host.pid()))
                .append("uptime", new BsonDouble(uptimeMillis / 1000))
                .append("uptimeMillis", new BsonInt64(uptimeMillis))
                .append("uptimeEstimate", new BsonInt64(uptimeMillis / 1000))
                .append("localTime", new BsonDateTime(now))
                .append("asserts", counters.asserts())
                .append("connections", counters.connections())
                .append("mem", mem)
                .append("network", counters.network())
                .append("opcounters", counters.opcounters())
                .append("ok", new BsonDouble(1));
    }

    /**
     * {@code hostInfo} (docs {@code reference/command/hostInfo}): {@code system}, {@code os} and the
     * {@code extra} fields the JVM can tell.
     */
    BsonDocument hostInfo() {
        return new BsonDocument(
                        "system",
                        new BsonDocument("currentTime", new BsonDateTime(wallClockMillis.getAsLong()))
                                .append("hostname", new BsonString(host.hostName()))
                                .append("cpuAddrSize", new BsonInt32(64))
                                .append("memSizeMB", new BsonInt64(host.memSizeMB()))
                                .append("memLimitMB", new BsonInt64(host.memSizeMB()))
                                .append("numCores", new BsonInt32(host.cores()))
                                .append("cpuArch", new BsonString(host.cpuArch()))
                                .append("numaEnabled", BsonBoolean.FALSE))
                .append(
                        "os",
                        new BsonDocument("type", new BsonString(host.osType()))
                                .append("name", new BsonString(host.osName()))
                                .append("version", new BsonString(host.osVersion())))
                .append(
                        "extra",
                        new BsonDocument("versionString", new BsonString(host.osName() + " " + host.osVersion()))
                                .append("kernelVersion", new BsonString(host.osVersion())))
                .append("ok", new BsonDouble(1));
    }

    /**
     * {@code connectionStatus} (mongo {@code src/mongo/db/commands/connection_status.cpp}): no
     * authenticated user and no roles; {@code showPrivileges} adds the (empty) list of privileges.
     */
    static BsonDocument connectionStatus(BsonDocument command) {
        BsonDocument authInfo = new BsonDocument("authenticatedUsers", new BsonArray())
                .append("authenticatedUserRoles", new BsonArray());
        if (command.containsKey("showPrivileges")
                && command.get("showPrivileges").isBoolean()
                && command.getBoolean("showPrivileges").getValue()) {
            authInfo.append("authenticatedUserPrivileges", new BsonArray());
        }
        return new BsonDocument("authInfo", authInfo).append("ok", new BsonDouble(1));
    }

    /**
     * The operations {@code $currentOp} reports (docs {@code reference/operator/aggregation/currentOp},
     * output fields): with {@code localOps: true} the mongos' own, else each shard's. In either case the
     * only operation running is the {@code $currentOp} itself — on the mongos, or the one mongos sent each
     * shard, named {@code shard:opid}.
     *
     * @param request the aggregate (or currentOp) command being answered
     * @param localOps whether the mongos' own operations are asked for
     * @param shards the cluster's shards
     */
    List<BsonDocument> currentOperations(BsonDocument request, boolean localOps, List<String> shards) {
        long now = wallClockMillis.getAsLong();
        if (localOps) {
            return List.of(operation(request, host.hostName(), new BsonInt32((int) nextOpId.getAndIncrement()), now));
        }
        return shards.stream()
                .map(shard -> operation(
                                request,
                                shard + ".shardlab:27018",
                                new BsonString(shard + ":" + nextOpId.getAndIncrement()),
                                now)
                        .append("shard", new BsonString(shard)))
                .toList();
    }

    private static BsonDocument operation(BsonDocument request, String host, BsonValue opid, long now) {
        return new BsonDocument("type", new BsonString("op"))
                .append("host", new BsonString(host))
                .append("desc", new BsonString("conn"))
                .append("active", BsonBoolean.TRUE)
                .append(
                        "currentOpTime",
                        new BsonString(Instant.ofEpochMilli(now).toString()))
                .append("opid", opid)
                .append("secs_running", new BsonInt64(0))
                .append("microsecs_running", new BsonInt64(0))
                .append("op", new BsonString("command"))
                .append("ns", new BsonString("admin.$cmd.aggregate"))
                .append("command", request)
                .append("numYields", new BsonInt32(0))
                .append("locks", new BsonDocument())
                .append("waitingForLock", BsonBoolean.FALSE);
    }
}
