package io.shardlab.workload;

import io.shardlab.text.Message;
import java.io.InputStream;
import java.util.List;
import java.util.function.Supplier;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * {@code zipcodes}: a replay of the shipped ZIP-code dataset ({@link ZipCodeTable#RESOURCE}) in
 * file order, which is ascending ZIP code: neighbouring ZIP codes are neighbouring places, so the
 * {@code state} of successive inserts changes slowly, region by region. With {@code {state: 1}} the
 * key has 62 values; with {@code {zip: 1}} the inserts ascend.
 *
 * <p>Document: {@code {_id: ObjectId, zip: "01001", city: "Agawam", state: "MA", latitude: Double,
 * longitude: Double}}; the {@code _id} is generated as a driver would.
 */
public final class ZipCodesWorkload implements Workload {

    private final Supplier<ZipCodeTable> table;

    /** @param table the same data, for the query mix */
    public ZipCodesWorkload(Supplier<ZipCodeTable> table) {
        this.table = table;
    }

    @Override
    public InsertStream open(WorkloadSettings settings) {
        InputStream in = ZipCodesWorkload.class.getResourceAsStream(ZipCodeTable.RESOURCE);
        if (in == null) {
            throw new IllegalStateException(ZipCodeTable.RESOURCE + " is missing from the class path");
        }
        return DatasetFile.open(in, "zipcodes.csv.gz", DatasetFile.Format.CSV, settings, settings.docs());
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        List<ZipCodeTable.ZipCode> rows = table.get().rows();
        return QueryMix.of(
                QueryTemplate.keyEquals(
                        Message.of("workload.query.placesInAState"),
                        40,
                        "state",
                        r -> new BsonString(rows.get(r.nextInt(rows.size())).state())),
                new QueryTemplate(
                        Message.of("workload.query.placesInNewEngland"),
                        QueryShape.IN,
                        10,
                        r -> new BsonDocument(
                                "state",
                                new BsonDocument(
                                        "$in",
                                        new BsonArray(List.of(
                                                new BsonString("CT"),
                                                new BsonString("MA"),
                                                new BsonString("ME"),
                                                new BsonString("NH"),
                                                new BsonString("RI"),
                                                new BsonString("VT")))))),
                QueryTemplate.nonKeyEquals(
                        Message.of("workload.query.aZipCode"),
                        50,
                        "zip",
                        r -> new BsonString(rows.get(r.nextInt(rows.size())).zip())));
    }

    @Override
    public Profile profile() {
        return Profile.of("zipcodes", "{state: 1}", "_id", "zip", "city", "state", "latitude", "longitude");
    }
}
