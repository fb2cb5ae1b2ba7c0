// The sharding admin helpers beyond the seed texts: zones taken apart, resharding, movePrimary,
// moveCollection (8.0) and the query analyzer (7.0+), with what mongosh prints for each.
sh.enableSharding("shop");
sh.addShardToZone("shard01", "EU");
sh.shardCollection("shop.users", {region: 1});
sh.updateZoneKeyRange("shop.users", {region: "EU"}, {region: "EV"}, "EU");
try {
  sh.removeShardFromZone("shard01", "EU");
} catch (e) {
  print("zone in use: " + e.codeName);
}
sh.removeRangeFromZone("shop.users", {region: "EU"}, {region: "EV"});
sh.removeShardFromZone("shard01", "EU");
print("zone ranges left: " + db.getSiblingDB("config").tags.countDocuments({ns: "shop.users"}));
print("shards in EU: " + db.getSiblingDB("config").shards.countDocuments({tags: "EU"}));

db = db.getSiblingDB("shop");
db.users.insertMany([...Array(500).keys()].map(i => ({region: "r" + (i % 7), user: i})));
var before = db.getSiblingDB("config").collections.findOne({_id: "shop.users"});
sh.reshardCollection("shop.users", {user: 1}, {numInitialChunks: 10});
var after = db.getSiblingDB("config").collections.findOne({_id: "shop.users"});
print("resharded key: " + JSON.stringify(after.key));
print("new uuid: " + !before.uuid.equals(after.uuid));
print("chunks after reshard: " + db.getSiblingDB("config").chunks.countDocuments({uuid: after.uuid}));
try {
  sh.reshardCollection("shop.users", {region: 1});
} catch (e) {
  print("reshard on 7 regions: " + e.message);
}
db.users.deleteMany({user: {$lt: 100}});
print("left after deleteMany: " + db.users.countDocuments({}));

db.logs.insertOne({at: 1});
db.adminCommand({movePrimary: "shop", to: "shard03"});
print("primary: " + db.getSiblingDB("config").databases.findOne({_id: "shop"}).primary);
