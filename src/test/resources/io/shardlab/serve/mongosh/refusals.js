// What mongosh prints for the sharding refusals: an errmsg-only failure has no code, the others
// carry MongoDB's code name (abortReshardCollection with none in progress, cleanupOrphaned that no mongos has);
// db.killOp of a shard's operation; then updates that grow documents, and unshardCollection on 8.0.
sh.enableSharding("app", "shard01");
sh.stopBalancer();
sh.shardCollection("app.c", {x: 1});
db = db.getSiblingDB("app");
db.c.insertMany([...Array(100).keys()].map(i => ({x: i, pad: "p"})));
sh.splitAt("app.c", {x: 50});
function refusal(label, command) {
  try {
    db.adminCommand(command);
    print(label + ": accepted");
  } catch (e) {
    print(label + ": " + e.codeName + " (" + e.code + "): " + e.message);
  }
}
refusal("split at a bound", {split: "app.c", middle: {x: 50}});
refusal("merge across shards", {mergeChunks: "app.c", bounds: [{x: 0}, {x: 50}]});
refusal("moveChunk without the key", {moveChunk: "app.c", find: {y: 1}, to: "shard02"});
refusal("refine to another key", {refineCollectionShardKey: "app.c", key: {y: 1}});
refusal("abort with no resharding", {abortReshardCollection: "app.c"});
refusal("cleanupOrphaned on a mongos", {cleanupOrphaned: "app.c"});
var killed = db.killOp("shard01:7");
print("killOp: " + killed.shard + " " + killed.shardid + " " + killed.ok);
var before = db.getSiblingDB("admin").aggregate([{$shardedDataDistribution: {}}]).toArray()
    .find(d => d.ns === "app.c").shards.reduce((s, x) => s + x.ownedSizeBytes, 0);
db.c.updateMany({x: {$lt: 10}}, {$set: {pad: "p".repeat(1000)}});
var after = db.getSiblingDB("admin").aggregate([{$shardedDataDistribution: {}}]).toArray()
    .find(d => d.ns === "app.c").shards.reduce((s, x) => s + x.ownedSizeBytes, 0);
print("grown by: " + (after - before));
if (db.version().startsWith("8.")) {
  sh.unshardCollection("app.c", "shard02");
  var entry = db.getSiblingDB("config").collections.findOne({_id: "app.c"});
  print("unsharded: " + entry.unsplittable + " on " + db.getSiblingDB("config").chunks.findOne({uuid: entry.uuid}).shard);
  print("documents: " + db.c.countDocuments({}));
}
