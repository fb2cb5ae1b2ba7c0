// The inbox seed text (reference/seed-material/003, examples 1 and 2), with its legacy spellings
// (getSisterDB, db.shardCollection replaced by sh.shardCollection as neither shell had it) and with
// its two typos fixed: "sequence" is the computed sequence_number, and update's arguments in one call.
var db = db.getSisterDB('social');
sh.enableSharding('social');
sh.shardCollection('social.inbox', {owner: 1, sequence: 1});
sh.shardCollection('social.users', {user_name: 1});

var msg = {
  from: 'Christian',
  to: ['Peter', 'Paul'],
  sent_on: new Date(Date.UTC(2026, 0, 1)),
  message: 'Hello world'
}

for (var round = 0; round < 60; round++) {
  for(var i = 0; i < msg.to.length; i++) {
    var result = db.users.findAndModify({
      query: { user_name: msg.to[i] },
      update: { '$inc': {msg_count: 1} },
      upsert: true,
      new: true
    })

    var count = result.msg_count;
    var sequence_number = Math.floor(count/50);
    db.inbox.update({ owner: msg.to[i], sequence: sequence_number},
      { $push: {messages: msg} },
      { upsert:true });
  }
}

printjson(db.users.find({}, {_id: 0}).sort({user_name: 1}).toArray());
db.inbox.find({owner: 'Peter'}, {_id: 0, owner: 1, sequence: 1})
  .sort({sequence: -1})
  .limit(2)
  .forEach(function (box) { printjson(box); });
print(db.inbox.count({owner: 'Peter'}), db.inbox.countDocuments({}));
