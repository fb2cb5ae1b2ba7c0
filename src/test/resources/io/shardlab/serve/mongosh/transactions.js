// Transactions from mongosh: Session.startTransaction / commitTransaction / abortTransaction
// (mongosh packages/shell-api/src/session.ts), on a sharded collection.
var db = db.getSiblingDB('shop');
sh.enableSharding('shop');
sh.shardCollection('shop.orders', {sku: 1});
db.orders.insertOne({_id: 0, sku: 'a', qty: 5});

var session = db.getMongo().startSession();
var orders = session.getDatabase('shop').orders;

session.startTransaction();
orders.insertOne({_id: 1, sku: 'b', qty: 1});
orders.updateOne({_id: 0}, {$inc: {qty: -1}});
print('inside: ' + orders.countDocuments({}));
print('outside before commit: ' + db.orders.countDocuments({}));
session.commitTransaction();
print('after commit: ' + db.orders.countDocuments({}) + ', qty ' + db.orders.findOne({_id: 0}).qty);

session.startTransaction();
orders.insertOne({_id: 2, sku: 'c'});
session.abortTransaction();
print('after abort: ' + db.orders.countDocuments({}));

session.startTransaction();
try {
  orders.count();
} catch (e) {
  print('count: ' + e.codeName);
}
session.abortTransaction();

var other = db.getMongo().startSession();
session.startTransaction();
other.startTransaction();
orders.updateOne({_id: 0}, {$inc: {qty: 1}});
try {
  other.getDatabase('shop').orders.updateOne({_id: 0}, {$inc: {qty: 100}});
} catch (e) {
  print('conflict: ' + e.codeName + ' ' + JSON.stringify(e.errorLabels));
}
session.commitTransaction();
try {
  other.commitTransaction();
} catch (e) {
  print('second commit: ' + e.codeName);
}
print('qty at the end: ' + db.orders.findOne({_id: 0}).qty);
session.endSession();
other.endSession();
