// ---- rs: no replica set here ---------------------------------------------------------------------
var rs = new Proxy({}, {
  get: function (target, prop) {
    return function () {
      throw new MongoshInvalidInputError('rs.' + String(prop) + '(): ShardLab simulates no replica set; '
          + 'its shards have no members');
    };
  }
});

// ---- globals -------------------------------------------------------------------------------------
var global = globalThis;
function print() {
  host.print(Array.prototype.slice.call(arguments).map(display).join(' '));
}
function define(name, value) {
  Object.defineProperty(global, name, { value: value, writable: true, configurable: true, enumerable: false });
}
define('print', print);
// mongosh's console.log prints as print does (Node's console in the REPL)
define('console', { log: print, info: print, warn: print, error: print });
define('printjson', function (v) { host.print(inspect(v)); });
define('sleep', function (ms) { host.sleep(Number(ms)); });
define('ObjectId', ObjectId);
define('ISODate', ISODate);
define('NumberLong', Long); define('Long', Long);
define('NumberInt', Int32); define('Int32', Int32);
define('NumberDecimal', Decimal128); define('Decimal128', Decimal128);
define('Double', Double);
define('Timestamp', Timestamp); define('MinKey', MinKey); define('MaxKey', MaxKey);
define('UUID', UUID); define('BinData', BinData); define('Binary', Binary);
define('BSONRegExp', function (pattern, flags) { return new RegExp(pattern, flags); });
define('EJSON', EJSON);
define('sh', sh);
define('rs', rs);
// mongosh's ways to reach another server: this shell has only the simulated cluster
function noServer(name) {
  return function () {
    throw new MongoshInvalidInputError(name + '(): ShardLab\'s shell reaches only the simulated cluster, '
        + 'no server');
  };
}
define('Mongo', noServer('Mongo'));
define('connect', noServer('connect'));
var mongo = {
  getDB: function (name) { return new Database(String(name)).getSiblingDB(name); },
  getDBNames: function () { return run('admin', { listDatabases: 1, nameOnly: true }).databases.map(function (d) { return d.name; }); },
  __inspect: function () { return 'mongodb://shardlab/'; }
};
global.db = databaseProxy(new Database('test'));
define('use', function (name) {
  global.db = global.db.getSiblingDB(name);
  return 'switched to db ' + name;
});
function ShellResult(text) { this.text = text; }
ShellResult.prototype.__shellResult = function () { return this.text; };
// text-table with mongosh's alignments (cli-repl format-output.js formatDatabases, formatCollections)
function textTable(rows, align) {
  var widths = [];
  rows.forEach(function (row) { row.forEach(function (cell, k) { widths[k] = Math.max(widths[k] || 0, cell.length); }); });
  return rows.map(function (row) {
    return row.map(function (cell, k) {
      var pad = ' '.repeat(widths[k] - cell.length);
      return align[k] === 'r' ? pad + cell : cell + pad;
    }).join('  ').replace(/\s+$/, '');
  }).join('\n');
}
// numeral's '0 ib' / '0.00 ib' (cli-repl format-output.js formatBytes): binary units
function formatBytes(value) {
  var bytes = Number(value || 0);
  var units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'];
  var power = 0;
  while (power < units.length - 1 && bytes >= Math.pow(1024, power + 1)) power++;
  return (bytes / Math.pow(1024, power)).toFixed(bytes <= 1000 ? 0 : 2) + ' ' + units[power];
}
// mongo.ts show: dbs, collections, users, roles, profile, log
define('show', function (what, argument) {
  if (what === 'dbs' || what === 'databases') {
    var dbs = run('admin', { listDatabases: 1 }).databases;
    return new ShellResult(textTable(dbs.map(function (d) { return [d.name, formatBytes(d.sizeOnDisk)]; }), ['l', 'r']));
  }
  if (what === 'collections' || what === 'tables') {
    var names = global.db.getCollectionNames().slice().sort(function (a, b) { return a.localeCompare(b); });
    var user = names.filter(function (n) { return n.indexOf('system.') !== 0; });
    var system = names.filter(function (n) { return n.indexOf('system.') === 0; });
    return new ShellResult(textTable(user.concat(system).map(function (n) { return [n, '']; }), ['l', 'l']));
  }
  if (what === 'users') return global.db.getUsers().users;
  if (what === 'roles') return global.db.getRoles({ showBuiltinRoles: true }).roles;
  if (what === 'log') return run('admin', { getLog: argument || 'global' }).log;
  if (what === 'logs') return run('admin', { getLog: '*' }).names;
  if (what === 'profile') {
    var count = global.db.getCollection('system.profile').countDocuments({});
    if (count === 0) {
      return new ShellResult('db.system.profile is empty.\nUse db.setProfilingLevel(2) will enable profiling.\n'
          + "Use db.getCollection('system.profile').find() to show raw profile entries.");
    }
    return global.db.getCollection('system.profile').find({ millis: { $gt: 0 } }).sort({ $natural: -1 }).limit(5).toArray();
  }
  throw new MongoshInvalidInputError("'" + what + "' is not a valid argument for \"show\".");
});
// the REPL's "it": the next batch of the cursor printed last (mongosh shell-instance-state currentCursor)
Object.defineProperty(global, 'it', { configurable: true, get: function () {
  return state.lastCursor && !state.lastCursor.isExhausted() ? state.lastCursor._it() : new CursorIterationResult([], false);
} });
// mongosh's load(file): runs the file's script in this shell's global scope
define('load', function (file) {
  var text = host.readScript(String(file));
  if (text === null) {
    throw new MongoshInvalidInputError("ENOENT: no such file or directory, open '" + file + "'");
  }
  (0, eval)(text);
  return true;
});

// what Tab offers after "path." (mongosh's autocompleter offers the shell API's methods and the
// collection names of db): own and inherited names, the shell's internal ones (leading _) left out.
// What a call returns, for completing after it without running it: mongosh's @returnType declarations
// (shell-api collection.ts find: 'Cursor', aggregate: 'AggregationCursor', explain: 'Explainable'; cursor.ts
// the cursorChainable methods: 'Cursor'; database.ts getSiblingDB: 'Database', getCollection: 'Collection')
var CURSOR_CHAIN = ['sort', 'limit', 'skip', 'projection', 'pretty', 'batchSize', 'hint', 'comment', 'maxTimeMS',
  'collation', 'min', 'max', 'returnKey', 'showRecordId', 'noCursorTimeout', 'allowDiskUse', 'readPref', 'map'];
var CALL_RETURNS = [
  [Collection, { find: Cursor, aggregate: AggregationCursor, explain: Explainable }],
  [Explainable, { find: ExplainableCursor }],
  [Cursor, CURSOR_CHAIN.reduce(function (m, k) { m[k] = Cursor; return m; }, {})],
  [AggregationCursor, { batchSize: AggregationCursor, map: AggregationCursor, pretty: AggregationCursor }],
  [Database, { getCollection: Collection, getSiblingDB: Database, getSisterDB: Database, aggregate: AggregationCursor }]
];
function callResult(receiver, method) {
  for (var k = 0; k < CALL_RETURNS.length; k++) {
    var returns = CALL_RETURNS[k][1];
    if (receiver instanceof CALL_RETURNS[k][0] && Object.prototype.hasOwnProperty.call(returns, method)) {
      return Object.create(returns[method].prototype);
    }
  }
  return undefined;
}
function completions(path) {
  var target = global;
  if (path !== '') {
    var parts = path.split('.');
    for (var k = 0; k < parts.length; k++) {
      if (target === null || target === undefined) return [];
      var part = parts[k];
      target = part.slice(-2) === '()' ? callResult(target, part.slice(0, -2)) : target[part];
    }
  }
  if (target === null || target === undefined) return [];
  var names = {};
  for (var o = Object(target); o !== null && o !== Object.prototype && o !== Function.prototype;
      o = Object.getPrototypeOf(o)) {
    Object.getOwnPropertyNames(o).forEach(function (n) {
      if (n.charAt(0) !== '_' && n !== 'constructor' && n !== 'toJSON') names[n] = true;
    });
    if (o === global) break;
  }
  if (target === global) ['db', 'sh', 'rs', 'it', 'use', 'show', 'print', 'printjson', 'load', 'sleep', 'EJSON']
      .forEach(function (n) { names[n] = true; });
  if (target instanceof Database) {
    try { target.getCollectionNames().forEach(function (n) { names[n] = true; }); } catch (e) { /* offline */ }
  }
  return Object.keys(names).sort();
}
// the text the shell prints for an expression's value (mongosh's REPL and --eval)
function shellText(v) {
  if (v === undefined) return undefined;
  if (v !== null && typeof v === 'object' && typeof v.__shellResult === 'function') {
    return v.__shellResult(host.resultBreakLength);
  }
  return typeof v === 'string' ? v : inspect(v, host.resultBreakLength);
}
// a promise the input ended with (an async function's call) is awaited, as mongosh's REPL awaits it: its
// value, or the error it was rejected with, once the engine has run the pending jobs
function settle(v) {
  if (v === null || typeof v !== 'object' || typeof v.then !== 'function' || !(v instanceof Promise)) return v;
  var outcome = { done: false };
  v.then(function (value) { outcome.done = true; outcome.value = value; },
      function (error) { outcome.done = true; outcome.error = error; outcome.failed = true; });
  return { __settled: outcome };
}
function settled(wrapper) {
  if (wrapper === null || typeof wrapper !== 'object' || !wrapper.__settled) return wrapper;
  var outcome = wrapper.__settled;
  if (!outcome.done) return undefined;
  if (outcome.failed) throw outcome.error;
  return outcome.value;
}
return {
  shellText: shellText,
  settle: settle,
  settled: settled,
  completions: completions,
  currentDatabase: function () { return global.db.getName(); },
  errorText: errorText
};
