// ---- databases: mongosh database.ts; db.NAME is a collection unless NAME is a method ----------------------
function Database(name) { this._name = name; this._collections = {}; this._proxy = null; }
Database.prototype.getName = function () { return this._name; };
Database.prototype.toString = function () { return this._name; };
Database.prototype.__inspect = function () { return this._name; };
Database.prototype.getCollection = function (name) {
  if (!this._collections[name]) this._collections[name] = collectionProxy(new Collection(this, name));
  return this._collections[name];
};
function commandDocument(cmd) {
  if (typeof cmd === 'string') { var c = {}; c[cmd] = 1; return c; }
  return cmd;
}
Database.prototype.runCommand = function (cmd) { return run(this._name, commandDocument(cmd)); };
Database.prototype.adminCommand = function (cmd) { return run('admin', commandDocument(cmd)); };
Database.prototype.getSiblingDB = function (name) { return databaseProxy(new Database(String(name))); };
// the legacy shell's name (mongo src/mongo/shell/db.js DB.prototype.getSisterDB), gone from mongosh
Database.prototype.getSisterDB = Database.prototype.getSiblingDB;
Database.prototype.getCollectionInfos = function (filter, options) {
  var cmd = Object.assign({ listCollections: 1, filter: filter || {} }, options || {});
  cmd.cursor = {};
  return new CommandCursor(this._name, cmd).toArray();
};
Database.prototype.getCollectionNames = function () {
  return this.getCollectionInfos({}, { nameOnly: true }).map(function (c) { return c.name; });
};
Database.prototype.createCollection = function (name, options) {
  return run(this._name, Object.assign({ create: name }, options));
};
Database.prototype.createView = function (name, source, pipeline, options) {
  return run(this._name, Object.assign({ create: name, viewOn: source, pipeline: pipeline }, options));
};
Database.prototype.dropDatabase = function () { return run(this._name, { dropDatabase: 1 }); };
Database.prototype.printShardingStatus = function (verbose) { return shardingStatus(!!verbose); };
// database.ts aggregate: the database-level aggregate ({aggregate: 1})
Database.prototype.aggregate = function () {
  var args = Array.prototype.slice.call(arguments), pipeline, options;
  if (args.length === 0 || Array.isArray(args[0])) { pipeline = args[0] || []; options = args[1] || {}; }
  else { pipeline = args; options = {}; }
  return aggregateCursor(this._name, 1, pipeline, options);
};
Database.prototype.stats = function (scaleOrOptions) {
  var o = typeof scaleOrOptions === 'number' ? { scale: scaleOrOptions } : (scaleOrOptions || {});
  return run(this._name, Object.assign({ dbStats: 1, scale: 1 }, o));
};
Database.prototype.serverStatus = function (options) { return run('admin', Object.assign({ serverStatus: 1 }, options)); };
Database.prototype.serverBuildInfo = function () { return run('admin', { buildInfo: 1 }); };
Database.prototype.version = function () {
  var info = run('admin', { buildInfo: 1 });
  if (info.version === undefined) throw new MongoshRuntimeError('Error running command serverBuildInfo ' + (info.errmsg || ''));
  return info.version;
};
Database.prototype.hostInfo = function () { return run('admin', { hostInfo: 1 }); };
Database.prototype.serverCmdLineOpts = function () { return run('admin', { getCmdLineOpts: 1 }); };
Database.prototype.hello = function () {
  try {
    return run(this._name, { hello: 1 });
  } catch (e) {
    if (e.codeName !== 'CommandNotFound') throw e;
    var reply = this.isMaster();
    delete reply.ismaster;
    return reply;
  }
};
Database.prototype.isMaster = function () { return run(this._name, { isMaster: 1 }); };
Database.prototype.getUsers = function (options) { return run(this._name, Object.assign({ usersInfo: 1 }, options)); };
Database.prototype.getRoles = function (options) { return run(this._name, Object.assign({ rolesInfo: 1 }, options)); };
Database.prototype.getProfilingStatus = function () { return run(this._name, { profile: -1 }); };
Database.prototype.currentOp = function (options) {
  var ops = run('admin', { aggregate: 1, pipeline: [{ $currentOp: Object.assign({ allUsers: true }, options) }],
    cursor: {} }).cursor.firstBatch;
  return { inprog: ops, ok: 1 };
};
Database.prototype.killOp = function (op) { return run('admin', { killOp: 1, op: op }); };
Database.prototype.listCommands = function () { return run(this._name, { listCommands: 1 }).commands; };
Database.prototype.getMongo = function () { return mongo; };
Database.prototype.checkMetadataConsistency = function (options) {
  return new CommandCursor(this._name, Object.assign({ checkMetadataConsistency: 1 }, options));
};
// the helpers mongosh 2.12's shell API has (the methods of packages/shell-api database.ts, collection.ts,
// shard.ts) that this shell lacks, being about users, roles, replication, encryption or the server process:
// calling one says so in one line instead of naming a collection
var MONGOSH_DATABASE_HELPERS = ('auth changeUserPassword cloneCollection '
    + 'cloneDatabase commandHelp copyDatabase createEncryptedCollection createRole createUser '
    + 'dropAllRoles dropAllUsers dropRole dropUser fsyncLock fsyncUnlock '
    + 'getLastError getLastErrorObj getLogComponents getReplicationInfo getRole '
    + 'getUser grantPrivilegesToRole grantRolesToRole grantRolesToUser '
    + 'logout printCollectionStats printReplicationInfo printSecondaryReplicationInfo '
    + 'printSlaveReplicationInfo revokePrivilegesFromRole revokeRolesFromRole revokeRolesFromUser '
    + 'rotateCertificates serverBits setLogLevel '
    + 'setProfilingLevel setSecondaryOk shutdownServer sql updateRole updateUser watch').split(' ');
var MONGOSH_COLLECTION_HELPERS = ('bulkWrite compactStructuredEncryptionData convertToCapped createSearchIndex '
    + 'createSearchIndexes dropSearchIndex getMongo getPlanCache getSearchIndexes hideIndex '
    + 'initializeOrderedBulkOp initializeUnorderedBulkOp isCapped mapReduce reIndex unhideIndex '
    + 'updateSearchIndex watch').split(' ');
function absentHelper(owner, name) {
  return function () {
    throw new MongoshInvalidInputError(owner + '.' + name + '(): ShardLab\'s shell does not have this helper; '
        + 'db.runCommand() and db.adminCommand() send commands to the simulated mongos');
  };
}
function databaseProxy(database) {
  var proxy = new Proxy(database, {
    get: function (target, prop) {
      if (typeof prop !== 'string' || prop in target || prop.charAt(0) === '_') return target[prop];
      if (MONGOSH_DATABASE_HELPERS.indexOf(prop) >= 0) return absentHelper('db', prop);
      return target.getCollection(prop);
    }
  });
  database._proxy = proxy;
  return proxy;
}
function collectionProxy(coll) {
  return new Proxy(coll, {
    get: function (target, prop) {
      if (typeof prop !== 'string' || prop in target || prop.charAt(0) === '_') return target[prop];
      if (MONGOSH_COLLECTION_HELPERS.indexOf(prop) >= 0) return absentHelper('db.' + target._name, prop);
      return target._db.getCollection(target._name + '.' + prop);
    }
  });
}
