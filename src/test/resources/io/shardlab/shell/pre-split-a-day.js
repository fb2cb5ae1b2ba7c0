// The pre-split seed text (reference/seed-material/003, examples 6 to 8), its "/ first switch" comments
// written as comments, and the split sent to admin as a real mongos requires.
// first switch to the data DB
use data;
// now enable sharding for the data DB
sh.enableSharding("data");
// enable sharding on the relevant collection
sh.shardCollection("data.data", {"_id" : 1});
// Disable the balancer
sh.stopBalancer();
// first switch to the admin db
use admin;
// 60 minutes in one hour, 24 hours in a day
var numberOfMinutesInDay = 60*24;
var date = new Date(Date.UTC(2026, 0, 1));
date.setHours(0);
date.setMinutes(0)
date.setSeconds(0);

// Pre-split the collection
for(var i = 0; i < numberOfMinutesInDay; i++) {
  db.runCommand({ split: "data.data",
    middle: {_id: date}
  });

  date.setMinutes(date.getMinutes() + 1);
}
print(sh.getBalancerState());
// Enable the balancer
sh.startBalancer();
print(sh.getBalancerState());
printjson(sh.status());
