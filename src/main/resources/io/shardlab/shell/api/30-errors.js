// ---- errors as mongosh and the driver name them ---------------------------------------------------
// the driver's MongoServerError (mongodb lib/error.js): every field of the reply but errmsg becomes the error's
function MongoServerError(reply) {
  this.message = reply.errmsg || reply.message || 'n/a';
  var self = this;
  Object.keys(reply).forEach(function (k) {
    if (k !== 'errmsg' && k !== 'message' && k !== 'errorLabels' && k !== 'errorResponse') self[k] = reply[k];
  });
  this.errorResponse = reply;
}
MongoServerError.prototype = Object.create(Error.prototype);
MongoServerError.prototype.name = 'MongoServerError';
// the driver's MongoBulkWriteError (mongodb lib/bulk/common.ts): its result and WriteErrors print after it
function MongoBulkWriteError(message, reply, docs) {
  this.message = message;
  var errors = reply.writeErrors || [];
  this.code = errors.length ? errors[0].code : undefined;
  var inserted = {};
  (docs || []).forEach(function (d, k) {
    if (!errors.some(function (w) { return w.index <= k; })) inserted[String(k)] = d._id;
  });
  this.result = new BulkWriteResult(reply.n || 0, inserted);
  this.writeErrors = errors.map(function (w) {
    return new WriteError({ index: w.index, code: w.code, errmsg: w.errmsg, errInfo: w.errInfo,
      op: docs ? docs[w.index] : undefined });
  });
}
function BulkWriteResult(insertedCount, insertedIds) {
  this.insertedCount = insertedCount; this.matchedCount = 0; this.modifiedCount = 0; this.deletedCount = 0;
  this.upsertedCount = 0; this.upsertedIds = {}; this.insertedIds = insertedIds;
}
function WriteError(err) { this.err = err; }
MongoBulkWriteError.prototype = Object.create(Error.prototype);
MongoBulkWriteError.prototype.name = 'MongoBulkWriteError';
function MongoInvalidArgumentError(message) { this.message = message; }
MongoInvalidArgumentError.prototype = Object.create(Error.prototype);
MongoInvalidArgumentError.prototype.name = 'MongoInvalidArgumentError';
// @mongosh/errors MongoshBaseError: "[CODE] message"
function MongoshInvalidInputError(message, code) { this.message = code ? '[' + code + '] ' + message : message; this.code = code; }
MongoshInvalidInputError.prototype = Object.create(Error.prototype);
MongoshInvalidInputError.prototype.name = 'MongoshInvalidInputError';
function MongoshRuntimeError(message, code) { this.message = code ? '[' + code + '] ' + message : message; this.code = code; }
MongoshRuntimeError.prototype = Object.create(Error.prototype);
MongoshRuntimeError.prototype.name = 'MongoshRuntimeError';

// cli-repl format-output.ts formatError: name, [codeName] when the error has one, ': ', message. The REPL
// prints the codeName; --eval and a file print the error as the script's fatal error without it (observed
// with mongosh 2.12.0: "MongoServerError: split may only be run against the admin database.")
function errorText(e, interactive) {
  if (e === null || typeof e !== 'object') return 'Uncaught ' + inspect(e, host.resultBreakLength);
  var text = '';
  var name = e.name;
  if (name) {
    text += name;
    if (e.codeName && interactive !== false) text += '[' + e.codeName + ']';
    text += ': ';
  }
  if (e.message) text += e instanceof TypeError ? v8Wording(e.message) : e.message;
  if (e.errInfo) text += '\nAdditional information: ' + inspect(e.errInfo, host.resultBreakLength, Infinity);
  if (e.result) text += '\nResult: ' + inspect(e.result, host.resultBreakLength, Infinity);
  if (e.writeErrors) text += '\nWrite Errors: ' + inspect(e.writeErrors, host.resultBreakLength, Infinity);
  return text;
}

// GraalJS's TypeError texts in V8's words, as mongosh (Node) prints them
function v8Wording(message) {
  var m = /^Cannot read property '(.*)' of (undefined|null)$/.exec(message);
  if (m) return 'Cannot read properties of ' + m[2] + " (reading '" + m[1] + "')";
  m = /^Cannot set property '(.*)' of (undefined|null)$/.exec(message);
  if (m) return 'Cannot set properties of ' + m[2] + " (setting '" + m[1] + "')";
  if (/^Assignment to constant /.test(message)) return 'Assignment to constant variable.';
  return message;
}

function run(dbName, command) {
  var reply = JSON.parse(host.command(dbName, JSON.stringify(toEJ(command))), fromEJ);
  if (reply.ok !== 1) throw new MongoServerError(reply);
  return reply;
}
function writeReply(reply, single, docs) {
  if (reply.writeErrors && reply.writeErrors.length) {
    var first = reply.writeErrors[0];
    // the driver throws a single write's error as a MongoServerError made of that write error (code, errmsg,
    // index and whatever else the server put in it)
    if (single) throw new MongoServerError(first);
    throw new MongoBulkWriteError(first.errmsg, reply, docs);
  }
  if (reply.writeConcernError) throw new MongoServerError(reply.writeConcernError);
  return reply;
}
var warned = {};
function deprecated(text) {
  if (!warned[text]) { warned[text] = true; host.print('DeprecationWarning: ' + text); }
}
