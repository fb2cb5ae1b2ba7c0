package io.shardlab.workload;

import io.shardlab.FuzzInputs;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Property: any JSON Lines or CSV text streams its documents or is refused in one line naming the file. */
class DatasetFuzzTest {

    private static final WorkloadSettings SETTINGS = WorkloadSettings.of(1_000, 1);

    private static void drain(InsertStream stream) {
        while (stream.hasNext()) {
            stream.next();
        }
    }

    @Test
    void everyJsonLinesTextIsDocumentsOrOneLineNamingTheFile() {
        FuzzInputs inputs = new FuzzInputs(
                61L,
                List.of(
                        "{a: 1, b: 'x'}\n{a: 2, b: {c: [1, 2]}}\n",
                        "{\"_id\": {\"$oid\": \"47cc67093475061e3d95369d\"}, \"n\": {\"$numberLong\": \"5\"}}\n\n{\"n\": 6}\n",
                        "\uFEFF{zip: '01001', city: 'AGAWAM', loc: [-72.6, 42.0], pop: 15338}\n"));
        for (int i = 0; i < 2_000; i++) {
            FuzzInputs.assertResultOrOneLine(
                    inputs.next(),
                    "fuzz.jsonl",
                    text -> drain(new JsonLinesInsertStream(new StringReader(text), "fuzz.jsonl", SETTINGS, 100)));
        }
    }

    @Test
    void everyCsvTextIsDocumentsOrOneLineNamingTheFile() {
        FuzzInputs inputs = new FuzzInputs(
                62L,
                List.of(
                        "zip,city,pop\n01001,AGAWAM,15338\n01002,\"CUSHMAN, MA\",36963\n",
                        "a.b.int32(),a.c.string(),d.boolean()\n1,x,true\n2,\"y\"\"z\",false\n",
                        "name,address.city,address.zip\nAnn,Paris,75001\nBob,,\n"));
        for (int i = 0; i < 2_000; i++) {
            FuzzInputs.assertResultOrOneLine(
                    inputs.next(),
                    "fuzz.csv",
                    text -> drain(new CsvInsertStream(new StringReader(text), "fuzz.csv", SETTINGS, 100)));
        }
    }
}
