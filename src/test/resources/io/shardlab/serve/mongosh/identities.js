// Seed text 003, examples 3-4: a document per identity. Mended: getSisterDB -> getSiblingDB,
// db.shardCollection -> sh.shardCollection, "'users.users'. {" -> "'users.users', {".
var db = db.getSiblingDB('users');
db.users.insert({ _id: 'peter', email: 'peter@example.com' });

db.identities.ensureIndex({ identifier: 1 }, { unique: true });
db.identities.insert({ identifier: {user: 'peter'}, id: 'peter'});
db.identities.insert({ identifier: {email: 'peter@example.com', user: 'peter'}, id: 'peter'});

sh.enableSharding('users');
sh.shardCollection('users.identities', {identifier: 1});
db.users.ensureIndex({ _id: 1}, { unique: true });
sh.shardCollection('users.users', { _id: 1});

var identity = db.identities.findOne({ identifier: { email: 'peter@example.com', user: 'peter' } });
var user = db.users.find({ _id: identity.id }).toArray()[0];
print("user found by identity: " + user.email);
print("identity lookup stage: " + db.identities.find({ identifier: { email: 'peter@example.com', user: 'peter' } })
    .explain().queryPlanner.winningPlan.stage);
print("sharded collections: " + db.getSiblingDB('config').collections.find().toArray().map(c => c._id).join(", "));
