// ---- cursors: mongosh abstract-cursor.ts, cursor.ts, aggregation-cursor.ts, explainable-cursor.ts over the
// driver's find and aggregate cursors (the first batch from find/aggregate, the rest through getMore) ----------
// the shell's state between inputs: the cursor "it" continues
var state = { lastCursor: null };
var DISPLAY_BATCH_SIZE = 20; // mongosh's displayBatchSize: documents a printed cursor or "it" shows

function BaseCursor() {}
BaseCursor.prototype._open = function (dbName, collName) {
  this._dbName = dbName; this._collName = collName; this._buffer = []; this._started = false;
  this._cursorId = null; this._transform = null; this._batchSize = undefined; this._iteration = null;
};
BaseCursor.prototype._start = function () {
  if (this._started) return;
  this._started = true;
  this._take(run(this._dbName, this._firstCommand()).cursor, 'firstBatch');
};
BaseCursor.prototype._take = function (cursor, batch) {
  this._buffer = this._buffer.concat(cursor[batch] || []);
  this._cursorId = cursor.id;
  if (cursor.ns) this._collName = cursor.ns.substring(cursor.ns.indexOf('.') + 1);
};
BaseCursor.prototype._serverOpen = function () {
  return this._cursorId !== null && this._cursorId !== undefined && String(this._cursorId) !== '0';
};
BaseCursor.prototype._getMore = function () {
  var cmd = { getMore: this._cursorId instanceof Long ? this._cursorId : new Long(String(this._cursorId)),
    collection: this._collName };
  if (this._batchSize) cmd.batchSize = this._batchSize;
  this._take(run(this._dbName, cmd).cursor, 'nextBatch');
};
BaseCursor.prototype._tryNextRaw = function () {
  this._start();
  while (this._buffer.length === 0 && this._serverOpen()) this._getMore();
  return this._buffer.length ? this._buffer.shift() : null;
};
BaseCursor.prototype._tryNext = function () {
  var doc = this._tryNextRaw();
  return doc !== null && this._transform !== null ? this._transform(doc) : doc;
};
BaseCursor.prototype.hasNext = function () {
  this._start();
  while (this._buffer.length === 0 && this._serverOpen()) this._getMore();
  return this._buffer.length > 0;
};
BaseCursor.prototype.next = function () { return this._tryNext(); };
BaseCursor.prototype.tryNext = function () { return this._tryNext(); };
BaseCursor.prototype.toArray = function () {
  var docs = [], doc;
  while ((doc = this._tryNext()) !== null) docs.push(doc);
  return docs;
};
BaseCursor.prototype.forEach = function (f) {
  var doc;
  while ((doc = this._tryNext()) !== null) if (f(doc) === false) break;
};
BaseCursor.prototype.map = function (f) {
  var g = this._transform;
  this._transform = g === null ? f : function (doc) { return f(g(doc)); };
  return this;
};
BaseCursor.prototype.itcount = function () {
  var n = 0;
  while (this._tryNext() !== null) n++;
  return n;
};
BaseCursor.prototype.isExhausted = function () { return this._started && !this._serverOpen() && this._buffer.length === 0; };
BaseCursor.prototype.isClosed = function () { return this._started && !this._serverOpen(); };
BaseCursor.prototype.objsLeftInBatch = function () { return this._buffer.length; };
BaseCursor.prototype.close = function () {
  if (this._serverOpen()) {
    run(this._dbName, { killCursors: this._collName, cursors: [new Long(String(this._cursorId))] });
  }
  this._started = true; this._cursorId = 0; this._buffer = [];
};
BaseCursor.prototype.pretty = function () { return this; };
BaseCursor.prototype.batchSize = function (n) { this._batchSize = n; return this; };
BaseCursor.prototype.maxTimeMS = function (ms) { this._options.maxTimeMS = ms; return this; };
BaseCursor.prototype.disableBlockWarnings = function () { return this; };
BaseCursor.prototype[Symbol.iterator] = function* () {
  var doc;
  while ((doc = this._tryNext()) !== null) yield doc;
};
BaseCursor.prototype[Symbol.asyncIterator] = async function* () {
  var doc;
  while ((doc = this._tryNext()) !== null) yield doc;
};
BaseCursor.prototype.toJSON = function () {
  throw new MongoshInvalidInputError('Cannot serialize a cursor to JSON. Did you mean to call .toArray() first?', 'COMMON-10001');
};
// AbstractFiniteCursor._it and helpers.ts iterate: the next batch of 20 for the REPL and "it"
BaseCursor.prototype._it = function () {
  var docs = [];
  while (!this.isExhausted() && docs.length < DISPLAY_BATCH_SIZE) {
    var doc = this._tryNext();
    if (doc === null) break;
    docs.push(doc);
  }
  state.lastCursor = this;
  return new CursorIterationResult(docs, !this.isExhausted());
};
BaseCursor.prototype.__shellResult = function (width) {
  var result = this._iteration !== null ? this._iteration : this._it();
  this._iteration = null;
  return result.documents.length ? result.__shellResult(width) : '';
};

function CursorIterationResult(documents, cursorHasMore) {
  this.documents = documents; this.cursorHasMore = cursorHasMore;
}
CursorIterationResult.prototype.__shellResult = function (width) {
  if (!this.documents.length) return 'no cursor';
  var text = inspect(this.documents, width, Infinity);
  return this.cursorHasMore ? text + '\nType "it" for more' : text;
};

// the find cursor (mongosh cursor.ts; the command as the driver's makeFindCommand builds it)
function Cursor(coll, filter, projection) {
  this._open(coll._db._name, coll._name);
  this._coll = coll; this._filter = filter === undefined || filter === null ? {} : filter;
  this._options = {};
  if (projection) this._options.projection = projection;
}
Cursor.prototype = Object.create(BaseCursor.prototype);
Cursor.prototype.constructor = Cursor;
Cursor.prototype._findCommand = function () {
  var o = this._options, cmd = { find: this._collName, filter: this._filter };
  if (o.sort !== undefined) cmd.sort = o.sort;
  if (o.projection !== undefined) cmd.projection = o.projection;
  if (o.hint !== undefined) cmd.hint = o.hint;
  if (o.skip) cmd.skip = o.skip;
  if (o.limit) {
    if (o.limit < 0) { cmd.limit = -o.limit; cmd.singleBatch = true; } else { cmd.limit = o.limit; }
  }
  if (this._batchSize) cmd.batchSize = o.limit && Math.abs(o.limit) < this._batchSize ? Math.abs(o.limit) : this._batchSize;
  if (o.comment !== undefined) cmd.comment = o.comment;
  if (o.maxTimeMS !== undefined) cmd.maxTimeMS = o.maxTimeMS;
  if (o.readConcern !== undefined) cmd.readConcern = o.readConcern;
  if (o.max !== undefined) cmd.max = o.max;
  if (o.min !== undefined) cmd.min = o.min;
  if (o.returnKey !== undefined) cmd.returnKey = o.returnKey;
  if (o.showRecordId !== undefined) cmd.showRecordId = o.showRecordId;
  if (o.noCursorTimeout) cmd.noCursorTimeout = true;
  if (o.allowPartialResults) cmd.allowPartialResults = true;
  if (o.collation !== undefined) cmd.collation = o.collation;
  if (o.allowDiskUse !== undefined) cmd.allowDiskUse = o.allowDiskUse;
  return cmd;
};
Cursor.prototype._firstCommand = Cursor.prototype._findCommand;
function option(name) {
  return function (value) {
    if (this._started) {
      throw new MongoshInvalidInputError('Cursor is already initialized');
    }
    this._options[name] = value;
    return this;
  };
}
['sort', 'limit', 'skip', 'projection', 'hint', 'comment', 'max', 'min', 'collation', 'returnKey', 'allowDiskUse']
    .forEach(function (name) { Cursor.prototype[name] = option(name); });
Cursor.prototype.showRecordId = function () { this._options.showRecordId = true; return this; };
Cursor.prototype.noCursorTimeout = function () { this._options.noCursorTimeout = true; return this; };
Cursor.prototype.allowPartialResults = function () { this._options.allowPartialResults = true; return this; };
Cursor.prototype.readConcern = function (level) { this._options.readConcern = { level: level }; return this; };
Cursor.prototype.readPref = function () { return this; };
// the driver's FindCursor.count: the count command with the cursor's filter, skip and limit
Cursor.prototype.count = function () {
  var cmd = { count: this._collName, query: this._filter };
  if (this._options.limit) cmd.limit = Math.abs(this._options.limit);
  if (this._options.skip) cmd.skip = this._options.skip;
  if (this._options.hint !== undefined) cmd.hint = this._options.hint;
  return run(this._dbName, cmd).n;
};
Cursor.prototype.size = Cursor.prototype.count;
// aggregate-or-find-cursor.ts explain: the find command inside explain; queryPlanner drops executionStats
Cursor.prototype.explain = function (verbosity) {
  verbosity = explainVerbosity(verbosity);
  return explainOutput(run(this._dbName, { explain: this._findCommand(), verbosity: verbosity }), verbosity);
};

// the aggregate cursor (aggregation-cursor.ts; the driver's AggregateOperation)
function AggregationCursor(dbName, target, pipeline, options) {
  this._open(dbName, typeof target === 'string' ? target : '$cmd.aggregate');
  this._target = target; this._pipeline = pipeline; this._options = Object.assign({}, options);
  if (this._options.batchSize !== undefined) { this._batchSize = this._options.batchSize; delete this._options.batchSize; }
}
AggregationCursor.prototype = Object.create(BaseCursor.prototype);
AggregationCursor.prototype.constructor = AggregationCursor;
AggregationCursor.prototype._aggregateCommand = function (explain) {
  var cmd = { aggregate: this._target, pipeline: this._pipeline };
  var o = this._options;
  Object.keys(o).forEach(function (k) { if (k !== 'cursor') cmd[k] = o[k]; });
  cmd.cursor = Object.assign({}, o.cursor || {});
  if (this._batchSize !== undefined && !explain && !hasWriteStage(this._pipeline)) cmd.cursor.batchSize = this._batchSize;
  return cmd;
};
AggregationCursor.prototype._firstCommand = function () { return this._aggregateCommand(false); };
AggregationCursor.prototype.explain = function (verbosity) {
  verbosity = explainVerbosity(verbosity);
  return explainOutput(run(this._dbName, { explain: this._aggregateCommand(true), verbosity: verbosity }), verbosity);
};
function hasWriteStage(pipeline) {
  return pipeline.some(function (stage) { return '$out' in stage || '$merge' in stage; });
}

// a cursor over a command's reply (run-command-cursor.ts): checkMetadataConsistency and the like
function CommandCursor(dbName, command) {
  this._open(dbName, '$cmd');
  this._command = command; this._options = {};
}
CommandCursor.prototype = Object.create(BaseCursor.prototype);
CommandCursor.prototype.constructor = CommandCursor;
CommandCursor.prototype._firstCommand = function () { return this._command; };

// helpers.ts validateExplainableVerbosity
function explainVerbosity(verbosity) {
  if (verbosity === true) return 'allPlansExecution';
  if (verbosity === false || verbosity === undefined) return 'queryPlanner';
  if (typeof verbosity !== 'string') throw new MongoshInvalidInputError('verbosity must be a string', 'COMMON-10001');
  return verbosity;
}
// aggregate-or-find-cursor.ts explain and helpers.ts markAsExplainOutput: printed at full depth
function explainOutput(reply, verbosity) {
  var explain = Object.assign({}, reply);
  if (verbosity !== undefined) {
    if (verbosity !== 'executionStats' && verbosity !== 'allPlansExecution' && explain.executionStats) {
      delete explain.executionStats;
    }
    if (verbosity === 'executionStats' && explain.executionStats && explain.executionStats.allPlansExecution) {
      delete explain.executionStats.allPlansExecution;
    }
  }
  return new ExplainOutput(explain);
}
function ExplainOutput(value) { Object.assign(this, value); }
ExplainOutput.prototype.__shellResult = function (width) { return inspect(Object.assign({}, this), width, Infinity); };
ExplainOutput.prototype.__inspect = function () { return inspect(Object.assign({}, this), host.breakLength, Infinity); };

// explainable-cursor.ts: db.c.explain().find(…) prints the explain of the find it stands for
function ExplainableCursor(cursor, verbosity) {
  this._open(cursor._dbName, cursor._collName);
  this._base = cursor; this._verbosity = verbosity; this._options = cursor._options; this._explained = null;
}
ExplainableCursor.prototype = Object.create(Cursor.prototype);
ExplainableCursor.prototype.constructor = ExplainableCursor;
ExplainableCursor.prototype._findCommand = function () { return this._base._findCommand(); };
ExplainableCursor.prototype.finish = function () {
  if (this._explained === null) this._explained = this._base.explain(this._verbosity);
  return this._explained;
};
ExplainableCursor.prototype.__shellResult = function (width) { return this.finish().__shellResult(width); };
ExplainableCursor.prototype.__inspect = function () { return this.finish().__inspect(); };
ExplainableCursor.prototype._tryNextRaw = function () { return this._base._tryNextRaw(); };
