// One REPL input per line, run in order on one new cluster of MongoDB 8.0 (two shards) by the real mongosh
// 2.12.0 through serve and by ShardLab's shell; ShellVersusMongoshCorpusTest compares what each input prints.
// A line starting with "// ==" names the group of inputs after it and the page they come from.
// == Deploy a sharded cluster: enable sharding, shard a collection (manual: sharding-getting-started, sh.shardCollection)
sh.enableSharding("records")
sh.shardCollection("records.people", { zipcode: 1 })
sh.shardCollection("records.people", { zipcode: 1 })
sh.shardCollection("records.events", { _id: "hashed" })
sh.shardCollection("records.orders", { customer: 1, order_date: 1 })
sh.shardCollection("records.accounts", { email: 1 }, true)
sh.shardCollection("records.logins", { user: 1, ts: 1 }, { unique: false })
db.adminCommand({ shardCollection: "records.alerts", key: { level: 1 } })
db.adminCommand({ listShards: 1 }).shards.map(s => s._id)
sh.listShards().length
sh.isConfigShardEnabled()
db.getSiblingDB("config").collections.countDocuments({ _id: /^records\./ })
db.getSiblingDB("config").collections.findOne({ _id: "records.people" }).key
db.getSiblingDB("config").databases.findOne({ _id: "records" }).primary
// == Insert and query through mongos (manual: sharding-query-routing, explain results)
use records
db.people.insertMany([{ _id: 1, name: "Ada", zipcode: "10001" }, { _id: 2, name: "Ben", zipcode: "30301" }, { _id: 3, name: "Cy", zipcode: "60601" }])
db.people.insertOne({ _id: 4, name: "Dee", zipcode: "94105" })
db.people.find({ zipcode: "10001" })
db.people.find().sort({ _id: 1 })
db.people.find({}, { _id: 0, name: 1 }).sort({ name: -1 }).limit(2)
db.people.find().skip(1).limit(2).toArray()
db.people.findOne({ _id: 2 })
db.people.countDocuments({})
db.people.countDocuments({ zipcode: { $gt: "50000" } })
db.people.estimatedDocumentCount()
db.people.distinct("zipcode")
db.people.find({ zipcode: "10001" }).explain()
db.people.find({ zipcode: "10001" }).explain().queryPlanner.winningPlan.stage
db.people.find({ name: "Ben" }).explain().queryPlanner.winningPlan.stage
db.people.find({ zipcode: "10001" }).explain("executionStats").executionStats.nReturned
db.people.explain().find({ zipcode: "30301" })
db.people.explain("queryPlanner").find({ name: "Cy" }).sort({ zipcode: 1 })
db.people.explain().count({ zipcode: "10001" })
db.people.explain().distinct("name")
db.people.explain().aggregate([{ $match: { zipcode: "10001" } }])
db.people.aggregate([{ $match: { zipcode: "10001" } }], { explain: true }).ok
db.people.explain().remove({ _id: 99 })
db.people.explain().update({ _id: 99 }, { $set: { a: 1 } })
db.people.explain().findAndModify({ query: { _id: 99 }, update: { $set: { a: 1 } } })
db.people.find({ zipcode: "10001" }).hasNext()
db.people.find({ zipcode: "10001" }).next().name
db.people.find().itcount()
db.people.find().count()
db.people.find().size()
db.people.find().map(d => d.name).toArray()
db.people.find().sort({ _id: 1 }).forEach(d => print(d.name))
var names = []; for (const d of db.people.find().sort({ _id: 1 })) names.push(d.name); names
db.people.find().sort({ _id: 1 }).pretty()
db.people.find().batchSize(2).sort({ _id: 1 }).toArray().length
db.people.aggregate([{ $group: { _id: null, n: { $sum: 1 } } }])
db.people.aggregate([{ $sort: { _id: 1 } }, { $project: { _id: 0, name: 1 } }]).toArray()
db.people.aggregate({ $match: { _id: { $lt: 3 } } }, { $count: "n" })
db.people.find({ name: { $regex: /^A/ } }).toArray()
db.people.find({ name: /^B/ }).toArray()
db.people.find({ zipcode: { $in: ["10001", "94105"] } }).sort({ _id: 1 }).toArray()
db.people.find({ $or: [{ _id: 1 }, { name: "Cy" }] }).sort({ _id: 1 }).toArray()
db.people.find({ _id: { $type: "number" } }).count()
db.people.aggregate([{ $project: { t: { $type: "$zipcode" } } }, { $limit: 1 }])
// == Writes through mongos (manual: sharded-cluster-query-router, db.collection.updateOne, findAndModify)
db.people.updateOne({ _id: 1 }, { $set: { city: "New York" } })
db.people.updateMany({ zipcode: { $exists: true } }, { $inc: { visits: 1 } })
db.people.updateOne({ _id: 5, zipcode: "02108" }, { $set: { name: "Eve" } }, { upsert: true })
db.people.replaceOne({ _id: 5, zipcode: "02108" }, { name: "Eve", zipcode: "02108" })
db.people.findAndModify({ query: { _id: 2, zipcode: "30301" }, update: { $set: { vip: true } }, new: true })
db.people.findOneAndUpdate({ _id: 3, zipcode: "60601" }, { $set: { vip: false } }, { returnDocument: "after" })
db.people.findOneAndDelete({ _id: 5, zipcode: "02108" })
db.people.deleteOne({ _id: 4, zipcode: "94105" })
db.people.deleteMany({ zipcode: "nowhere" })
db.people.insertOne({ _id: 1, zipcode: "10001" })
db.people.insertMany([{ _id: 10, zipcode: "1" }, { _id: 10, zipcode: "1" }])
db.people.updateOne({ _id: 1 }, { name: "no operators" })
db.people.insert({ _id: 11, zipcode: "11111" })
db.people.update({ _id: 11 }, { $set: { n: 1 } })
db.people.count({ zipcode: "11111" })
db.people.remove({ _id: 11 })
db.people.createIndex({ name: 1 })
db.people.getIndexes().map(i => i.name)
db.people.ensureIndex({ city: 1 })
// == Shard-key index and refine (manual: refineCollectionShardKey, shard-key-indexes)
db.orders.createIndex({ customer: 1, order_date: 1, _id: 1 })
db.adminCommand({ refineCollectionShardKey: "records.orders", key: { customer: 1, order_date: 1, _id: 1 } })
db.getSiblingDB("config").collections.findOne({ _id: "records.orders" }).key
db.adminCommand({ refineCollectionShardKey: "records.orders", key: { customer: 1 } })
db.runCommand({ refineCollectionShardKey: "records.orders", key: { customer: 1, order_date: 1, _id: 1 } })
// == Chunks: split, move, merge (manual: sh.splitAt, sh.splitFind, sh.moveChunk, moveRange, mergeChunks)
sh.splitAt("records.people", { zipcode: "50000" })
sh.splitFind("records.people", { zipcode: "20000" })
db.getSiblingDB("config").chunks.countDocuments({ uuid: db.getSiblingDB("config").collections.findOne({ _id: "records.people" }).uuid })
sh.moveChunk("records.people", { zipcode: "90000" }, "shard02")
sh.moveRange("records.people", "shard01", { zipcode: "50000" })
db.adminCommand({ moveRange: "records.people", toShard: "shard02", min: { zipcode: "50000" } })
db.adminCommand({ mergeChunks: "records.people", bounds: [{ zipcode: MinKey }, { zipcode: MaxKey }] })
db.adminCommand({ split: "records.people", middle: { zipcode: "70000" } })
db.runCommand({ split: "records.people", middle: { zipcode: "80000" } })
db.adminCommand({ split: "records.people", middle: { name: "x" } })
db.adminCommand({ moveChunk: "records.people", find: { zipcode: "80000" }, to: "shard09" })
db.people.getShardDistribution()
db.people.getShardVersion().ok
db.people.getShardLocation()
db.events.getShardDistribution()
db.alerts.getShardDistribution()
db.unsharded.insertOne({ _id: 1 })
db.unsharded.getShardDistribution()
db.people.stats().sharded
db.people.stats().count
db.people.stats().nindexes
Object.keys(db.people.stats().shards).sort()
db.people.dataSize() > 0
db.stats().db
db.stats().collections
// == Balancer (manual: manage-sharded-cluster-balancer, sh.startBalancer, balancer window, chunk size)
sh.getBalancerState()
sh.isBalancerRunning().mode
sh.stopBalancer().ok
sh.getBalancerState()
sh.startBalancer().ok
sh.setBalancerState(false).ok
sh.setBalancerState(true).ok
sh.disableBalancing("records.people")
db.getSiblingDB("config").collections.findOne({ _id: "records.people" }).noBalance
sh.enableBalancing("records.people")
sh.balancerCollectionStatus("records.people")
db.adminCommand({ balancerCollectionStatus: "records.events" }).balancerCompliant
db.adminCommand({ balancerStatus: 1 }).mode
use config
db.settings.updateOne({ _id: "balancer" }, { $set: { activeWindow: { start: "23:00", stop: "6:00" } } }, { upsert: true })
db.settings.findOne({ _id: "balancer" }).activeWindow
db.settings.updateOne({ _id: "balancer" }, { $unset: { activeWindow: true } })
db.settings.updateOne({ _id: "chunksize" }, { $set: { _id: "chunksize", value: 64 } }, { upsert: true })
db.settings.findOne({ _id: "chunksize" })
db.settings.find().sort({ _id: 1 }).toArray().map(d => d._id)
use records
sh.disableAutoSplit()
sh.enableAutoSplit()
sh.stopAutoMerger()
sh.isAutoMergerEnabled()
sh.startAutoMerger()
sh.isAutoMergerEnabled()
sh.disableAutoMerger("records.people")
sh.enableAutoMerger("records.people")
sh.disableMigrations("records.events")
db.getSiblingDB("config").collections.findOne({ _id: "records.events" }).permitMigrations
sh.enableMigrations("records.events")
// == Zones (manual: zone-sharding, sh.addShardToZone, sh.updateZoneKeyRange, sh.removeRangeFromZone)
sh.addShardToZone("shard01", "NYC")
sh.addShardToZone("shard02", "SFO")
sh.updateZoneKeyRange("records.people", { zipcode: "10001" }, { zipcode: "10281" }, "NYC")
sh.updateZoneKeyRange("records.people", { zipcode: "94102" }, { zipcode: "94135" }, "SFO")
sh.updateZoneKeyRange("records.alerts", { level: MinKey }, { level: 10 }, "NYC")
db.getSiblingDB("config").tags.find({ ns: "records.people" }, { _id: 0, tag: 1, min: 1 }).sort({ min: 1 }).toArray()
db.getSiblingDB("config").shards.find({}, { _id: 1, tags: 1 }).sort({ _id: 1 }).toArray()
sh.addTagRange("records.people", { zipcode: "20000" }, { zipcode: "20100" }, "NYC")
sh.removeTagRange("records.people", { zipcode: "20000" }, { zipcode: "20100" })
sh.removeRangeFromZone("records.alerts", { level: MinKey }, { level: 10 })
sh.updateZoneKeyRange("records.people", { zipcode: "10100" }, { zipcode: "10200" }, "SFO")
sh.removeShardFromZone("shard02", "LAX")
sh.addShardTag("shard02", "LAX")
sh.removeShardTag("shard02", "LAX")
sh.removeShardFromZone("shard02", "SFO")
db.adminCommand({ addShardToZone: "shard02", zone: "SFO" })
db.adminCommand({ updateZoneKeyRange: "records.people", min: { zipcode: "94102" }, max: { zipcode: "94135" }, zone: null })
// == Sharded data distribution and status (manual: sh.getShardedDataDistribution, sh.status)
sh.getShardedDataDistribution().toArray().map(d => d.ns).sort()
db.getSiblingDB("admin").aggregate([{ $shardedDataDistribution: {} }, { $match: { ns: "records.people" } }]).toArray().length
sh.status().balancer
db.printShardingStatus().autosplit
db.adminCommand({ getShardVersion: "records.people" }).ok
db.adminCommand({ checkMetadataConsistency: 1 }).cursor.firstBatch
db.serverStatus().process
db.serverStatus().ok
db.version()
db.serverBuildInfo().version
db.hello().msg
db.isMaster().msg
db.adminCommand({ ping: 1 })
db.runCommand({ nonsense: 1 })
db.adminCommand("ping")
// == Reshard, move and unshard (manual: reshardCollection, moveCollection, unshardCollection)
sh.reshardCollection("records.alerts", { level: 1, _id: 1 })
db.getSiblingDB("config").collections.findOne({ _id: "records.alerts" }).key
db.adminCommand({ reshardCollection: "records.alerts", key: { level: "hashed" } })
sh.shardAndDistributeCollection("records.metrics", { host: 1 })
db.unsharded2.insertOne({ _id: 1 })
sh.moveCollection("records.unsharded2", "shard02")
sh.unshardCollection("records.alerts", "shard01")
db.getSiblingDB("config").collections.findOne({ _id: "records.alerts" })
sh.abortReshardCollection("records.none")
sh.commitReshardCollection("records.none")
sh.abortMoveCollection("records.none")
// == Seed texts' sessions (shard-key selection: inbox, identities, pre-split, hashed _id)
use social
sh.enableSharding("social")
sh.shardCollection("social.inbox", { owner: 1, sequence: 1 })
sh.shardCollection("social.users", { user_name: 1 })
db.users.insert({ user_name: "Peter", msg_count: 0 })
db.users.findAndModify({ query: { user_name: "Peter" }, update: { $inc: { msg_count: 1 } }, new: true })
db.users.find({ user_name: "Peter" }, { _id: 0 })
db.users.find({ user_name: "Peter" }).explain().queryPlanner.winningPlan.stage
db.inbox.insert({ owner: "Peter", sequence: 0, messages: [] })
db.inbox.update({ owner: "Peter", sequence: 0 }, { $push: { messages: { from: "Paul", text: "hi" } } })
db.inbox.find({ owner: "Peter" }, { _id: 0 })
db.getSisterDB("social").getName()
db.shardCollection("social.x", { a: 1 })
use users
db.identities.ensureIndex({ identifier: 1 }, { unique: true })
sh.shardCollection("users.identities", { identifier: 1 })
sh.shardCollection("users.users", { _id: "hashed" })
db.identities.insert({ identifier: { type: "email", value: "p@x.org" }, user: 1 })
db.identities.findOne({ identifier: { type: "email", value: "p@x.org" } }, { _id: 0 })
use data
sh.stopBalancer().ok
sh.shardCollection("data.data", { _id: 1 })
for (var m = 1; m < 6; m++) { sh.splitAt("data.data", { _id: m * 60 }) }
db.getSiblingDB("config").chunks.countDocuments({ uuid: db.getSiblingDB("config").collections.findOne({ _id: "data.data" }).uuid })
sh.startBalancer().ok
use admin
db.runCommand({ enablesharding: "mytable" })
db.runCommand({ shardcollection: "mytable.mycoll", key: { name: "hashed" } })
// == The shell itself: values, types, errors, modern JavaScript
use records
show dbs
show collections
show users
class Shard { constructor(name) { this.name = name } }
new Shard("shard01")
const keys = ["a", "b"]; keys.map(k => k.toUpperCase())
async function countPeople() { return db.people.countDocuments({}) }
countPeople()
10n ** 20n
typeof 1n
[1, [2, [3]]].flat(2)
Object.fromEntries([["a", 1], ["b", 2]])
let { a, ...rest } = { a: 1, b: 2, c: 3 }; rest
null ?? "default"
({ x: { y: 1 } })?.x?.y
Math.max(...[1, 5, 3])
new Map([["k", 1]])
new Set([1, 2, 2])
[1, 2, 3].at(-1)
"a-b".replaceAll("-", "+")
printjson({ a: 1, b: [1, 2], c: { d: "e" } })
print("x", 1, { a: 1 })
EJSON.stringify({ n: NumberLong("3"), d: ISODate("2026-01-01T00:00:00Z") })
EJSON.parse('{"n": {"$numberLong": "5"}}')
({ min: MinKey(), max: MaxKey(), oid: ObjectId("5f1d7f3a2b3c4d5e6f708192") })
NumberInt(7)
NumberDecimal("1.10")
Timestamp({ t: 5, i: 1 })
UUID("0123456789abcdef0123456789abcdef")
ISODate("2026-01-01T00:00:00Z")
undefinedThing + 1
var o = {}; o.a.b
db.notAHelper()
const x;
db.c.find({a: 1)
let q = 1; let q = 2;
throw new Error("mine")
sh.status(true).shards.length
