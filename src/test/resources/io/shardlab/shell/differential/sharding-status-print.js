// sh.status() printed with print: laid out as the REPL shows the value, each chunk on one line
sh.enableSharding('data');
sh.shardCollection('data.data', {_id: 1});
sh.stopBalancer();
for (var i = 0; i < 25; i++) { sh.splitAt('data.data', {_id: i * 10}); }
sh.addShardToZone('shard01', 'EU');
sh.updateZoneKeyRange('data.data', {_id: 0}, {_id: 50}, 'EU');
print(sh.status());
