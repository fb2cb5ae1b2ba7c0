package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class ZipCodeTableTest {

    @Test
    void theBuiltInResourceIsTheShippedAssetByteForByte() throws IOException {
        byte[] asset = Files.readAllBytes(Path.of("assets/datasets/zipcodes/zipcodes.csv"));
        byte[] resource;
        try (InputStream in = new GZIPInputStream(ZipCodeTable.class.getResourceAsStream(ZipCodeTable.RESOURCE))) {
            resource = in.readAllBytes();
        }

        assertEquals(new String(asset, StandardCharsets.UTF_8), new String(resource, StandardCharsets.UTF_8));
    }

    @Test
    void holdsEveryUsZipCodeOfThePackageSortedByZip() {
        List<ZipCodeTable.ZipCode> rows = ZipCodeTable.load().rows();

        assertEquals(42_555, rows.size());
        assertEquals(new ZipCodeTable.ZipCode("00501", "Holtsville", "NY", 40.8154, -73.0451), rows.get(0));
        assertEquals("99950", rows.get(rows.size() - 1).zip());
        for (int i = 1; i < rows.size(); i++) {
            assertEquals(
                    -1,
                    Integer.signum(rows.get(i - 1).zip().compareTo(rows.get(i).zip())));
        }
    }

    @Test
    void theZipcodesWorkloadReplaysTheFileWithZipCodesAsStrings() {
        List<BsonDocument> docs = WorkloadTesting.documents(new ZipCodesWorkload(ZipCodeTable.lazy()), 100_000, 1);

        assertEquals(42_555, docs.size(), "the whole file when --docs is larger");
        BsonDocument first = docs.get(0);
        assertEquals("00501", first.getString("zip").getValue());
        assertEquals("NY", first.getString("state").getValue());
        assertEquals(40.8154, first.getDouble("latitude").getValue());
    }

    @Test
    void theLicenceShipsWithTheData() throws IOException {
        String asset = Files.readString(Path.of("assets/datasets/zipcodes/LICENSE"));
        String resource;
        try (InputStream in = ZipCodeTable.class.getResourceAsStream("/io/shardlab/datasets/zipcodes.LICENSE")) {
            resource = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }

        assertEquals(asset, resource);
        assertEquals(true, asset.contains("Copyright (c) 2007, Dav Glass"));
    }
}
