// Runs unchanged in mongosh 2.12.0 (against shardlab serve) and in ShardLab's shell; only prints
// values that both runs share (no generated ObjectIds, no times).
sh.enableSharding('school');
db = db.getSiblingDB('school');
printjson(sh.shardCollection('school.pupils', {year: 1, name: 1}));
printjson(sh.splitAt('school.pupils', {year: 2010, name: MinKey()}));
printjson(db.pupils.insertMany([
  {_id: 1, year: 2008, name: 'Ada', marks: [12, 15, 18]},
  {_id: 2, year: 2011, name: 'Brendan', marks: [9, 11], address: {town: 'Leeds', street: 'Long Lane', number: 42}},
  {_id: 3, year: 2011, name: 'Chloe', marks: []},
  {_id: 4, year: 2014, name: "O'Brien", marks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]}
]));
printjson(db.pupils.find({year: 2011}).sort({name: 1}).toArray());
printjson(db.pupils.findOne({_id: 4}));
printjson(db.pupils.updateOne({_id: 1}, {$set: {year: 2008, tutor: 'Mr Kay'}}));
printjson(db.pupils.updateMany({year: 2011}, {$inc: {merits: 1}}));
printjson(db.pupils.deleteOne({_id: 3}));
print(db.pupils.countDocuments({}), db.pupils.countDocuments({year: {$gt: 2010}}));
printjson(db.pupils.distinct('year'));
printjson(db.counters.findAndModify({query: {_id: 'pupil'}, update: {$inc: {seq: 1}}, upsert: true, new: true}));
printjson(db.counters.findAndModify({query: {_id: 'pupil'}, update: {$inc: {seq: 1}}, new: true}));
printjson({big: NumberLong('9007199254740993'), small: NumberInt(3), dec: NumberDecimal('2.50'),
  ts: Timestamp({t: 5, i: 1}), min: MinKey(), max: MaxKey(), id: ObjectId('5f1d7f3a2b3c4d5e6f708192'),
  when: ISODate('2026-01-01T10:00:00Z'), uuid: UUID('0123456789abcdef0123456789abcdef'), bin: BinData(0, 'AQID')});
print(EJSON.stringify({n: NumberLong(3), d: ISODate('2026-01-01T00:00:00Z')}));
try {
  db.runCommand({split: 'school.pupils', middle: {year: 2012, name: MinKey()}});
} catch (e) {
  print(e.name, e.codeName, e.code, e.message);
}
try {
  sh.shardCollection('school.pupils', {name: 1});
} catch (e) {
  print(e.name, e.codeName, e.code);
}
print(sh.getBalancerState());
sh.stopBalancer();
print(sh.getBalancerState());
