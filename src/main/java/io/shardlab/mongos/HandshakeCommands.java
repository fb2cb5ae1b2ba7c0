package io.shardlab.mongos;

import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The commands a client sends to learn what it talks to: {@code hello} / {@code isMaster}, {@code buildInfo},
 * {@code getParameter}, {@code connectionStatus}, {@code serverStatus}, {@code hostInfo}, and {@code atlasVersion},
 * which a mongos outside Atlas does not have.
 */
final class HandshakeCommands {

    /** mongo {@code src/mongo/db/repl/hello.idl}: {@code helloOk} (an optionalBool, read here as a bool or nothing). */
    static final CommandSyntax HELLO = CommandSyntax.idl(
            "hello",
            CommandSyntax.FirstField.IGNORED,
            "src/mongo/db/repl/hello.idl",
            Argument.optional("helloOk", ArgumentType.ANY));

    private final CommandContext context;

    HandshakeCommands(CommandContext context) {
        this.context = context;
    }

    /**
     * {@code hello} / {@code isMaster} as a mongos answers it: {@code msg: "isdbgrid"}, the release's wire
     * version, sessions, and no {@code topologyVersion} (a client would then stream hellos) and no replica-set
     * fields (mongo {@code src/mongo/s/commands/cluster_hello_cmd.cpp}).
     */
    BsonDocument hello(CommandRequest request) {
        BsonDocument r = new BsonDocument();
        if ("hello".equals(request.name())) {
            r.append("isWritablePrimary", BsonBoolean.TRUE);
        } else {
            r.append("ismaster", BsonBoolean.TRUE);
        }
        r.append("msg", new BsonString("isdbgrid"))
                .append("maxBsonObjectSize", new BsonInt32(16 * 1024 * 1024))
                .append("maxMessageSizeBytes", new BsonInt32(48_000_000))
                .append("maxWriteBatchSize", new BsonInt32(100_000))
                .append("localTime", new BsonDateTime(context.wallClockMillis().getAsLong()))
                .append("logicalSessionTimeoutMinutes", new BsonInt32(30))
                .append("maxWireVersion", new BsonInt32(context.release().wireVersion()))
                .append("minWireVersion", new BsonInt32(0))
                .append("readOnly", BsonBoolean.FALSE);
        BsonValue helloOk = request.arguments().value("helloOk");
        if (helloOk != null && helloOk.isBoolean() && helloOk.asBoolean().getValue()) {
            r.append("helloOk", BsonBoolean.TRUE);
        }
        return Replies.ok(r);
    }

    /** {@code buildInfo}: the release's version string and array. */
    BsonDocument buildInfo(CommandRequest request) {
        BsonArray versionArray = new BsonArray();
        for (int v : context.release().versionArray()) {
            versionArray.add(new BsonInt32(v));
        }
        return Replies.ok(
                new BsonDocument("version", new BsonString(context.release().versionString()))
                        .append("gitVersion", new BsonString("shardlab"))
                        .append("modules", new BsonArray())
                        .append("allocator", new BsonString("tcmalloc"))
                        .append("javascriptEngine", new BsonString("mozjs"))
                        .append("versionArray", versionArray)
                        .append("bits", new BsonInt32(64))
                        .append("debug", BsonBoolean.FALSE)
                        .append("maxBsonObjectSize", new BsonInt32(16 * 1024 * 1024)));
    }

    /**
     * {@code refreshSessions}: renews the client's logical sessions (mongo
     * {@code src/mongo/db/commands/refresh_sessions_command.cpp}, any database): ShardLab keeps no session cache
     * that could expire, so each is alive already; the reply is {@code ok}. The parameter is an array of
     * sessions (mongo {@code sessions_commands.idl}).
     */
    BsonDocument refreshSessions(CommandRequest request) {
        BsonValue sessions = request.body().get(request.name());
        if (!sessions.isArray()) {
            throw CommandArguments.wrongType("refreshSessions.refreshSessions", sessions, ArgumentType.ARRAY);
        }
        return Replies.ok();
    }

    /** {@code atlasVersion}: a mongos outside Atlas has no such command. */
    BsonDocument atlasVersion(CommandRequest request) {
        throw Replies.noSuchCommand(request.name());
    }

    /** {@code getParameter}: only {@code featureCompatibilityVersion}, the release's line. */
    BsonDocument getParameter(CommandRequest request) {
        if (request.body().containsKey("featureCompatibilityVersion")) {
            return Replies.ok(new BsonDocument(
                    "featureCompatibilityVersion",
                    new BsonDocument("version", new BsonString(context.version().toString()))));
        }
        // mongo src/mongo/db/commands/parameters.cpp (CmdGet): no parameter named in the command
        throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "no option found to get");
    }

    /** {@code connectionStatus}: no user authenticated. */
    BsonDocument connectionStatus(CommandRequest request) {
        return ServerInformation.connectionStatus(request.body());
    }

    /**
     * {@code serverStatus}, with ShardLab's own section {@code shardlab.memoryBudget} ({@code usedBytes},
     * {@code budgetBytes}, {@code percentUsed}): how full the budget of kept documents is ({@link MemoryBudget}).
     */
    BsonDocument serverStatus(CommandRequest request) {
        BsonDocument status = context.serverInformation().serverStatus();
        MemoryBudgetUse use = context.budget().use();
        BsonValue ok = status.remove("ok");
        return status.append(
                        "shardlab",
                        new BsonDocument(
                                "memoryBudget",
                                new BsonDocument("usedBytes", new BsonInt64(use.usedBytes()))
                                        .append("budgetBytes", new BsonInt64(use.budgetBytes()))
                                        .append("percentUsed", new BsonInt32(use.percent()))))
                .append("ok", ok);
    }

    /** {@code hostInfo}. */
    BsonDocument hostInfo(CommandRequest request) {
        return context.serverInformation().hostInfo();
    }
}
