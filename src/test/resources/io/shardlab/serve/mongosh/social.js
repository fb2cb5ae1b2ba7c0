// Seed text 003, examples 1-2: the social inbox, two sharded collections side by side.
// Mended: getSisterDB -> getSiblingDB, db.shardCollection -> sh.shardCollection, the stray ')'
// after the update's filter removed and 'sequence' read from the computed sequence_number.
var db = db.getSiblingDB('social');
sh.enableSharding('social');
sh.shardCollection('social.inbox', {owner: 1, sequence: 1});
sh.shardCollection('social.users', {user_name: 1});

var msg = {
  from: 'Christian',
  to: ['Peter', 'Paul'],
  sent_on: new Date(),
  message: 'Hello world'
};

for (var i = 0; i < msg.to.length; i++) {
  var result = db.users.findAndModify({
    query: { user_name: msg.to[i] },
    update: { '$inc': {msg_count: 1} },
    upsert: true,
    new: true
  });

  var count = result.msg_count;
  var sequence_number = Math.floor(count/50);
  db.inbox.update({ owner: msg.to[i], sequence: sequence_number },
    { $push: {messages: msg} },
    { upsert:true });
}

var peter = db.inbox.find({owner: 'Peter'}).sort({sequence: -1}).limit(2).toArray();
print("Peter's inbox buckets: " + peter.length + ", first message from " + peter[0].messages[0].from);
print("read inbox stage: " + db.inbox.find({owner: 'Peter'}).explain().queryPlanner.winningPlan.stage);
try {
  db.inbox.updateOne({sequence: 0}, {$set: {seen: true}}, {upsert: true});
  print("upsert without owner: accepted");
} catch (e) {
  print("upsert without owner: " + e.codeName + ": " + e.message);
}
printjson(db.users.getShardDistribution());
