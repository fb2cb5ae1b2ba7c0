// The mongosh API over ShardLab's command layer. Host functions (installed by MongoShell):
//   __command(db, canonicalExtendedJson) -> canonical Extended JSON reply (ok: 0 replies included)
//   __print(text), __sleep(ms), __newObjectId() -> 24 hex digits
// Shapes and texts follow mongosh 2.x (packages/shell-api: database.ts, collection.ts, shard.ts, result.ts;
// packages/service-provider-core/src/printable-bson.ts for the inspect forms of the BSON types).
(function (global) {
  'use strict';

  // ---- BSON value types and their printed forms (printable-bson.ts) -----------------------------
  function ObjectId(hex) {
    if (!(this instanceof ObjectId)) return new ObjectId(hex);
    if (hex === undefined || hex === null) hex = __newObjectId();
    if (hex instanceof ObjectId) hex = hex.$oid;
    hex = String(hex);
    if (!/^[0-9a-fA-F]{24}$/.test(hex)) {
      throw new BSONError('input must be a 24 character hex string, 12 byte Uint8Array, or an integer');
    }
    this.$oid = hex.toLowerCase();
  }
  ObjectId.prototype.toHexString = function () { return this.$oid; };
  ObjectId.prototype.toString = function () { return this.$oid; };
  ObjectId.prototype.equals = function (o) { return o instanceof ObjectId && o.$oid === this.$oid; };
  ObjectId.prototype.getTimestamp = function () { return new Date(parseInt(this.$oid.substring(0, 8), 16) * 1000); };
  ObjectId.prototype.__inspect = function () { return "ObjectId('" + this.$oid + "')"; };

  function Long(v) {
    if (!(this instanceof Long)) return new Long(v);
    var s = String(v === undefined ? 0 : (v instanceof Long ? v.value : v));
    if (typeof v === 'number') {
      // mongosh's NumberLong (shell-api src/shell-bson.ts)
      __print('Warning: NumberLong: specifying a number as argument is deprecated and may lead to loss of precision, '
          + 'pass a string instead');
      s = String(Math.trunc(v));
    }
    if (!/^-?\d+$/.test(s)) throw new BSONError('Input: \'' + s + '\' is not a valid integer string');
    this.value = s;
  }
  Long.prototype.toString = function () { return this.value; };
  Long.prototype.toNumber = function () { return Number(this.value); };
  Long.prototype.valueOf = function () { return Number(this.value); };
  Long.prototype.__inspect = function () { return "Long('" + this.value + "')"; };

  function Int32(v) {
    if (!(this instanceof Int32)) return new Int32(v);
    this.value = Number(v) | 0;
  }
  Int32.prototype.valueOf = function () { return this.value; };
  Int32.prototype.toString = function () { return String(this.value); };
  Int32.prototype.__inspect = function () { return 'Int32(' + this.value + ')'; };

  function Decimal128(v) {
    if (!(this instanceof Decimal128)) return new Decimal128(v);
    this.value = String(v === undefined ? '0' : v);
  }
  Decimal128.prototype.toString = function () { return this.value; };
  Decimal128.prototype.__inspect = function () { return "Decimal128('" + this.value + "')"; };

  function Timestamp(t, i) {
    if (!(this instanceof Timestamp)) return new Timestamp(t, i);
    if (t !== null && typeof t === 'object') { i = t.i; t = t.t; }
    this.t = Number(t === undefined ? 0 : t) >>> 0;
    this.i = Number(i === undefined ? 0 : i) >>> 0;
  }
  Timestamp.prototype.__inspect = function () { return 'Timestamp({ t: ' + this.t + ', i: ' + this.i + ' })'; };

  function MinKey() { if (!(this instanceof MinKey)) return new MinKey(); }
  MinKey.prototype.__inspect = function () { return 'MinKey()'; };
  function MaxKey() { if (!(this instanceof MaxKey)) return new MaxKey(); }
  MaxKey.prototype.__inspect = function () { return 'MaxKey()'; };

  function Binary(base64, subType) {
    if (!(this instanceof Binary)) return new Binary(base64, subType);
    this.base64 = String(base64);
    this.subType = subType === undefined ? 0 : Number(subType);
  }
  var B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  function hexToBase64(hex) {
    var out = '', bits = 0, acc = 0;
    for (var k = 0; k < hex.length; k += 2) {
      acc = (acc << 8) | parseInt(hex.substring(k, k + 2), 16); bits += 8;
      while (bits >= 6) { bits -= 6; out += B64.charAt((acc >> bits) & 63); }
    }
    if (bits > 0) out += B64.charAt((acc << (6 - bits)) & 63);
    while (out.length % 4) out += '=';
    return out;
  }
  function base64ToHex(b64) {
    var out = '', bits = 0, acc = 0;
    for (var k = 0; k < b64.length; k++) {
      var c = B64.indexOf(b64.charAt(k));
      if (c < 0) continue;
      acc = ((acc << 6) | c) & 0xffffff; bits += 6;
      if (bits >= 8) { bits -= 8; var b = (acc >> bits) & 255; out += (b < 16 ? '0' : '') + b.toString(16); }
    }
    return out;
  }
  Binary.prototype.__inspect = function () {
    if (this.subType === 4) {
      var h = base64ToHex(this.base64);
      return "UUID('" + h.substring(0, 8) + '-' + h.substring(8, 12) + '-' + h.substring(12, 16) + '-'
          + h.substring(16, 20) + '-' + h.substring(20) + "')";
    }
    return "Binary.createFromBase64('" + this.base64 + "', " + this.subType + ')';
  };
  function UUID(text) {
    var hex;
    if (text === undefined) {
      hex = '';
      for (var k = 0; k < 32; k++) hex += Math.floor(Math.random() * 16).toString(16);
      hex = hex.substring(0, 12) + '4' + hex.substring(13, 16) + (8 + Math.floor(Math.random() * 4)).toString(16)
          + hex.substring(17);
    } else {
      hex = String(text).replace(/-/g, '');
      if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new BSONError('UUID string representation must be 32 hex digits or canonical hyphenated representation');
    }
    return new Binary(hexToBase64(hex.toLowerCase()), 4);
  }
  function BinData(subType, base64) { return new Binary(base64, subType); }
  Binary.createFromBase64 = function (b64, subType) { return new Binary(b64, subType); };

  function ISODate(text) {
    if (text === undefined) return new Date();
    var d = new Date(text instanceof Date ? text.getTime() : text);
    if (isNaN(d.getTime())) throw new BSONError('"' + text + '" is not a valid ISODate');
    return d;
  }

  function BSONError(message) { this.message = message; }
  BSONError.prototype = Object.create(Error.prototype);
  BSONError.prototype.name = 'BSONError';

  // ---- Extended JSON across the host border -------------------------------------------------------
  function toEJ(v) {
    if (v === null || v === undefined) return null;
    if (typeof v === 'number') {
      if (Number.isInteger(v) && v >= -2147483648 && v <= 2147483647 && !(v === 0 && 1 / v < 0)) return { $numberInt: String(v) };
      return { $numberDouble: isFinite(v) ? String(v) : (isNaN(v) ? 'NaN' : (v > 0 ? 'Infinity' : '-Infinity')) };
    }
    if (typeof v === 'string' || typeof v === 'boolean') return v;
    if (typeof v === 'function') return null;
    if (v instanceof Date) return { $date: { $numberLong: String(v.getTime()) } };
    if (v instanceof ObjectId) return { $oid: v.$oid };
    if (v instanceof Long) return { $numberLong: v.value };
    if (v instanceof Int32) return { $numberInt: String(v.value) };
    if (v instanceof Decimal128) return { $numberDecimal: v.value };
    if (v instanceof Timestamp) return { $timestamp: { t: v.t, i: v.i } };
    if (v instanceof MinKey) return { $minKey: 1 };
    if (v instanceof MaxKey) return { $maxKey: 1 };
    if (v instanceof Binary) return { $binary: { base64: v.base64, subType: (v.subType < 16 ? '0' : '') + v.subType.toString(16) } };
    if (v instanceof RegExp) return { $regularExpression: { pattern: v.source, options: v.flags.split('').sort().join('') } };
    if (Array.isArray(v)) return v.map(toEJ);
    var out = {};
    Object.keys(v).forEach(function (k) { if (v[k] !== undefined) out[k] = toEJ(v[k]); });
    return out;
  }
  function fromEJ(key, v) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    var keys = Object.keys(v);
    if (keys.length === 1) {
      switch (keys[0]) {
        case '$oid': return new ObjectId(v.$oid);
        case '$numberInt': return Number(v.$numberInt);
        case '$numberDouble': return Number(v.$numberDouble);
        case '$numberLong': return new Long(v.$numberLong);
        case '$numberDecimal': return new Decimal128(v.$numberDecimal);
        case '$date': return new Date(v.$date instanceof Long ? Number(v.$date.value) : (typeof v.$date === 'string' ? Date.parse(v.$date) : v.$date));
        case '$timestamp': return new Timestamp(v.$timestamp.t, v.$timestamp.i);
        case '$minKey': return new MinKey();
        case '$maxKey': return new MaxKey();
        case '$binary': return new Binary(v.$binary.base64, parseInt(v.$binary.subType, 16));
        case '$regularExpression': return new RegExp(v.$regularExpression.pattern, v.$regularExpression.options);
        case '$symbol': return v.$symbol;
        case '$undefined': return undefined;
      }
    }
    return v;
  }
  var EJSON = {
    stringify: function (value, replacer, space, options) {
      var relaxed = !(options && options.relaxed === false);
      var ej = toEJ(value);
      if (relaxed) ej = relax(ej);
      return JSON.stringify(ej, replacer, space);
    },
    parse: function (text) { return JSON.parse(text, fromEJ); },
    serialize: function (value) { return relax(toEJ(value)); },
    deserialize: function (value) { return JSON.parse(JSON.stringify(value), fromEJ); }
  };
  // relaxed Extended JSON (the extended-json spec): numbers as JSON numbers, dates in range as ISO strings
  function relax(ej) {
    if (ej === null || typeof ej !== 'object') return ej;
    if (Array.isArray(ej)) return ej.map(relax);
    var keys = Object.keys(ej);
    if (keys.length === 1) {
      if (keys[0] === '$numberInt') return Number(ej.$numberInt);
      if (keys[0] === '$numberDouble' && isFinite(Number(ej.$numberDouble))) return Number(ej.$numberDouble);
      if (keys[0] === '$numberLong') return Number(ej.$numberLong);
      if (keys[0] === '$date') {
        var ms = Number(ej.$date.$numberLong);
        if (ms >= 0 && ms <= 253402300799999) {
          // js-bson's relaxed dates drop a zero millisecond part
          var iso = new Date(ms).toISOString();
          return { $date: ms % 1000 === 0 ? iso.slice(0, -5) + 'Z' : iso };
        }
        return ej;
      }
    }
    var out = {};
    keys.forEach(function (k) { out[k] = relax(ej[k]); });
    return out;
  }

  // ---- mongosh's inspect layout (Node's util.inspect, compact 3, depth 6) ----------------------------
  // breakLength: the terminal's width in the REPL. With its output piped, mongosh 2.12.0 lays out what
  // printjson prints with 0 (every non-empty object and array over lines), and print's arguments and an
  // --eval's value with 80 (observed): __breakLength and __resultBreakLength.
  var IDENT = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
  function quote(s) {
    var q = "'";
    if (s.indexOf("'") >= 0) { q = s.indexOf('"') < 0 ? '"' : (s.indexOf('`') < 0 ? '`' : "'"); }
    var out = s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
    if (q === "'") out = out.replace(/'/g, "\\'");
    return q + out + q;
  }
  function inspect(v, width) {
    var breakLength = width === undefined ? __breakLength : width;
    return formatValue({ indentationLvl: 0, currentDepth: 0, seen: [], breakLength: breakLength }, v, 0);
  }
  function formatValue(ctx, v, depth) {
    if (v === null) return 'null';
    if (v === undefined) return 'undefined';
    if (typeof v === 'string') return quote(v);
    if (typeof v === 'number') return (v === 0 && 1 / v < 0) ? '-0' : String(v);
    if (typeof v === 'boolean') return String(v);
    if (typeof v === 'function') return '[Function: ' + (v.name || '(anonymous)') + ']';
    if (typeof v.__inspect === 'function') return v.__inspect();
    if (v instanceof Date) return isNaN(v.getTime()) ? 'Invalid Date' : "ISODate('" + v.toISOString() + "')";
    if (v instanceof RegExp) return String(v);
    if (v instanceof Error) return (v.name || 'Error') + ': ' + v.message;
    if (v.__oneLine === true && ctx.breakLength > 0 && ctx.breakLength !== Infinity) {
      var width = ctx.breakLength;
      ctx.breakLength = Infinity;
      try { return formatValue(ctx, v, depth); } finally { ctx.breakLength = width; }
    }
    if (ctx.seen.indexOf(v) >= 0) return '[Circular *1]';
    ctx.seen.push(v);
    ctx.currentDepth = depth;
    var output = [], braces, isArray = Array.isArray(v);
    ctx.indentationLvl += 2;
    if (isArray) {
      braces = ['[', ']'];
      for (var k = 0; k < v.length; k++) output.push(formatValue(ctx, v[k], depth + 1));
    } else {
      braces = ['{', '}'];
      Object.keys(v).forEach(function (key) {
        output.push((IDENT.test(key) ? key : quote(key)) + ': ' + formatValue(ctx, v[key], depth + 1));
      });
    }
    ctx.indentationLvl -= 2;
    ctx.seen.pop();
    if (output.length === 0) return braces[0] + braces[1];
    if (isArray && output.length > 6) output = groupArrayElements(ctx, output);
    return reduceToSingleString(ctx, output, braces, depth);
  }
  // Node lib/internal/util/inspect.js groupArrayElements: short entries of long arrays in columns
  function groupArrayElements(ctx, output) {
    var totalLength = 0, maxLength = 0, i = 0, outputLength = output.length, separatorSpace = 2;
    var dataLen = new Array(outputLength);
    for (; i < outputLength; i++) {
      var len = output[i].length;
      dataLen[i] = len;
      totalLength += len + separatorSpace;
      if (maxLength < len) maxLength = len;
    }
    var actualMax = maxLength + separatorSpace;
    if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength && (totalLength / actualMax > 5 || maxLength <= 6)) {
      var averageBias = Math.sqrt(actualMax - totalLength / output.length);
      var biasedMax = Math.max(actualMax - 3 - averageBias, 1);
      var columns = Math.min(Math.round(Math.sqrt(2.5 * biasedMax * outputLength) / biasedMax),
          Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax), 3 * 4, 15);
      if (columns <= 1) return output;
      var tmp = [], maxLineLength = [];
      for (var c = 0; c < columns; c++) {
        var lineLength = 0;
        for (var j = c; j < output.length; j += columns) if (dataLen[j] > lineLength) lineLength = dataLen[j];
        maxLineLength.push(lineLength + separatorSpace);
      }
      var allNumbers = output.every(function (e) { return /^-?[0-9.e+]+$/.test(e); });
      for (i = 0; i < outputLength; i += columns) {
        var max = Math.min(i + columns, outputLength), str = '', jj = i;
        for (; jj < max - 1; jj++) {
          var padding = maxLineLength[jj - i] + output[jj].length - dataLen[jj];
          str += allNumbers ? (output[jj] + ', ').padStart(padding, ' ') : (output[jj] + ', ').padEnd(padding, ' ');
        }
        if (allNumbers) {
          str += output[jj].padStart(maxLineLength[jj - i] - separatorSpace, ' ');
        } else {
          str += output[jj];
        }
        tmp.push(str);
      }
      return tmp;
    }
    return output;
  }
  function reduceToSingleString(ctx, output, braces, depth) {
    if (ctx.currentDepth - depth < 3) {
      var start = output.length + ctx.indentationLvl + braces[0].length + 10;
      var total = output.length + start;
      var fits = total + output.length <= ctx.breakLength;
      for (var k = 0; fits && k < output.length; k++) { total += output[k].length; if (total > ctx.breakLength) fits = false; }
      if (fits) {
        var joined = output.join(', ');
        if (joined.indexOf('\n') < 0) return braces[0] + ' ' + joined + ' ' + braces[1];
      }
    }
    var ind = '\n' + ' '.repeat(ctx.indentationLvl);
    return braces[0] + ind + '  ' + output.join(',' + ind + '  ') + ind + braces[1];
  }
  // print() lays its arguments out as the REPL shows a value: mongosh 2.12.0 piped prints print({a: {b: 1}})
  // as { a: { b: 1 } } (width 80) where printjson breaks every object (width 0), and a shell result such
  // as sh.status() in its own layout (observed against serve, --eval and --file alike)
  function display(v) {
    if (typeof v === 'string') return v;
    if (v !== null && typeof v === 'object' && typeof v.__shellResult === 'function' && !(v instanceof Cursor)) {
      return v.__shellResult(__resultBreakLength);
    }
    return inspect(v, __resultBreakLength);
  }

  // ---- errors as mongosh names them ---------------------------------------------------------------
  function MongoServerError(reply) {
    this.message = reply.errmsg;
    this.code = reply.code;
    if (reply.codeName) this.codeName = reply.codeName;
    this.errorResponse = reply;
  }
  MongoServerError.prototype = Object.create(Error.prototype);
  MongoServerError.prototype.name = 'MongoServerError';
  function MongoBulkWriteError(message, result) { this.message = message; this.result = result; }
  MongoBulkWriteError.prototype = Object.create(Error.prototype);
  MongoBulkWriteError.prototype.name = 'MongoBulkWriteError';
  function MongoshInvalidInputError(message) { this.message = message; }
  MongoshInvalidInputError.prototype = Object.create(Error.prototype);
  MongoshInvalidInputError.prototype.name = 'MongoshInvalidInputError';

  function run(dbName, command) {
    var reply = JSON.parse(__command(dbName, JSON.stringify(toEJ(command))), fromEJ);
    if (reply.ok !== 1) throw new MongoServerError(reply);
    return reply;
  }
  function writeReply(reply, single) {
    if (reply.writeErrors && reply.writeErrors.length) {
      var first = reply.writeErrors[0];
      // the driver's error for one write carries the write error's code, not its codeName (mongosh prints
      // "MongoServerError: E11000 …", observed with 2.12.0)
      if (single) throw new MongoServerError({ errmsg: first.errmsg, code: first.code });
      throw new MongoBulkWriteError(first.errmsg, reply);
    }
    return reply;
  }
  var warned = {};
  function deprecated(text) {
    if (!warned[text]) { warned[text] = true; __print('DeprecationWarning: ' + text); }
  }

  // ---- cursors -------------------------------------------------------------------------------------
  function Cursor(coll, filter, projection) {
    this._coll = coll; this._filter = filter || {}; this._projection = projection;
    this._sort = undefined; this._limit = 0; this._skip = 0; this._docs = null; this._pos = 0;
  }
  Cursor.prototype._fetch = function () {
    if (this._docs !== null) return;
    var cmd = { find: this._coll._name, filter: this._filter };
    if (this._projection) cmd.projection = this._projection;
    if (this._sort) cmd.sort = this._sort;
    if (this._skip) cmd.skip = this._skip;
    if (this._limit) cmd.limit = Math.abs(this._limit);
    var reply = run(this._coll._db._name, cmd);
    var docs = reply.cursor.firstBatch.slice();
    var id = reply.cursor.id;
    while (id && String(id) !== '0') {
      var more = run(this._coll._db._name, { getMore: id instanceof Long ? id : new Long(id), collection: this._coll._name });
      docs = docs.concat(more.cursor.nextBatch);
      id = more.cursor.id;
    }
    this._docs = docs;
  };
  Cursor.prototype.sort = function (s) { this._sort = s; return this; };
  Cursor.prototype.limit = function (n) { this._limit = n; return this; };
  Cursor.prototype.skip = function (n) { this._skip = n; return this; };
  Cursor.prototype.projection = function (p) { this._projection = p; return this; };
  Cursor.prototype.pretty = function () { return this; };
  Cursor.prototype.batchSize = function () { return this; };
  Cursor.prototype.toArray = function () { this._fetch(); var r = this._docs.slice(this._pos); this._pos = this._docs.length; return r; };
  Cursor.prototype.hasNext = function () { this._fetch(); return this._pos < this._docs.length; };
  Cursor.prototype.next = function () { this._fetch(); return this._pos < this._docs.length ? this._docs[this._pos++] : null; };
  Cursor.prototype.forEach = function (f) { var a = this.toArray(); for (var k = 0; k < a.length; k++) f(a[k]); };
  Cursor.prototype.map = function (f) { return this.toArray().map(f); };
  Cursor.prototype.itcount = function () { return this.toArray().length; };
  // legacy cursor.count(): the count command, ignoring limit and skip (mongosh cursor.ts count)
  Cursor.prototype.count = function () {
    deprecated('Cursor.count() is deprecated. Use Collection.countDocuments or Collection.estimatedDocumentCount.');
    return run(this._coll._db._name, { count: this._coll._name, query: this._filter }).n;
  };
  Cursor.prototype.size = function () { return this.count(); };
  // the REPL's batch of 20 and "it" (mongosh cursor iteration, shell-evaluator)
  Cursor.prototype.__shellResult = function () {
    this._fetch();
    var batch = this._docs.slice(this._pos, this._pos + 20);
    this._pos += batch.length;
    global.__lastCursor = this;
    var text = inspect(batch, __resultBreakLength);
    if (this._pos < this._docs.length) text += '\nType "it" for more';
    return text;
  };

  // ---- collections ---------------------------------------------------------------------------------
  function Collection(db, name) { this._db = db; this._name = name; }
  Collection.prototype.getName = function () { return this._name; };
  Collection.prototype.getFullName = function () { return this._db._name + '.' + this._name; };
  Collection.prototype.toString = function () { return this.getFullName(); };
  Collection.prototype.__inspect = function () { return this.getFullName(); };
  Collection.prototype.insertOne = function (doc) {
    if (doc._id === undefined) doc = Object.assign({ _id: new ObjectId() }, doc);
    writeReply(run(this._db._name, { insert: this._name, documents: [doc] }), true);
    return { acknowledged: true, insertedId: doc._id };
  };
  Collection.prototype.insertMany = function (docs) {
    var withIds = docs.map(function (d) { return d._id === undefined ? Object.assign({ _id: new ObjectId() }, d) : d; });
    writeReply(run(this._db._name, { insert: this._name, documents: withIds }), false);
    var ids = {};
    withIds.forEach(function (d, k) { ids[String(k)] = d._id; });
    return { acknowledged: true, insertedIds: ids };
  };
  Collection.prototype.insert = function (docs) {
    deprecated('Collection.insert() is deprecated. Use insertOne, insertMany, or bulkWrite.');
    return this.insertMany(Array.isArray(docs) ? docs : [docs]);
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
        throw new MongoshInvalidInputError('Invalid update: update document requires atomic operators');
      }
    }
  }
  Collection.prototype._update = function (filter, update, options, multi) {
    options = options || {};
    var statement = { q: filter, u: update, multi: multi, upsert: !!options.upsert };
    if (options.arrayFilters) statement.arrayFilters = options.arrayFilters;
    return updateResult(writeReply(run(this._db._name, { update: this._name, updates: [statement] }), true));
  };
  Collection.prototype.updateOne = function (f, u, o) { checkUpdate(u); return this._update(f, u, o, false); };
  Collection.prototype.updateMany = function (f, u, o) { checkUpdate(u); return this._update(f, u, o, true); };
  Collection.prototype.replaceOne = function (f, r, o) { return this._update(f, r, o, false); };
  Collection.prototype.update = function (f, u, o) {
    deprecated('Collection.update() is deprecated. Use updateOne, updateMany, or bulkWrite.');
    checkUpdate(u);
    return this._update(f, u, o, !!(o && o.multi));
  };
  Collection.prototype._delete = function (filter, limit) {
    var reply = writeReply(run(this._db._name, { delete: this._name, deletes: [{ q: filter, limit: limit }] }), true);
    return { acknowledged: true, deletedCount: reply.n };
  };
  Collection.prototype.deleteOne = function (f) { return this._delete(f, 1); };
  Collection.prototype.deleteMany = function (f) { return this._delete(f, 0); };
  Collection.prototype.remove = function (f, justOne) {
    deprecated('Collection.remove() is deprecated. Use deleteOne, deleteMany, findOneAndDelete, or bulkWrite.');
    return this._delete(f || {}, justOne === true || (justOne && justOne.justOne) ? 1 : 0);
  };
  Collection.prototype.find = function (filter, projection) { return new Cursor(this, filter, projection); };
  Collection.prototype.findOne = function (filter, projection) {
    var docs = new Cursor(this, filter, projection).limit(1).toArray();
    return docs.length ? docs[0] : null;
  };
  Collection.prototype.findAndModify = function (spec) {
    var cmd = { findAndModify: this._name };
    Object.keys(spec).forEach(function (k) { cmd[k] = spec[k]; });
    return run(this._db._name, cmd).value;
  };
  Collection.prototype.countDocuments = function (filter) {
    var reply = run(this._db._name, { aggregate: this._name, pipeline: [{ $match: filter || {} },
      { $group: { _id: 1, n: { $sum: 1 } } }], cursor: {} });
    return reply.cursor.firstBatch.length ? Number(reply.cursor.firstBatch[0].n) : 0;
  };
  Collection.prototype.count = function (filter) {
    deprecated('Collection.count() is deprecated. Use countDocuments or estimatedDocumentCount.');
    return run(this._db._name, { count: this._name, query: filter || {} }).n;
  };
  Collection.prototype.estimatedDocumentCount = function () { return run(this._db._name, { count: this._name }).n; };
  Collection.prototype.distinct = function (key, filter) {
    return run(this._db._name, { distinct: this._name, key: key, query: filter || {} }).values;
  };
  function indexName(keys) { return Object.keys(keys).map(function (k) { return k + '_' + keys[k]; }).join('_'); }
  Collection.prototype.createIndexes = function (specs, options) {
    var indexes = specs.map(function (keys) {
      var spec = { key: keys, name: (options && options.name) || indexName(keys) };
      if (options && options.unique) spec.unique = true;
      return spec;
    });
    run(this._db._name, { createIndexes: this._name, indexes: indexes });
    return indexes.map(function (s) { return s.name; });
  };
  Collection.prototype.createIndex = function (keys, options) { return this.createIndexes([keys], options)[0]; };
  Collection.prototype.ensureIndex = function (keys, options) { return this.createIndexes([keys], options); };
  Collection.prototype.getIndexes = function () { return run(this._db._name, { listIndexes: this._name, cursor: {} }).cursor.firstBatch; };
  Collection.prototype.drop = function () {
    try { run(this._db._name, { drop: this._name }); return true; } catch (e) { if (e.code === 26) return false; throw e; }
  };
  Collection.prototype.aggregate = function (pipeline) {
    return run(this._db._name, { aggregate: this._name, pipeline: pipeline, cursor: {} }).cursor.firstBatch;
  };

  // ---- databases -----------------------------------------------------------------------------------
  function Database(name) { this._name = name; this._collections = {}; }
  Database.prototype.getName = function () { return this._name; };
  Database.prototype.toString = function () { return this._name; };
  Database.prototype.__inspect = function () { return this._name; };
  Database.prototype.getCollection = function (name) {
    if (!this._collections[name]) this._collections[name] = collectionProxy(new Collection(this, name));
    return this._collections[name];
  };
  Database.prototype.runCommand = function (cmd) {
    if (typeof cmd === 'string') { var c = {}; c[cmd] = 1; cmd = c; }
    return run(this._name, cmd);
  };
  Database.prototype.adminCommand = function (cmd) {
    if (typeof cmd === 'string') { var c = {}; c[cmd] = 1; cmd = c; }
    return run('admin', cmd);
  };
  Database.prototype.getSiblingDB = function (name) { return databaseProxy(new Database(String(name))); };
  // the legacy shell's name (mongo src/mongo/shell/db.js DB.prototype.getSisterDB), gone from mongosh
  Database.prototype.getSisterDB = Database.prototype.getSiblingDB;
  Database.prototype.getCollectionNames = function () {
    return run(this._name, { listCollections: 1, nameOnly: true, cursor: {} }).cursor.firstBatch
        .map(function (c) { return c.name; }).sort();
  };
  Database.prototype.dropDatabase = function () { return run(this._name, { dropDatabase: 1 }); };
  Database.prototype.printShardingStatus = function () { return sh.status(); };
  // the helpers mongosh 2.12's shell API has (the methods of packages/shell-api database.ts, collection.ts,
  // shard.ts) that this shell lacks: calling one says so in one line instead of naming a collection
  var MONGOSH_DATABASE_HELPERS = ('aggregate auth changeUserPassword checkMetadataConsistency cloneCollection '
      + 'cloneDatabase commandHelp copyDatabase createCollection createEncryptedCollection createRole createUser '
      + 'createView currentOp dropAllRoles dropAllUsers dropRole dropUser fsyncLock fsyncUnlock getCollectionInfos '
      + 'getLastError getLastErrorObj getLogComponents getMongo getProfilingStatus getReplicationInfo getRole '
      + 'getRoles getUser getUsers grantPrivilegesToRole grantRolesToRole grantRolesToUser hello hostInfo isMaster '
      + 'killOp listCommands logout printCollectionStats printReplicationInfo printSecondaryReplicationInfo '
      + 'printSlaveReplicationInfo revokePrivilegesFromRole revokeRolesFromRole revokeRolesFromUser '
      + 'rotateCertificates serverBits serverBuildInfo serverCmdLineOpts serverStatus setLogLevel '
      + 'setProfilingLevel setSecondaryOk shutdownServer sql stats updateRole updateUser version watch').split(' ');
  var MONGOSH_COLLECTION_HELPERS = ('analyzeShardKey bulkWrite checkMetadataConsistency '
      + 'compactStructuredEncryptionData configureQueryAnalyzer convertToCapped createSearchIndex '
      + 'createSearchIndexes dataSize dropIndex dropIndexes dropSearchIndex exists explain findOneAndDelete '
      + 'findOneAndReplace findOneAndUpdate getDB getIndexKeys getIndexSpecs getIndices getMongo getPlanCache '
      + 'getSearchIndexes getShardDistribution getShardLocation getShardVersion hideIndex '
      + 'initializeOrderedBulkOp initializeUnorderedBulkOp isCapped latencyStats mapReduce reIndex '
      + 'renameCollection runCommand stats storageSize totalIndexSize totalSize unhideIndex updateSearchIndex '
      + 'validate watch').split(' ');
  var MONGOSH_SH_HELPERS = ('abortMoveCollection abortReshardCollection abortUnshardCollection addShard '
      + 'addShardTag addShardToZone addTagRange balancerCollectionStatus checkMetadataConsistency '
      + 'commitReshardCollection disableAutoMerger disableAutoSplit disableBalancing disableMigrations '
      + 'enableAutoMerger enableAutoSplit enableBalancing enableMigrations getBalancerState '
      + 'getShardedDataDistribution getTransitionToDedicatedConfigServerStatus isAutoMergerEnabled '
      + 'isBalancerRunning isConfigShardEnabled listShards moveChunk moveCollection moveRange removeRangeFromZone '
      + 'removeShardFromZone removeShardTag removeTagRange reshardCollection setBalancerState '
      + 'shardAndDistributeCollection shardDrainingStatus splitAt splitFind startAutoMerger startBalancer status '
      + 'stopAutoMerger stopBalancer unshardCollection updateZoneKeyRange').split(' ');
  function absentHelper(owner, name) {
    return function () {
      throw new MongoshInvalidInputError(owner + '.' + name + '(): ShardLab\'s shell does not have this helper; '
          + 'db.runCommand() and db.adminCommand() send commands to the simulated mongos');
    };
  }
  function databaseProxy(database) {
    return new Proxy(database, {
      get: function (target, prop) {
        if (typeof prop !== 'string' || prop in target || prop.charAt(0) === '_') return target[prop];
        if (MONGOSH_DATABASE_HELPERS.indexOf(prop) >= 0) return absentHelper('db', prop);
        return target.getCollection(prop);
      }
    });
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
  var sh = {
    enableSharding: function (database, primaryShard) {
      var cmd = { enableSharding: database };
      if (primaryShard !== undefined) cmd.primaryShard = primaryShard;
      return run('admin', cmd);
    },
    shardCollection: function (ns, key, unique, options) {
      return runShardCollection('shardCollection', ns, key, unique, options);
    },
    reshardCollection: function (ns, key, unique, options) {
      return runShardCollection('reshardCollection', ns, key, unique, options);
    },
    splitAt: function (ns, middle) { return run('admin', { split: ns, middle: middle }); },
    splitFind: function (ns, query) { return run('admin', { split: ns, find: query }); },
    moveChunk: function (ns, query, destination) { return run('admin', { moveChunk: ns, find: query, to: destination }); },
    stopBalancer: function () { return run('admin', { balancerStop: 1 }); },
    startBalancer: function () { return run('admin', { balancerStart: 1 }); },
    setBalancerState: function (on) { return on ? sh.startBalancer() : sh.stopBalancer(); },
    // shard.ts getBalancerState: config.settings {_id: 'balancer'} absent or not stopped
    getBalancerState: function () {
      var docs = configFind('settings', { _id: 'balancer' });
      return docs.length === 0 || !docs[0].stopped;
    },
    isBalancerRunning: function () { return run('admin', { balancerStatus: 1 }); },
    addShardToZone: function (shard, zone) { return run('admin', { addShardToZone: shard, zone: zone }); },
    updateZoneKeyRange: function (ns, min, max, zone) {
      return run('admin', { updateZoneKeyRange: ns, min: min, max: max, zone: zone });
    },
    removeRangeFromZone: function (ns, min, max) {
      return run('admin', { updateZoneKeyRange: ns, min: min, max: max, zone: null });
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
      result[key] = Object.keys(versions).sort(function (a, b) { return versions[b] - versions[a]; })
          .map(function (v) { var o = {}; o[v] = versions[v]; return o; });
    }
    var autosplit = configFind('settings', { _id: 'autosplit' })[0];
    result.autosplit = { 'Currently enabled': !autosplit || autosplit.enabled ? 'yes' : 'no' };
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
        colls[c._id] = {
          shardKey: c.key,
          unique: !!c.unique,
          balancing: !c.noBalance,
          allowMigrations: !(c.permitMigrations === false || c.allowMigrations === false),
          chunkMetadata: Object.keys(perShard).sort().map(function (s) { return { shard: s, nChunks: perShard[s] }; }),
          chunks: chunkLines,
          tags: tags.map(function (t) { return { tag: t.tag, min: t.min, max: t.max }; })
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
  StatsResult.prototype.__inspect = function () { return this.__shellResult(__breakLength); };

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
  function print() {
    __print(Array.prototype.slice.call(arguments).map(display).join(' '));
  }
  global.print = print;
  // mongosh's console.log prints as print does (Node's console in the REPL)
  global.console = { log: print, info: print };
  global.printjson = function (v) { __print(inspect(v)); };
  global.sleep = function (ms) { __sleep(Number(ms)); };
  global.ObjectId = ObjectId;
  global.ISODate = ISODate;
  global.NumberLong = Long; global.Long = Long;
  global.NumberInt = Int32; global.Int32 = Int32;
  global.NumberDecimal = Decimal128; global.Decimal128 = Decimal128;
  global.Timestamp = Timestamp; global.MinKey = MinKey; global.MaxKey = MaxKey;
  global.UUID = UUID; global.BinData = BinData; global.Binary = Binary;
  global.EJSON = EJSON;
  global.sh = new Proxy(sh, {
    get: function (target, prop) {
      if (typeof prop === 'string' && !(prop in target) && MONGOSH_SH_HELPERS.indexOf(prop) >= 0) {
        return absentHelper('sh', prop);
      }
      return target[prop];
    }
  });
  global.rs = rs;
  // mongosh's ways to reach another server: this shell has only the simulated cluster
  function noServer(name) {
    return function () {
      throw new MongoshInvalidInputError(name + '(): ShardLab\'s shell reaches only the simulated cluster, '
          + 'no server');
    };
  }
  global.Mongo = noServer('Mongo');
  global.connect = noServer('connect');
  global.db = databaseProxy(new Database('test'));
  global.use = function (name) {
    global.db = global.db.getSiblingDB(name);
    return 'switched to db ' + name;
  };
  global.show = function (what) {
    if (what === 'dbs' || what === 'databases') {
      var dbs = run('admin', { listDatabases: 1 }).databases;
      var width = Math.max.apply(null, dbs.map(function (d) { return d.name.length; }).concat([0]));
      return dbs.map(function (d) {
        // mongosh cli-repl format-output.js formatBytes: numeral's '0.00 ib' (binary units); its '0 ib' for values
        // up to 1000 never applies, as sizeOnDisk is an int64 (a Long in mongosh, which never compares <= 1000)
        var bytes = Number(d.sizeOnDisk || 0);
        var decimals = 2;
        var units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'];
        var power = 0;
        while (power < units.length - 1 && bytes >= Math.pow(1024, power + 1)) power++;
        var size = (bytes / Math.pow(1024, power)).toFixed(decimals) + ' ' + units[power];
        return d.name + ' '.repeat(width - d.name.length + 2) + size;
      }).join('\n');
    }
    if (what === 'collections' || what === 'tables') return global.db.getCollectionNames().join('\n');
    throw new MongoshInvalidInputError("'" + what + "' is not a valid argument for \"show\".");
  };
  Object.defineProperty(global, 'it', { get: function () {
    return global.__lastCursor ? global.__lastCursor : 'no cursor';
  } });
  // what Tab offers after "path." (mongosh's autocompleter offers the shell API's methods and the
  // collection names of db): own and inherited names, the shell's internal ones (leading _) left out
  // what a call returns, for completing after it without running it: mongosh's @returnType declarations
  // (shell-api collection.ts find: 'Cursor'; cursor.ts the cursorChainable methods: 'Cursor'; database.ts
  // getSiblingDB: 'Database', getCollection: 'Collection')
  var CALL_RETURNS = [
    [Collection, { find: Cursor }],
    [Cursor, { sort: Cursor, limit: Cursor, skip: Cursor, projection: Cursor, pretty: Cursor, batchSize: Cursor }],
    [Database, { getCollection: Collection, getSiblingDB: Database, getSisterDB: Database }]
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
  global.__completions = function (path) {
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
        if (n.charAt(0) !== '_' && n !== 'constructor') names[n] = true;
      });
      if (o === global) break;
    }
    if (target instanceof Database) {
      try { target.getCollectionNames().forEach(function (n) { names[n] = true; }); } catch (e) { /* offline */ }
    }
    return Object.keys(names).sort();
  };
  global.__currentDatabase = function () { return global.db.getName(); };
  // the text the shell prints for an expression's value (mongosh's REPL and --eval)
  global.__shellText = function (v) {
    if (v === undefined) return undefined;
    if (v !== null && typeof v === 'object' && typeof v.__shellResult === 'function') {
      return v.__shellResult(__resultBreakLength);
    }
    return typeof v === 'string' ? v : inspect(v, __resultBreakLength);
  };
})(this);
