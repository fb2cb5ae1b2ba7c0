// ---- collections: mongosh collection.ts and explainable.ts; each helper sends the command the driver sends ----
function Collection(db, name) { this._db = db; this._name = name; }
Collection.prototype.getName = function () { return this._name; };
Collection.prototype.getFullName = function () { return this._db._name + '.' + this._name; };
Collection.prototype.getDB = function () { return this._db._proxy || this._db; };
Collection.prototype.toString = function () { return this.getFullName(); };
Collection.prototype.__inspect = function () { return this.getFullName(); };
// the driver adds a missing _id after the document's fields (mongodb lib/operations/insert.ts
// maybeAddIdToDocuments); the server puts it first
function withId(doc) {
  var copy = Object.assign({}, doc);
  if (copy._id === undefined || copy._id === null) copy._id = new ObjectId();
  return copy;
}
Collection.prototype.insertOne = function (doc) {
  doc = withId(doc);
  writeReply(run(this._db._name, { insert: this._name, documents: [doc], ordered: true }), true);
  return { acknowledged: true, insertedId: doc._id };
};
Collection.prototype.insertMany = function (docs, options) {
  var withIds = docs.map(withId);
  var ordered = !(options && options.ordered === false);
  writeReply(run(this._db._name, { insert: this._name, documents: withIds, ordered: ordered }), false, withIds);
  var ids = {};
  withIds.forEach(function (d, k) { ids[String(k)] = d._id; });
  return { acknowledged: true, insertedIds: ids };
};
Collection.prototype.insert = function (docs, options) {
  deprecated('Collection.insert() is deprecated. Use insertOne, insertMany, or bulkWrite.');
  return this.insertMany(Array.isArray(docs) ? docs : [docs], options);
};
function updateResult(reply) {
  var upserted = reply.upserted && reply.upserted.length ? reply.upserted[0]._id : null;
  return { acknowledged: true, insertedId: upserted, matchedCount: reply.n - (upserted === null ? 0 : 1),
    modifiedCount: reply.nModified, upsertedCount: upserted === null ? 0 : 1 };
}
function checkUpdate(update) {
  if (!Array.isArray(update)) {
    var keys = Object.keys(update);
    if (keys.length === 0 || keys[0].charAt(0) !== '$') {
      throw new MongoInvalidArgumentError('Update document requires atomic operators');
    }
  }
}
function updateStatement(filter, update, options, multi) {
  options = options || {};
  var statement = { q: filter, u: update };
  if (options.upsert !== undefined) statement.upsert = !!options.upsert;
  statement.multi = multi;
  if (options.arrayFilters) statement.arrayFilters = options.arrayFilters;
  if (options.collation) statement.collation = options.collation;
  if (options.hint) statement.hint = options.hint;
  return statement;
}
Collection.prototype._update = function (filter, update, options, multi) {
  var command = { update: this._name, updates: [updateStatement(filter, update, options, multi)], ordered: true };
  if (options && options.explain) return this._explainCommand(command, options.explain);
  return updateResult(writeReply(run(this._db._name, command), true));
};
Collection.prototype._explainCommand = function (command, verbosity) {
  verbosity = explainVerbosity(verbosity);
  return new ExplainOutput(run(this._db._name, { explain: command, verbosity: verbosity }));
};
Collection.prototype.updateOne = function (f, u, o) { checkUpdate(u); return this._update(f, u, o, false); };
Collection.prototype.updateMany = function (f, u, o) { checkUpdate(u); return this._update(f, u, o, true); };
Collection.prototype.replaceOne = function (f, r, o) { return this._update(f, r, o, false); };
Collection.prototype.update = function (f, u, o) {
  deprecated('Collection.update() is deprecated. Use updateOne, updateMany, or bulkWrite.');
  checkUpdate(u);
  return this._update(f, u, o, !!(o && o.multi));
};
Collection.prototype._delete = function (filter, limit, options) {
  var command = { delete: this._name, deletes: [{ q: filter, limit: limit }], ordered: true };
  if (options && options.explain) return this._explainCommand(command, options.explain);
  var reply = writeReply(run(this._db._name, command), true);
  return { acknowledged: true, deletedCount: reply.n };
};
Collection.prototype.deleteOne = function (f, o) { return this._delete(f, 1, o); };
Collection.prototype.deleteMany = function (f, o) { return this._delete(f, 0, o); };
// helpers.ts processRemoveOptions: a boolean second argument is justOne
Collection.prototype.remove = function (f, options) {
  deprecated('Collection.remove() is deprecated. Use deleteOne, deleteMany, findOneAndDelete, or bulkWrite.');
  var o = typeof options === 'boolean' ? { justOne: options } : Object.assign({ justOne: false }, options);
  return this._delete(f || {}, o.justOne ? 1 : 0, o);
};
Collection.prototype.find = function (filter, projection, options) {
  var cursor = new Cursor(this, filter, projection);
  options = options || {};
  Object.keys(options).forEach(function (k) { if (k !== 'explain') cursor._options[k] = options[k]; });
  if (options.explain) return cursor.explain(options.explain);
  return cursor;
};
Collection.prototype.findOne = function (filter, projection, options) {
  var cursor = this.find(filter, projection, options).limit(1);
  var docs = cursor.toArray();
  return docs.length ? docs[0] : null;
};
// collection.ts findAndModify: findOneAndDelete / findOneAndUpdate / findOneAndReplace through the
// findAndModify command (driver FindAndModifyOperation: query, remove, new, upsert, update, fields, sort)
Collection.prototype.findAndModify = function (spec) {
  if (!spec || spec.query === undefined) {
    throw new MongoshInvalidInputError('Missing required property: "query"', 'COMMON-10001');
  }
  if (!spec.remove && !spec.update) {
    throw new MongoshInvalidInputError('Must specify options.update or options.remove', 'COMMON-10001');
  }
  var cmd = { findAndModify: this._name, query: spec.query };
  if (spec.sort !== undefined) cmd.sort = spec.sort;
  cmd.remove = !!spec.remove;
  if (!spec.remove) {
    cmd.new = !!spec.new;
    cmd.upsert = !!spec.upsert;
    cmd.update = spec.update;
  }
  var fields = spec.projection !== undefined ? spec.projection : spec.fields;
  if (fields !== undefined) cmd.fields = fields;
  ['arrayFilters', 'collation', 'hint', 'bypassDocumentValidation', 'maxTimeMS'].forEach(function (k) {
    if (spec[k] !== undefined) cmd[k] = spec[k];
  });
  if (spec.explain) return this._explainCommand(cmd, spec.explain);
  return run(this._db._name, cmd).value;
};
Collection.prototype._findOneAnd = function (filter, options, extra) {
  options = options || {};
  var cmd = Object.assign({ findAndModify: this._name, query: filter }, extra);
  if (options.sort !== undefined) cmd.sort = options.sort;
  if (options.projection !== undefined) cmd.fields = options.projection;
  if (options.explain) return this._explainCommand(cmd, options.explain);
  return run(this._db._name, cmd).value;
};
function returnsNew(options) {
  options = options || {};
  if (options.returnDocument !== undefined) return options.returnDocument === 'after';
  if (options.returnOriginal !== undefined) return !options.returnOriginal;
  if (options.returnNewDocument !== undefined) return !!options.returnNewDocument;
  return !!options.new;
}
Collection.prototype.findOneAndDelete = function (filter, options) {
  return this._findOneAnd(filter, options, { remove: true });
};
Collection.prototype.findOneAndUpdate = function (filter, update, options) {
  return this._findOneAnd(filter, options,
      { remove: false, new: returnsNew(options), upsert: !!(options && options.upsert), update: update });
};
Collection.prototype.findOneAndReplace = function (filter, replacement, options) {
  return this._findOneAnd(filter, options,
      { remove: false, new: returnsNew(options), upsert: !!(options && options.upsert), update: replacement });
};
// the driver's countDocuments: $match, optional $skip / $limit, $group
Collection.prototype.countDocuments = function (filter, options) {
  var pipeline = [{ $match: filter || {} }];
  if (options && options.skip) pipeline.push({ $skip: options.skip });
  if (options && options.limit) pipeline.push({ $limit: options.limit });
  pipeline.push({ $group: { _id: 1, n: { $sum: 1 } } });
  var reply = run(this._db._name, { aggregate: this._name, pipeline: pipeline, cursor: {} });
  return reply.cursor.firstBatch.length ? Number(reply.cursor.firstBatch[0].n) : 0;
};
Collection.prototype.count = function (filter, options) {
  deprecated('Collection.count() is deprecated. Use countDocuments or estimatedDocumentCount.');
  var cmd = { count: this._name, query: filter || {} };
  if (options) Object.keys(options).forEach(function (k) { if (k !== 'explain') cmd[k] = options[k]; });
  if (options && options.explain) return this._explainCommand(cmd, options.explain);
  return run(this._db._name, cmd).n;
};
Collection.prototype.estimatedDocumentCount = function () { return run(this._db._name, { count: this._name }).n; };
Collection.prototype.distinct = function (key, filter, options) {
  var cmd = { distinct: this._name, key: key, query: filter || {} };
  if (options && options.explain) return this._explainCommand(cmd, options.explain);
  return run(this._db._name, cmd).values;
};
function indexName(keys) { return Object.keys(keys).map(function (k) { return k + '_' + keys[k]; }).join('_'); }
Collection.prototype.createIndexes = function (specs, options) {
  var indexes = specs.map(function (keys) {
    var spec = { key: keys, name: (options && options.name) || indexName(keys) };
    if (options) Object.keys(options).forEach(function (k) { if (k !== 'name') spec[k] = options[k]; });
    return spec;
  });
  run(this._db._name, { createIndexes: this._name, indexes: indexes });
  return indexes.map(function (s) { return s.name; });
};
Collection.prototype.createIndex = function (keys, options) { return this.createIndexes([keys], options)[0]; };
Collection.prototype.ensureIndex = function (keys, options) { return this.createIndexes([keys], options); };
Collection.prototype.getIndexes = function () {
  return new CommandCursor(this._db._name, { listIndexes: this._name, cursor: {} }).toArray();
};
Collection.prototype.getIndexSpecs = Collection.prototype.getIndexes;
Collection.prototype.getIndices = Collection.prototype.getIndexes;
Collection.prototype.getIndexKeys = function () { return this.getIndexes().map(function (i) { return i.key; }); };
Collection.prototype.dropIndex = function (index) { return run(this._db._name, { dropIndexes: this._name, index: index }); };
Collection.prototype.dropIndexes = function (indexes) {
  return run(this._db._name, { dropIndexes: this._name, index: indexes === undefined ? '*' : indexes });
};
Collection.prototype.drop = function () {
  try { run(this._db._name, { drop: this._name }); return true; } catch (e) { if (e.code === 26) return false; throw e; }
};
Collection.prototype.exists = function () {
  var infos = this._db.getCollectionInfos({ name: this._name });
  return infos.length ? infos[0] : null;
};
Collection.prototype.runCommand = function (name, options) {
  var cmd = typeof name === 'string' ? Object.assign({ [name]: this._name }, options) : name;
  return run(this._db._name, cmd);
};
// collection.ts aggregate: a pipeline array (or stages as arguments) and options; {explain} explains it
Collection.prototype.aggregate = function () {
  var args = Array.prototype.slice.call(arguments);
  var pipeline, options;
  if (args.length === 0 || Array.isArray(args[0])) { pipeline = args[0] || []; options = args[1] || {}; }
  else { pipeline = args; options = {}; }
  return aggregateCursor(this._db._name, this._name, pipeline, options);
};
function aggregateCursor(dbName, target, pipeline, options) {
  var o = Object.assign({}, options), explain;
  if ('explain' in o) { explain = explainVerbosity(o.explain); delete o.explain; }
  var cursor = new AggregationCursor(dbName, target, pipeline, o);
  if (explain) return cursor.explain(explain);
  if (hasWriteStage(pipeline)) cursor.hasNext();
  return cursor;
}
Collection.prototype.explain = function (verbosity) {
  return new Explainable(this, explainVerbosity(verbosity === undefined ? 'queryPlanner' : verbosity));
};
Collection.prototype.getShardVersion = function () {
  return run('admin', { getShardVersion: this.getFullName() });
};
// collection.ts getShardLocation: $listClusterCatalog on the database
Collection.prototype.getShardLocation = function () {
  var found = this._db.aggregate([{ $listClusterCatalog: { shards: true } }, { $match: { ns: this.getFullName() } },
    { $project: { _id: 0, shards: 1, sharded: 1 } }]).toArray();
  if (found.length) return { shards: found[0].shards, sharded: found[0].sharded };
  throw new MongoshRuntimeError('Error finding location information for ' + this.getFullName(), 'COMMON-10004');
};
var SHARDED_ONLY = { dropped: { $ne: true }, unsplittable: { $ne: true } }; // helpers.ts onlyShardedCollectionsInConfigFilter
function configCollection(name) { return new Collection(new Database('config'), name); }
// collection.ts getShardDistribution: $collStats per shard, config.collections, shards' hosts, chunk counts
Collection.prototype.getShardDistribution = function () {
  var result = {};
  var collStats = this.aggregate({ $collStats: { storageStats: {} } }).toArray();
  var ns = this.getFullName();
  var info = configCollection('collections').findOne(Object.assign({ _id: ns }, SHARDED_ONLY));
  if (info === null) {
    throw new MongoshInvalidInputError('Collection ' + this._name + ' is not sharded', 'SHAPI-10001');
  }
  var match = Object.prototype.hasOwnProperty.call(info, 'timestamp') ? { uuid: info.uuid } : { ns: info._id };
  var totals = { numChunks: 0, size: 0, count: 0 }, concise = [];
  collStats.forEach(function (shardStats) {
    var shard = shardStats.shard;
    var host = configCollection('shards').findOne({ _id: shard });
    var numChunks = configCollection('chunks').countDocuments(Object.assign({}, match, { shard: shard }));
    var storage = shardStats.storageStats;
    var ownedSize = toNumber(storage.size) - (toNumber(storage.numOrphanDocs) || 0) * (toNumber(storage.avgObjSize) || 0);
    var stats = { shardId: shard, host: host !== null ? host.host : null, size: ownedSize, count: storage.count,
      numChunks: numChunks, avgObjSize: storage.avgObjSize };
    var count = stats.count === undefined ? NaN : toNumber(stats.count);
    result['Shard ' + shard + ' at ' + stats.host] = {
      data: dataFormat(ownedSize), docs: stats.count === undefined ? NaN : stats.count, chunks: numChunks,
      'estimated data per chunk': dataFormat(numChunks === 0 ? 0 : ownedSize / numChunks),
      'estimated docs per chunk': numChunks === 0 ? 0 : Math.floor(count / numChunks)
    };
    totals.size += ownedSize; totals.count += count; totals.numChunks += numChunks;
    concise.push(stats);
  });
  var total = { data: dataFormat(totals.size), docs: totals.count, chunks: totals.numChunks };
  concise.forEach(function (s) {
    var dataPercent = totals.size === 0 ? 0 : Math.floor(s.size / totals.size * 10000) / 100;
    var docPercent = totals.count === 0 ? 0 : Math.floor(toNumber(s.count) / totals.count * 10000) / 100;
    total['Shard ' + s.shardId] = [dataPercent + ' % data', docPercent + ' % docs in cluster',
      dataFormat(toNumber(s.avgObjSize)) + ' avg obj size on shard'];
  });
  result.Totals = total;
  return new StatsResult(result);
};
// helpers.ts dataFormat and coerceToJSNumber
function dataFormat(bytes) {
  if (bytes === null || bytes === undefined) return '0B';
  if (bytes < 1024) return Math.floor(bytes) + 'B';
  if (bytes < 1024 * 1024) return Math.floor(bytes / 1024) + 'KiB';
  if (bytes < 1024 * 1024 * 1024) return Math.floor(Math.floor(bytes / 1024) / 1024 * 100) / 100 + 'MiB';
  return Math.floor(Math.floor(bytes / (1024 * 1024)) / 1024 * 100) / 100 + 'GiB';
}
function toNumber(n) {
  if (n === undefined || n === null) return n;
  return typeof n === 'number' ? n : (typeof n.toNumber === 'function' ? n.toNumber() : Number(n.valueOf()));
}
// collection.ts stats: $collStats storageStats summed over the shards (_aggregateAndScaleCollStats)
Collection.prototype.stats = function (options) {
  options = typeof options === 'number' ? { scale: options } : Object.assign({}, options);
  var scale = options.scale || 1;
  var collStats = this.aggregate([{ $collStats: { storageStats: { scale: 1 } } }]).toArray();
  if (!collStats.length) {
    throw new MongoshRuntimeError('Error running $collStats aggregation stage on ' + this.getFullName(), 'COMMON-10004');
  }
  var result = { ok: 1 }, shardStats = {}, counts = {}, indexSizes = {}, unscaledSize = 0, nindexes = 0, maxSize = 0;
  collStats.forEach(function (shardResult) {
    var s = shardResult.storageStats;
    var objects = s.count !== undefined ? toNumber(s.count) : 0;
    Object.keys(s).forEach(function (field) {
      if (['ns', 'ok', 'lastExtentSize', 'paddingFactor'].indexOf(field) >= 0) return;
      if (['userFlags', 'capped', 'max', 'paddingFactorNote', 'indexDetails', 'wiredTiger'].indexOf(field) >= 0) {
        if (result[field] === undefined) result[field] = s[field];
      } else if (['count', 'size', 'storageSize', 'totalIndexSize', 'totalSize', 'numOrphanDocs'].indexOf(field) >= 0) {
        counts[field] = (counts[field] || 0) + toNumber(s[field]);
      } else if (field === 'avgObjSize') {
        unscaledSize += toNumber(s[field]) * objects;
      } else if (field === 'maxSize') {
        maxSize = Math.max(maxSize, toNumber(s[field]));
      } else if (field === 'indexSizes') {
        Object.keys(s.indexSizes).forEach(function (i) { indexSizes[i] = (indexSizes[i] || 0) + toNumber(s.indexSizes[i]); });
      } else if (field === 'nindexes') {
        if (nindexes === 0 || s.nindexes > nindexes) nindexes = s.nindexes;
      }
    });
    if (shardResult.shard) shardStats[shardResult.shard] = scaleShardStats(s, scale);
  });
  if (collStats[0].shard) result.shards = shardStats;
  try {
    result.sharded = configCollection('collections').findOne(
        Object.assign({ _id: { $in: [this.getFullName()] } }, SHARDED_ONLY)) !== null;
  } catch (e) {
    result.sharded = collStats.length > 1;
  }
  Object.keys(counts).forEach(function (field) {
    result[field] = ['size', 'storageSize', 'totalIndexSize', 'totalSize'].indexOf(field) >= 0 ? counts[field] / scale : counts[field];
  });
  result.indexSizes = {};
  Object.keys(indexSizes).forEach(function (i) { result.indexSizes[i] = indexSizes[i] / scale; });
  result.avgObjSize = counts.count > 0 ? unscaledSize / counts.count : 0;
  if (result.capped) result.maxSize = maxSize / scale;
  result.ns = this.getFullName();
  result.nindexes = nindexes;
  if (collStats[0].storageStats.scaleFactor !== undefined) result.scaleFactor = scale;
  result.ok = 1;
  if (!options.indexDetails) {
    delete result.indexDetails;
    Object.keys(shardStats).forEach(function (s) { delete shardStats[s].indexDetails; });
  }
  return result;
};
function scaleShardStats(stats, scale) {
  var scaled = {};
  Object.keys(stats).forEach(function (field) {
    if (['size', 'maxSize', 'storageSize', 'totalIndexSize', 'totalSize'].indexOf(field) >= 0) {
      scaled[field] = toNumber(stats[field]) / scale;
    } else if (field === 'scaleFactor') {
      scaled[field] = scale;
    } else if (field === 'indexSizes') {
      scaled[field] = {};
      Object.keys(stats.indexSizes).forEach(function (i) { scaled[field][i] = toNumber(stats.indexSizes[i]) / scale; });
    } else {
      scaled[field] = stats[field];
    }
  });
  return scaled;
}
Collection.prototype._storageStat = function (key) {
  var docs = this.aggregate([{ $collStats: { storageStats: {} } },
    { $group: { _id: null, value: { $sum: '$storageStats.' + key } } }]).toArray();
  return docs[0].value;
};
Collection.prototype.dataSize = function () { return this._storageStat('size'); };
Collection.prototype.storageSize = function () { return this._storageStat('storageSize'); };
Collection.prototype.totalSize = function () { return this._storageStat('totalSize'); };
Collection.prototype.totalIndexSize = function () { return this._storageStat('totalIndexSize'); };
Collection.prototype.latencyStats = function (options) {
  return this.aggregate([{ $collStats: { latencyStats: options || {} } }]).toArray();
};
Collection.prototype.validate = function (options) {
  var o = typeof options === 'boolean' || options === undefined ? { full: !!options } : options;
  return run(this._db._name, Object.assign({ validate: this._name }, o));
};
Collection.prototype.renameCollection = function (newName, dropTarget) {
  run('admin', { renameCollection: this.getFullName(), to: this._db._name + '.' + newName, dropTarget: !!dropTarget });
  return { ok: 1 };
};
Collection.prototype.analyzeShardKey = function (key, options) {
  return run('admin', Object.assign({ analyzeShardKey: this.getFullName(), key: key }, options));
};
Collection.prototype.configureQueryAnalyzer = function (options) {
  return run('admin', Object.assign({ configureQueryAnalyzer: this.getFullName() }, options));
};
Collection.prototype.checkMetadataConsistency = function (options) {
  return new CommandCursor(this._db._name, Object.assign({ checkMetadataConsistency: this._name }, options));
};

// explainable.ts: db.c.explain(verbosity).find/aggregate/count/distinct/findAndModify/remove/update
function Explainable(coll, verbosity) { this._collection = coll; this._verbosity = verbosity; }
Explainable.prototype.__inspect = function () { return 'Explainable(' + this._collection.getFullName() + ')'; };
Explainable.prototype.getCollection = function () { return this._collection; };
Explainable.prototype.getVerbosity = function () { return this._verbosity; };
Explainable.prototype.setVerbosity = function (v) { this._verbosity = explainVerbosity(v); };
Explainable.prototype.find = function (query, projection) {
  return new ExplainableCursor(this._collection.find(query, projection), this._verbosity);
};
Explainable.prototype.aggregate = function () {
  var args = Array.prototype.slice.call(arguments), pipeline, options;
  if (Array.isArray(args[0])) { pipeline = args[0]; options = args[1] || {}; } else { pipeline = args; options = {}; }
  return this._collection.aggregate(pipeline, Object.assign({}, options, { explain: this._verbosity }));
};
Explainable.prototype.count = function (query, options) {
  return this._collection._explainCommand(Object.assign({ count: this._collection._name, query: query || {} }, options),
      this._verbosity);
};
Explainable.prototype.distinct = function (field, query, options) {
  return this._collection.distinct(field, query || {}, Object.assign({}, options, { explain: this._verbosity }));
};
Explainable.prototype.findAndModify = function (options) {
  return this._collection.findAndModify(Object.assign({}, options, { explain: this._verbosity }));
};
Explainable.prototype.findOneAndDelete = function (filter, options) {
  return this._collection.findOneAndDelete(filter, Object.assign({}, options, { explain: this._verbosity }));
};
Explainable.prototype.findOneAndUpdate = function (filter, update, options) {
  return this._collection.findOneAndUpdate(filter, update, Object.assign({}, options, { explain: this._verbosity }));
};
Explainable.prototype.findOneAndReplace = function (filter, r, options) {
  return this._collection.findOneAndReplace(filter, r, Object.assign({}, options, { explain: this._verbosity }));
};
Explainable.prototype.remove = function (query, options) {
  var o = typeof options === 'boolean' ? { justOne: options } : Object.assign({ justOne: false }, options);
  return this._collection.remove(query, Object.assign(o, { explain: this._verbosity }));
};
Explainable.prototype.update = function (filter, update, options) {
  return this._collection.update(filter, update, Object.assign({}, options, { explain: this._verbosity }));
};
