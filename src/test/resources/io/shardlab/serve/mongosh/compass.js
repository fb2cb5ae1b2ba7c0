// What Compass reads, through mongosh's own helpers: db.stats(), db.coll.stats(), db.serverStatus(),
// db.hostInfo(), db.currentOp(), $sample, getIndexes(), $indexStats, show dbs.
const shop = db.getSiblingDB('shop');
sh.enableSharding('shop', 'shard01');
sh.shardCollection('shop.orders', {c: 1});
for (let i = 0; i < 50; i++) shop.orders.insertOne({c: i, v: 'x' + i});
db.adminCommand({split: 'shop.orders', middle: {c: 25}});
db.adminCommand({moveChunk: 'shop.orders', find: {c: 30}, to: 'shard02'});
shop.plain.insertOne({a: 1});

const s = shop.stats();
print('db.stats: objects ' + s.objects + ', indexes ' + s.indexes + ', shards ' + Object.keys(s.raw).sort().join(','));
const cs = shop.orders.stats();
print('coll.stats: sharded ' + cs.sharded + ', count ' + cs.count + ', nindexes ' + cs.nindexes
    + ', shard02 count ' + cs.shards.shard02.count + ', index names ' + Object.keys(cs.indexSizes).join(','));
const ss = db.serverStatus();
print('serverStatus: ' + ss.process + ' ' + ss.version + ', inserts ' + ss.opcounters.insert
    + ', has network ' + (ss.network.bytesIn > 0) + ', globalLock ' + (ss.globalLock === undefined ? 'absent' : 'present'));
const hi = db.hostInfo();
print('hostInfo: cores ' + (hi.system.numCores > 0) + ', os ' + (typeof hi.os.type));
const ops = db.currentOp().inprog;
print('currentOp: ' + ops.map(o => o.shard + ' ' + o.ns).join('; '));
print('sample: ' + shop.orders.aggregate([{$sample: {size: 5}}]).toArray().length);
print('getIndexes: ' + shop.orders.getIndexes().map(i => i.name).join(','));
print('indexStats: ' + shop.orders.aggregate([{$indexStats: {}}]).toArray().map(i => i.name + '@' + i.shard).sort().join(','));
print('top: ' + (() => { try { db.adminCommand({top: 1}); return 'answered'; } catch (e) { return e.codeName; } })());
print('connectionStatus privileges: ' + db.runCommand({connectionStatus: 1, showPrivileges: true}).authInfo.authenticatedUserPrivileges.length);
print('listCollections orders: ' + shop.getCollectionInfos({name: 'orders'}).map(c => c.name).join(','));
print('estimated ' + shop.orders.estimatedDocumentCount() + ', counted ' + shop.orders.countDocuments({c: {$gte: 10}}));
