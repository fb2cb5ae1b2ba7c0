package io.shardlab.ui.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.advisor.SampleInput;
import io.shardlab.advisor.SampleOrder;
import io.shardlab.advisor.SampleSource;
import io.shardlab.live.Cancellation;
import io.shardlab.live.LiveConnectionRequest;
import io.shardlab.text.Message;
import io.shardlab.workload.InsertDocument;
import io.shardlab.workload.InsertStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.junit.jupiter.api.Test;

/** The advisor's "Live collection…" load, with a fake live source standing in for a server. */
class AdvisorLiveSampleTest {

    /** What the view model asked the fake for. */
    final List<LiveConnectionRequest> requests = new ArrayList<>();

    final List<Cancellation> cancellations = new ArrayList<>();

    /** A live source of {@code size} documents standing for a collection of 1,000, in unknown order. */
    private LiveSampleSources fake(AtomicInteger read) {
        return (request, namespace, size, cancellation) -> {
            requests.add(request);
            cancellations.add(cancellation);
            return new SampleSource() {
                @Override
                public Message description() {
                    return Message.of("live.sample.description", namespace, size, request.masked());
                }

                @Override
                public SampleOrder order() {
                    return SampleOrder.UNKNOWN;
                }

                @Override
                public SampleInput open() {
                    InsertStream stream = new InsertStream() {
                        @Override
                        public String source() {
                            return namespace;
                        }

                        @Override
                        public boolean hasNext() {
                            return read.get() < size;
                        }

                        @Override
                        public InsertDocument next() {
                            int i = read.incrementAndGet();
                            RawBsonDocument d = new RawBsonDocument(
                                    new BsonDocument("_id", new BsonInt64(1000 - i))
                                            .append("customerId", new BsonInt64(i % 7)),
                                    new BsonDocumentCodec());
                            return new InsertDocument(d, d.getByteBuffer().remaining(), i);
                        }

                        @Override
                        public void close() {}
                    };
                    return new SampleInput(stream, read::get, size, 1000);
                }
            };
        };
    }

    @Test
    void aLiveSampleLoadsOnTheBackgroundExecutorAndStandsForTheCollection() {
        AdvisorViewModelTest.Queue background = new AdvisorViewModelTest.Queue();
        AtomicInteger read = new AtomicInteger();
        AdvisorViewModel vm = new AdvisorViewModel(background, Runnable::run, Runnable::run, fake(read));

        vm.loadLiveCollection("mongodb://dba@db1:27017/?authSource=admin", "pa:ss w0rd", "shop.orders", "200");

        assertTrue(vm.busyProperty().get(), "the load waits on the background executor");
        assertEquals(0, read.get());
        background.runAll();
        assertFalse(vm.busyProperty().get());
        assertEquals(200, vm.sampleProperty().get().numDocsSampled());
        assertEquals(1000, vm.sampleProperty().get().numDocsTotal());
        assertEquals(SampleOrder.UNKNOWN, vm.sampleProperty().get().order());
        assertEquals(
                "mongodb://dba:pa%3Ass%20w0rd@db1:27017/?authSource=admin",
                requests.get(0).connectionString());
        assertTrue(
                AdvisorViewModelTest.english(vm.sampleSummaryProperty())
                        .startsWith(
                                "shop.orders ($sample of 200 at mongodb://dba:****@db1:27017/?authSource=admin): 200 documents"),
                AdvisorViewModelTest.english(vm.sampleSummaryProperty()));
        assertFalse(AdvisorViewModelTest.english(vm.sampleSummaryProperty()).contains("w0rd"));
        assertEquals("", AdvisorViewModelTest.english(vm.errorProperty()));
    }

    @Test
    void cancellingALiveLoadRaisesTheConnectionsCancellationAndKeepsTheOldSample() {
        AdvisorViewModelTest.Queue background = new AdvisorViewModelTest.Queue();
        AdvisorViewModel vm = new AdvisorViewModel(background, Runnable::run, Runnable::run, fake(new AtomicInteger()));

        vm.loadLiveCollection("mongodb://db1/", "", "shop.orders", "10000");
        vm.cancel();
        background.runAll();

        assertTrue(cancellations.get(0).isCancelled(), "the client is closed so a blocked read returns");
        assertEquals("Cancelled.", AdvisorViewModelTest.english(vm.errorProperty()));
        assertNull(vm.sampleProperty().get());
        assertFalse(vm.busyProperty().get());
    }

    @Test
    void badInputsShowAsOneLineErrorsWithoutThePassword() {
        AdvisorViewModel vm =
                new AdvisorViewModel(Runnable::run, Runnable::run, Runnable::run, fake(new AtomicInteger()));

        vm.loadLiveCollection("mongodb://db1/", "", "shop.orders", "many");
        assertEquals(
                "sample size: a whole number of documents, got 'many'",
                AdvisorViewModelTest.english(vm.errorProperty()));

        vm.loadLiveCollection("localhost:27017", "", "shop.orders", "10");
        assertTrue(
                AdvisorViewModelTest.english(vm.errorProperty()).startsWith("uri: "),
                AdvisorViewModelTest.english(vm.errorProperty()));

        vm.loadLiveCollection("mongodb://db1/", "hunter2", "shop.orders", "10");
        assertEquals(
                "password: the connection string names no user; write it as mongodb://USER@db1/",
                AdvisorViewModelTest.english(vm.errorProperty()));
        assertTrue(requests.isEmpty(), "nothing was opened");
        assertFalse(vm.busyProperty().get());
    }

    /** A cluster that sampled two finds by _id and answers analyzeShardKey as the server would. */
    private static LiveAnalysis answering(List<String> asked) {
        return new LiveAnalysis() {
            @Override
            public io.shardlab.live.SampledQueries.Mix sampledQueries(
                    LiveConnectionRequest request, String namespace, Cancellation cancellation) {
                asked.add("sampledQueries " + namespace);
                return new io.shardlab.live.SampledQueries.Mix(
                        List.of(
                                io.shardlab.advisor.SampledQuery.find(new BsonDocument("_id", new BsonInt64(3))),
                                io.shardlab.advisor.SampledQuery.find(
                                        new BsonDocument("customerId", new BsonInt64(2)))),
                        List.of());
            }

            @Override
            public BsonDocument serverAnswer(
                    LiveConnectionRequest request,
                    String namespace,
                    io.shardlab.key.ShardKeyPattern key,
                    Cancellation cancellation) {
                asked.add("analyzeShardKey " + key);
                return io.shardlab.bson.BsonLiterals.parseDocument("""
                        {readDistribution: {sampleSize: {total: NumberLong(2), find: NumberLong(2),
                           aggregate: NumberLong(0), count: NumberLong(0), distinct: NumberLong(0)},
                           percentageOfSingleShardReads: 50.0, percentageOfMultiShardReads: 0.0,
                           percentageOfScatterGatherReads: 50.0, numReadsByRange: [NumberLong(1), NumberLong(1)]},
                         writeDistribution: {sampleSize: {total: NumberLong(0), update: NumberLong(0),
                           delete: NumberLong(0), findAndModify: NumberLong(0)}}, ok: 1.0}""");
            }
        };
    }

    @Test
    void aLiveSamplesSampledQueriesBecomeTheMixAndTheServersAnswerShowsBesideShardLabs() {
        List<String> asked = new ArrayList<>();
        AdvisorViewModel vm = new AdvisorViewModel(
                Runnable::run, Runnable::run, Runnable::run, fake(new AtomicInteger()), answering(asked));
        assertFalse(vm.liveProperty().get());

        vm.loadLiveCollection("mongodb://db1/", "", "shop.orders", "50");
        assertTrue(vm.liveProperty().get());
        vm.useSampledQueries();
        assertEquals("2 sampled operations of shop.orders", AdvisorViewModelTest.english(vm.queryMixSummaryProperty()));
        assertTrue(vm.addCandidate("{customerId: 1}"));
        vm.analyze();
        vm.askServer();

        assertEquals(List.of("sampledQueries shop.orders", "analyzeShardKey { customerId: 1 }"), asked);
        String answer = AdvisorViewModelTest.english(vm.selectedServerAnswerProperty());
        assertTrue(answer.startsWith("The server's analyzeShardKey differs on "), answer);
        assertTrue(answer.contains("keyCharacteristics: ShardLab "), "the server found no supporting index: " + answer);
        assertTrue(answer.contains("readDistribution.numReadsByRange"), answer);
        assertFalse(answer.contains("percentageOfSingleShardReads"), "the same two queries, the same classes");
    }
}
