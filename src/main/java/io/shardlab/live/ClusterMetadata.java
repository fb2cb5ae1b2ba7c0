package io.shardlab.live;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Everything one inspection read: shards, databases, balancer, sharded collections with their
 * chunks, recent chunk changes, and what could not be read or was wrong. Immutable, so it may cross
 * threads (a UI binds to the newest one).
 *
 * @param source where it was read from, safe to show: a masked connection string, a dump folder or
 *     a snapshot file
 * @param readAt when the read finished
 * @param server the server that answered, or null for an offline source
 * @param shards config.shards, sorted by id
 * @param databases config.databases, sorted by name
 * @param balancer the balancer state, or null when the source did not record it (a simulator snapshot)
 * @param collections the sharded collections, sorted by namespace
 * @param changes chunk changes from config.changelog, oldest first
 * @param changelogComplete whether {@code changes} holds every recorded change of the collections
 *     (needed to rewind history) rather than only the most recent ones
 * @param notes what could not be read and why (e.g. per-shard data on a mongod), one line each, to be said in the
 *     user's language ({@link #notesInEnglish()} for {@code --json} and captures)
 * @param problems what is wrong with the metadata, cluster-wide and per collection
 * @param release the MongoDB release the metadata came from, and how that is known
 * @param unsharded the unsharded collections and the shards they live on, as far as the source tells
 */
public record ClusterMetadata(
        String source,
        Instant readAt,
        ServerInfo server,
        List<Shard> shards,
        List<DatabaseEntry> databases,
        BalancerState balancer,
        List<CollectionLayout> collections,
        List<ChunkChange> changes,
        boolean changelogComplete,
        List<Message> notes,
        List<MetadataProblem> problems,
        SourceRelease release,
        UnshardedCollections unsharded) {

    public ClusterMetadata {
        shards = shards.stream().sorted(Comparator.comparing(Shard::id)).toList();
        databases = databases.stream()
                .sorted(Comparator.comparing(DatabaseEntry::name))
                .toList();
        collections = collections.stream()
                .sorted(Comparator.comparing(CollectionLayout::namespace))
                .toList();
        changes =
                changes.stream().sorted(Comparator.comparing(ChunkChange::time)).toList();
        notes = List.copyOf(notes);
        problems = List.copyOf(problems);
        Objects.requireNonNull(release, "release");
        Objects.requireNonNull(unsharded, "unsharded");
    }

    /** The notes in English: for {@code --json}, snapshot files and logs. */
    public List<String> notesInEnglish() {
        Messages english = Messages.of(Language.ENGLISH);
        return notes.stream().map(english::text).toList();
    }

    /** The server, when read live. */
    public Optional<ServerInfo> serverInfo() {
        return Optional.ofNullable(server);
    }

    /** The collection with {@code namespace}, if it is sharded. */
    public Optional<CollectionLayout> collection(String namespace) {
        return collections.stream().filter(c -> c.namespace().equals(namespace)).findFirst();
    }

    /** The chunk changes of one collection, oldest first. */
    public List<ChunkChange> changes(String namespace) {
        return changes.stream().filter(c -> c.namespace().equals(namespace)).toList();
    }

    /** Every problem: cluster-wide ones and those of each collection. */
    public List<MetadataProblem> allProblems() {
        return Stream.concat(problems.stream(), collections.stream().flatMap(c -> c.problems().stream()))
                .toList();
    }

    /**
     * The snapshot of one collection.
     *
     * @param namespace the collection, or null to take the only sharded collection
     * @throws RefusedInput naming the namespaces there are when it is missing or ambiguous
     */
    public ClusterSnapshot snapshot(String namespace) {
        return layout(namespace).snapshot(shards);
    }

    /**
     * The layout of one collection.
     *
     * @param namespace the collection, or null to take the only sharded collection
     * @throws RefusedInput naming the namespaces there are when it is missing or ambiguous
     */
    public CollectionLayout layout(String namespace) {
        if (namespace == null) {
            if (collections.size() == 1) {
                return collections.get(0);
            }
            throw new RefusedInput(Message.of("live.refused.chooseNamespace", source, collections.size(), names()));
        }
        return collection(namespace)
                .orElseThrow(() -> new RefusedInput(
                        collections.isEmpty()
                                ? Message.of("live.refused.notSharded", namespace, source)
                                : Message.of("live.refused.notSharded.others", namespace, source, names())));
    }

    private String names() {
        String all =
                collections.stream().map(CollectionLayout::namespace).limit(10).collect(Collectors.joining(", "));
        return collections.size() > 10 ? all + ", …" : all; // untranslated: an elision mark
    }
}
