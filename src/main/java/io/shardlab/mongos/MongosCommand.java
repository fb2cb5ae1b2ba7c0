package io.shardlab.mongos;

import io.shardlab.cluster.MongoVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import org.bson.BsonDocument;

/**
 * One row of the mongos' command table: a command's name and the spellings it also answers to, whether it runs
 * only on {@code admin}, what it does to stored documents, whether ShardLab simulates it, the releases that have
 * it, its arguments' syntax, its handler, and whether the query analyzer samples it.
 *
 * @param name the canonical name, e.g. {@code moveChunk}
 * @param aliases the other registered spellings, e.g. {@code movechunk}
 * @param adminOnly whether a mongos refuses it elsewhere than on {@code admin} ({@code Command::adminOnly()})
 * @param access what it does to the documents of the database it runs on
 * @param simulated false for a command a mongos has and ShardLab does not simulate (CommandNotSupported)
 * @param exists the releases whose mongos has the command (CommandNotFound elsewhere)
 * @param syntax its arguments per release
 * @param handler what answers it
 * @param sampled whether the query analyzer samples it (mongo {@code SampledCommandNameEnum})
 */
record MongosCommand(
        String name,
        List<String> aliases,
        boolean adminOnly,
        Access access,
        boolean simulated,
        Predicate<MongoVersion> exists,
        Function<MongoVersion, CommandSyntax> syntax,
        Handler handler,
        boolean sampled) {

    /** What a command does to the documents of the database it runs on. */
    enum Access {
        /** None: the router answers it from its own state, on whichever database it runs. */
        ROUTER,
        /** Reads them; on {@code config}, the config database's documents. */
        READ,
        /** Changes them; refused on {@code config} apart from the settings mongosh's helpers write. */
        WRITE
    }

    /** What answers a command: one of the {@link CommandFamilies}. */
    @FunctionalInterface
    interface Handler {
        BsonDocument run(CommandFamilies families, CommandRequest request);
    }

    MongosCommand {
        aliases = List.copyOf(aliases);
    }

    /** A command of {@code access}, on any database, in every release, with no declared field. */
    static MongosCommand of(String name, Access access, Handler handler) {
        return new MongosCommand(
                name,
                List.of(),
                false,
                access,
                true,
                v -> true,
                v -> CommandSyntax.none(name, "(no field read)"),
                handler,
                false);
    }

    /** A command a mongos of the release has and ShardLab does not simulate yet. */
    static MongosCommand notSimulated(String name, boolean adminOnly) {
        return new MongosCommand(
                name,
                List.of(),
                adminOnly,
                Access.ROUTER,
                false,
                v -> true,
                v -> CommandSyntax.none(name, "(not simulated)"),
                (families, request) -> {
                    throw new IllegalStateException(name + " is not simulated");
                },
                false);
    }

    /** This command, also answering to {@code alias}. */
    MongosCommand alias(String alias) {
        List<String> all = new ArrayList<>(aliases);
        all.add(alias);
        return new MongosCommand(name, all, adminOnly, access, simulated, exists, syntax, handler, sampled);
    }

    /** This command, refused off {@code admin}. */
    MongosCommand onlyOnAdmin() {
        return new MongosCommand(name, aliases, true, access, simulated, exists, syntax, handler, sampled);
    }

    /** This command, present from {@code major.minor} on. */
    MongosCommand since(int major, int minor) {
        return existsIn(v -> v.atLeast(major, minor));
    }

    /** This command, present in the releases {@code releases} accepts. */
    MongosCommand existsIn(Predicate<MongoVersion> releases) {
        return new MongosCommand(name, aliases, adminOnly, access, simulated, releases, syntax, handler, sampled);
    }

    /** This command, its arguments declared by {@code syntax} in every release. */
    MongosCommand syntax(CommandSyntax declared) {
        return syntax(v -> declared);
    }

    /** This command, its arguments declared per release. */
    MongosCommand syntax(Function<MongoVersion, CommandSyntax> perRelease) {
        return new MongosCommand(name, aliases, adminOnly, access, simulated, exists, perRelease, handler, sampled);
    }

    /** This command, sampled by the query analyzer. */
    MongosCommand sampledByAnalyzer() {
        return new MongosCommand(name, aliases, adminOnly, access, simulated, exists, syntax, handler, true);
    }
}
