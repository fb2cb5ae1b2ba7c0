// mongosh's own sharding helpers against the simulated cluster (6.0.3+ for getShardedDataDistribution).
sh.shardCollection("shop.orders", {customer: "hashed"});
db = db.getSiblingDB("shop");
db.orders.insertMany([...Array(300).keys()].map(i => ({customer: "c" + i, total: i})));
print("compliant: " + sh.balancerCollectionStatus("shop.orders").balancerCompliant);
print("balancer mode: " + sh.isBalancerRunning().mode);
var distribution = sh.getShardedDataDistribution().toArray()[0];
print("distribution: " + distribution.ns + " owned " + distribution.shards.reduce((n, s) => n + Number(s.numOwnedDocuments), 0));
print("point read: " + db.orders.find({customer: "c7"}).explain().queryPlanner.winningPlan.stage);
print("sorted range read: " + db.orders.find({total: {$gt: 5}}).sort({total: 1}).explain().queryPlanner.winningPlan.stage);
print("aggregate count: " + db.orders.aggregate([{$match: {total: {$lt: 100}}}, {$group: {_id: null, n: {$sum: 1}}}]).toArray()[0].n);
print("distinct: " + db.orders.distinct("customer", {total: 3}));
print("remove shard03: " + db.adminCommand({removeShard: "shard03"}).state);
try {
  db.adminCommand({reshardCollection: "shop.orders", key: {total: 1}});
} catch (e) {
  print("reshard: " + e.message);
}
try {
  db.getSiblingDB("test").runCommand({split: "shop.orders", middle: {customer: NumberLong(0)}});
} catch (e) {
  print("split off admin: " + e.codeName + ": " + e.message);
}
