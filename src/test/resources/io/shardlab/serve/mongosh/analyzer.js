// The query analyzer (7.0+): sampling a collection's queries, then analyzeShardKey on a candidate.
db = db.getSiblingDB("shop");
db.orders.insertMany([...Array(200).keys()].map(i => ({customer: "c" + (i % 40), total: i})));
db.orders.createIndex({customer: 1});
var config = db.orders.configureQueryAnalyzer({mode: "full", samplesPerSecond: 50});
print("sampling: " + config.newConfiguration.mode);
for (let i = 0; i < 10; i++) {
  db.orders.find({customer: "c" + i}).toArray();
}
var result = db.orders.analyzeShardKey({customer: 1});
print("distinct customers: " + result.keyCharacteristics.numDistinctValues);
print("sampled finds: " + result.readDistribution.sampleSize.find);
print("single-shard reads: " + result.readDistribution.percentageOfSingleShardReads);
print("listed samples: " + db.getSiblingDB("admin").aggregate([{$listSampledQueries: {namespace: "shop.orders"}}]).toArray().length);
