// A student's session: what the workshop's first exercises type (connection info, sh.status(),
// a collection sharded and filled, reads, the catalog), to count the connections mongosh holds.
sh.status();
db = db.getSiblingDB("shop");
sh.enableSharding("shop");
sh.shardCollection("shop.orders", { customer: "hashed" });
const docs = [];
for (let i = 0; i < 500; i++) docs.push({ customer: "c" + (i % 37), total: i });
db.orders.insertMany(docs);
print("orders: " + db.orders.countDocuments());
db.orders.find({ customer: "c1" }).toArray();
db.orders.getIndexes();
db.adminCommand({ listDatabases: 1 });
db.getCollectionNames();
sh.status();
print("done");
