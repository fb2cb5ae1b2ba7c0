// Seed text 003, examples 6-8: pre-split a day of minutes with the balancer stopped, then start it.
// Mended for mongosh 2.12: 'use data' / 'use admin' become getSiblingDB (a 'use' line is not
// JavaScript inside --file), and the day starts at midnight UTC so the output is the same anywhere.
db = db.getSiblingDB("data");
sh.enableSharding("data");
sh.shardCollection("data.data", {"_id" : 1});
sh.stopBalancer();

db = db.getSiblingDB("admin");
var numberOfMinutesInDay = 60 * MINUTES_FACTOR;
var date = new Date(Date.UTC(2024, 0, 1));
for (var i = 0; i < numberOfMinutesInDay; i++) {
  db.runCommand({ split: "data.data", middle: {_id: date} });
  date.setMinutes(date.getMinutes() + 1);
}
print("balancer enabled before start: " + sh.getBalancerState());
sh.startBalancer();
print("balancer enabled after start: " + sh.getBalancerState());

var data = db.getSiblingDB("data").data;
for (var m = 0; m < 100; m++) {
  data.insertOne({_id: new Date(Date.UTC(2024, 0, 1, 0, m)), reading: m});
}
print("documents: " + data.countDocuments({}));
print("chunks: " + db.getSiblingDB("config").chunks.countDocuments({}));
print("stage of one minute: " + data.find({_id: new Date(Date.UTC(2024, 0, 1, 0, 7))}).explain().queryPlanner.winningPlan.stage);
printjson(sh.status());
