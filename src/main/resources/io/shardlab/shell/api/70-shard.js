// ---- sh (mongosh packages/shell-api/src/shard.ts) ------------------------------------------------
function configFind(coll, filter, sort) {
  var c = new Cursor(new Collection(new Database('config'), coll), filter || {});
  if (sort) c.sort(sort);
  return c.toArray();
}
// shard.ts _runShardCollection: an object in unique's place is the options
function runShardCollection(command, ns, key, unique, options) {
  if (typeof unique === 'object' && unique !== null) {
    options = unique;
    unique = undefined;
  }
  var cmd = {};
  cmd[command] = ns;
  cmd.key = key;
  if (unique !== undefined && unique !== null) cmd.unique = unique;
  if (options) Object.keys(options).forEach(function (k) { cmd[k] = options[k]; });
  return run('admin', cmd);
}
// config.settings / config.collections writes as shard.ts sends them (updateOne with writeConcern majority)
function configUpdate(coll, filter, update, upsert, wtimeout) {
  var statement = { q: filter, u: update };
  if (upsert) statement.upsert = true;
  statement.multi = false;
  return updateResult(writeReply(run('config', { update: coll, updates: [statement], ordered: true,
    writeConcern: { w: 'majority', wtimeout: wtimeout } }), true));
}
var AUTOSPLIT_WARNING = 'Starting in MongoDB 6.0.3, automatic chunk splitting is not performed. This is because of '
    + 'balancing policy improvements. Auto-splitting commands still exist, but do not perform an operation. For '
    + 'details, see Balancing Policy Changes: https://www.mongodb.com/docs/manual/release-notes/6.0/#balancing-policy-changes\n';
function serverAtLeast(version) {
  var have = String(run('admin', { buildInfo: 1 }).version).split('.').map(Number);
  var want = version.split('.').map(Number);
  for (var k = 0; k < want.length; k++) {
    if ((have[k] || 0) !== want[k]) return (have[k] || 0) > want[k];
  }
  return true;
}
function withHint(hint, body) {
  try {
    return body();
  } catch (e) {
    if (e && e.codeName === 'CommandNotFound') e.message = e.message + hint;
    throw e;
  }
}
var ALIAS_HINT = '. This method aliases to %s which exists only for server versions > 3.4.';
var sh = {
  enableSharding: function (database, primaryShard) {
    var cmd = { enableSharding: database };
    if (primaryShard !== undefined) cmd.primaryShard = primaryShard;
    return withHint('. Are you connected to mongos?', function () { return run('admin', cmd); });
  },
  shardCollection: function (ns, key, unique, options) {
    return withHint('. Are you connected to mongos?', function () {
      return runShardCollection('shardCollection', ns, key, unique, options);
    });
  },
  reshardCollection: function (ns, key, unique, options) {
    return runShardCollection('reshardCollection', ns, key, unique, options);
  },
  commitReshardCollection: function (ns) { return run('admin', { commitReshardCollection: ns }); },
  abortReshardCollection: function (ns) { return run('admin', { abortReshardCollection: ns }); },
  // shard.ts shardAndDistributeCollection: shardCollection, then reshardCollection with forceRedistribution
  shardAndDistributeCollection: function (ns, key, unique, options) {
    sh.shardCollection(ns, key, unique, options);
    if (typeof unique === 'object') options = unique;
    var reshard = { forceRedistribution: true };
    if (options && options.numInitialChunks !== undefined) reshard.numInitialChunks = options.numInitialChunks;
    if (options && options.collation !== undefined) reshard.collation = options.collation;
    return sh.reshardCollection(ns, key, reshard);
  },
  moveCollection: function (ns, toShard) { return run('admin', { moveCollection: ns, toShard: toShard }); },
  abortMoveCollection: function (ns) { return run('admin', { abortMoveCollection: ns }); },
  unshardCollection: function (ns, toShard) { return run('admin', { unshardCollection: ns, toShard: toShard }); },
  abortUnshardCollection: function (ns) { return run('admin', { abortUnshardCollection: ns }); },
  splitAt: function (ns, middle) { return run('admin', { split: ns, middle: middle }); },
  splitFind: function (ns, query) { return run('admin', { split: ns, find: query }); },
  moveChunk: function (ns, query, destination) { return run('admin', { moveChunk: ns, find: query, to: destination }); },
  // an omitted bound goes as null, as mongosh sends it (mongosh-client.md 2.3)
  moveRange: function (ns, toShard, min, max) {
    return run('admin', { moveRange: ns, toShard: toShard, min: min === undefined ? null : min,
      max: max === undefined ? null : max });
  },
  balancerCollectionStatus: function (ns) { return run('admin', { balancerCollectionStatus: ns }); },
  stopBalancer: function (timeout) {
    return run('admin', { balancerStop: 1, maxTimeMS: timeout === undefined ? 60000 : timeout });
  },
  startBalancer: function (timeout) {
    return run('admin', { balancerStart: 1, maxTimeMS: timeout === undefined ? 60000 : timeout });
  },
  setBalancerState: function (on) { return on ? sh.startBalancer() : sh.stopBalancer(); },
  // shard.ts getBalancerState: config.settings {_id: 'balancer'} absent or not stopped
  getBalancerState: function () {
    var doc = configCollection('settings').findOne({ _id: 'balancer' });
    return doc === null || !doc.stopped;
  },
  isBalancerRunning: function () { return run('admin', { balancerStatus: 1 }); },
  enableBalancing: function (ns) { return configUpdate('collections', { _id: ns }, { $set: { noBalance: false } }, false, 60000); },
  disableBalancing: function (ns) { return configUpdate('collections', { _id: ns }, { $set: { noBalance: true } }, false, 60000); },
  enableAutoSplit: function () {
    if (serverAtLeast('6.0.3')) deprecated(AUTOSPLIT_WARNING);
    return configUpdate('settings', { _id: 'autosplit' }, { $set: { enabled: true } }, true, 30000);
  },
  disableAutoSplit: function () {
    if (serverAtLeast('6.0.3')) deprecated(AUTOSPLIT_WARNING);
    return configUpdate('settings', { _id: 'autosplit' }, { $set: { enabled: false } }, true, 30000);
  },
  startAutoMerger: function () { return configUpdate('settings', { _id: 'automerge' }, { $set: { enabled: true } }, true, 30000); },
  stopAutoMerger: function () { return configUpdate('settings', { _id: 'automerge' }, { $set: { enabled: false } }, true, 30000); },
  isAutoMergerEnabled: function () {
    var doc = configCollection('settings').findOne({ _id: 'automerge' });
    return doc === null ? true : doc.enabled;
  },
  enableAutoMerger: function (ns) {
    return configUpdate('collections', { _id: ns }, { $unset: { enableAutoMerge: 1 } }, false, 60000);
  },
  disableAutoMerger: function (ns) {
    return configUpdate('collections', { _id: ns }, { $set: { enableAutoMerge: false } }, false, 60000);
  },
  enableMigrations: function (ns) { return run('admin', { setAllowMigrations: ns, allowMigrations: true }); },
  disableMigrations: function (ns) { return run('admin', { setAllowMigrations: ns, allowMigrations: false }); },
  addShard: function (url) { return run('admin', { addShard: url }); },
  addShardToZone: function (shard, zone) { return run('admin', { addShardToZone: shard, zone: zone }); },
  addShardTag: function (shard, tag) {
    return withHint(ALIAS_HINT.replace('%s', 'addShardToZone'), function () { return sh.addShardToZone(shard, tag); });
  },
  removeShardFromZone: function (shard, zone) { return run('admin', { removeShardFromZone: shard, zone: zone }); },
  removeShardTag: function (shard, tag) {
    return withHint(ALIAS_HINT.replace('%s', 'removeShardFromZone'), function () { return sh.removeShardFromZone(shard, tag); });
  },
  updateZoneKeyRange: function (ns, min, max, zone) {
    return run('admin', { updateZoneKeyRange: ns, min: min, max: max, zone: zone });
  },
  addTagRange: function (ns, min, max, zone) {
    return withHint(ALIAS_HINT.replace('%s', 'updateZoneKeyRange'), function () { return sh.updateZoneKeyRange(ns, min, max, zone); });
  },
  removeRangeFromZone: function (ns, min, max) {
    return run('admin', { updateZoneKeyRange: ns, min: min, max: max, zone: null });
  },
  removeTagRange: function (ns, min, max) {
    return withHint(ALIAS_HINT.replace('%s', 'updateZoneKeyRange'), function () { return sh.removeRangeFromZone(ns, min, max); });
  },
  // shard.ts getShardedDataDistribution: admin's aggregate, run at once (40324: not a mongos or too old)
  getShardedDataDistribution: function (options) {
    var cursor = aggregateCursor('admin', 1, [{ $shardedDataDistribution: options || {} }], {});
    try {
      cursor.hasNext();
    } catch (e) {
      if (e && Number(e.code) === 40324) {
        e.message = 'sh.getShardedDataDistribution only works on mongos and MongoDB server versions greater than '
            + '6.0.3 [Original Error: ' + e.message + ']';
      }
      throw e;
    }
    return cursor;
  },
  listShards: function (filter) {
    var cmd = { listShards: 1 };
    if (filter) cmd.filter = filter;
    var shards = run('admin', cmd).shards;
    return shards === undefined || shards === null ? [] : shards;
  },
  isConfigShardEnabled: function () {
    var shards = run('admin', { listShards: 1 }).shards || [];
    var config = shards.filter(function (s) { return s._id === 'config'; })[0];
    if (!config) return { enabled: false };
    var out = { enabled: true, host: config.host };
    if (config.tags) out.tags = config.tags;
    return out;
  },
  shardDrainingStatus: function (shardId) { return run('admin', { shardDrainingStatus: shardId === undefined ? 1 : shardId }); },
  checkMetadataConsistency: function (options) {
    return new CommandCursor('admin', Object.assign({ checkMetadataConsistency: 1 }, options));
  },
  status: function (verbose) { return shardingStatus(!!verbose); }
};

// sh.status(): mongosh packages/shell-api/src/helpers.ts getPrintableShardStatus, read from the config
// database through the command layer; printed as a StatsResult (key, value, '---').
function shardingStatus(verbose) {
  var result = {};
  var version = configFind('version', {})[0];
  if (version) { delete version.currentVersion; delete version.minCompatibleVersion; delete version.excluding;
    delete version.upgradeId; delete version.upgradeState; }
  result.shardingVersion = version;
  result.shards = configFind('shards', {}, { _id: 1 });
  var mongoses = configFind('mongos', {}, { ping: -1 });
  if (mongoses.length === 0) {
    result['active mongoses'] = 'none';
  } else {
    var recent = mongoses[0].ping.getTime(), versions = {};
    var active = mongoses.filter(function (m) { return m.ping.getTime() > recent - 60000; });
    active.forEach(function (m) { versions[m.mongoVersion] = (versions[m.mongoVersion] || 0) + 1; });
    var key = Date.now() - recent <= 60000 ? 'active mongoses' : 'most recently active mongoses';
    result[key] = verbose ? active : Object.keys(versions).sort(function (a, b) { return versions[b] - versions[a]; })
        .map(function (v) { var o = {}; o[v] = versions[v]; return o; });
  }
  var autosplit = configFind('settings', { _id: 'autosplit' })[0];
  result.autosplit = { 'Currently enabled': !autosplit || autosplit.enabled ? 'yes' : 'no' };
  var automerge = configFind('settings', { _id: 'automerge' })[0];
  if (automerge) result.automerge = { 'Currently enabled': automerge.enabled ? 'yes' : 'no' };
  var balancerSettings = configFind('settings', { _id: 'balancer' })[0];
  // key order as mongosh 2.12.0 prints it (observed): enabled, running, failed rounds, migrations; mongosh
  // reads these in parallel, and 'Currently running' sometimes lands after the failed rounds there
  var balancer = { 'Currently enabled': !balancerSettings || !balancerSettings.stopped ? 'yes' : 'no' };
  try {
    balancer['Currently running'] = run('admin', { balancerStatus: 1 }).inBalancerRound ? 'yes' : 'no';
  } catch (e) {
    balancer['Currently running'] = 'unknown';
  }
  if (balancerSettings && balancerSettings.activeWindow) {
    balancer['Balancer active window is set between'] = balancerSettings.activeWindow.start + ' and '
        + balancerSettings.activeWindow.stop + ' server local time';
  }
  var locks = configFind('locks', { state: { $eq: 2 } });
  if (locks.length) {
    balancer['Collections with active migrations'] = locks.map(function (l) { return l._id + ' started at ' + l.when; });
  }
  var rounds = configFind('actionlog', { what: 'balancer.round' }, { time: -1 }).slice(0, 5);
  var failed = rounds.filter(function (r) { return r.details && r.details.errorOccured; });
  balancer['Failed balancer rounds in last 5 attempts'] = failed.length;
  if (failed.length) {
    balancer['Last reported error'] = failed[0].details.errmsg;
    balancer['Time of Reported error'] = failed[0].time;
  }
  var since = new Date(Date.now() - 24 * 3600 * 1000);
  var moves = configFind('changelog', { time: { $gt: since }, what: 'moveChunk.from' });
  if (moves.length === 0) {
    balancer['Migration Results for the last 24 hours'] = 'No recent migrations';
  } else {
    var byResult = {};
    moves.forEach(function (m) {
      var ok = m.details && m.details.errmsg === undefined && m.details.note === 'success';
      var k = ok ? 'Success' : (m.details && m.details.errmsg ? m.details.errmsg : 'aborted');
      byResult[k] = (byResult[k] || 0) + 1;
    });
    balancer['Migration Results for the last 24 hours'] = byResult;
  }
  result.balancer = balancer;
  try {
    result.shardedDataDistribution = run('admin', { aggregate: 1, pipeline: [{ $shardedDataDistribution: {} }],
      cursor: {} }).cursor.firstBatch;
  } catch (e) {
    result.shardedDataDistribution = undefined;
  }
  var databases = configFind('databases', {}, { _id: 1 });
  databases.push({ _id: 'config', primary: 'config', partitioned: true });
  databases.sort(function (a, b) { return a._id < b._id ? -1 : (a._id > b._id ? 1 : 0); });
  var collections = configFind('collections', { dropped: { $ne: true }, unsplittable: { $ne: true } }, { _id: 1 });
  result.databases = databases.map(function (database) {
    var colls = {};
    collections.filter(function (c) { return c._id.indexOf(database._id + '.') === 0; }).forEach(function (c) {
      var match = c.timestamp !== undefined ? { uuid: c.uuid } : { ns: c._id };
      var chunks = configFind('chunks', match, { min: 1 });
      var perShard = {};
      chunks.forEach(function (ch) { perShard[ch.shard] = (perShard[ch.shard] || 0) + 1; });
      var shown = verbose ? chunks : chunks.slice(0, 20);
      var chunkLines = shown.map(function (ch) {
        var line = { min: ch.min, max: ch.max, 'on shard': ch.shard, 'last modified': ch.lastmod };
        if (ch.jumbo) line.jumbo = 'yes';
        // mongosh 2.12.0 shows each chunk on one line, however long, where it lays sh.status() out as a
        // value (the REPL, print); printjson still breaks it (observed against serve)
        Object.defineProperty(line, '__oneLine', { value: true });
        return line;
      });
      if (chunks.length > shown.length) chunkLines.push('too many chunks to print, use verbose if you want to force print');
      var tags = configFind('tags', { ns: c._id }, { min: 1 });
      var tagLines = (verbose ? tags : tags.slice(0, 20)).map(function (t) { return { tag: t.tag, min: t.min, max: t.max }; });
      if (!verbose && tags.length >= 20) tagLines.push('too many tags to print, use verbose if you want to force print');
      colls[c._id] = {
        shardKey: c.key,
        unique: !!c.unique,
        balancing: !c.noBalance,
        allowMigrations: !(c.permitMigrations === false || c.allowMigrations === false),
        chunkMetadata: Object.keys(perShard).sort().map(function (s) { return { shard: s, nChunks: perShard[s] }; }),
        chunks: chunkLines,
        tags: tagLines
      };
    });
    return { database: database, collections: colls };
  });
  return new StatsResult(result);
}
function StatsResult(value) { this.value = value; }
StatsResult.prototype.__shellResult = function (width) {
  var value = this.value;
  return Object.keys(value).map(function (k) { return k + '\n' + inspect(value[k], width); }).join('\n---\n');
};
StatsResult.prototype.__inspect = function () { return this.__shellResult(host.breakLength); };

