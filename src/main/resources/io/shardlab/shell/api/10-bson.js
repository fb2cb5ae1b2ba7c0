// ---- BSON value types and their printed forms (printable-bson.ts) -----------------------------
function ObjectId(hex) {
  if (!(this instanceof ObjectId)) return new ObjectId(hex);
  if (hex === undefined || hex === null) hex = host.newObjectId();
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
    host.print('Warning: NumberLong: specifying a number as argument is deprecated and may lead to loss of precision, '
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

function Double(v) {
  if (!(this instanceof Double)) return new Double(v);
  this.value = Number(v);
}
Double.prototype.valueOf = function () { return this.value; };
Double.prototype.__inspect = function () { return 'Double(' + this.value + ')'; };

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
  if (typeof v === 'bigint') return { $numberLong: String(v) };
  if (v === MinKey) return { $minKey: 1 };
  if (v === MaxKey) return { $maxKey: 1 };
  if (typeof v === 'function') return null;
  if (v instanceof Date) return { $date: { $numberLong: String(v.getTime()) } };
  if (v instanceof ObjectId) return { $oid: v.$oid };
  if (v instanceof Long) return { $numberLong: v.value };
  if (v instanceof Int32) return { $numberInt: String(v.value) };
  if (v instanceof Decimal128) return { $numberDecimal: v.value };
  if (v instanceof Timestamp) return { $timestamp: { t: v.t, i: v.i } };
  // MinKey and MaxKey written bare, as the manual writes them, are the values (mongosh's shell-bson
  // MinKey() / MaxKey() constructors serialize as themselves too)
  if (v instanceof MinKey || v === MinKey) return { $minKey: 1 };
  if (v instanceof MaxKey || v === MaxKey) return { $maxKey: 1 };
  if (v instanceof Double) return { $numberDouble: String(v.value) };
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
  // relaxed by default, as js-bson's EJSON.parse: a $numberLong in the safe range is a number
  parse: function (text, options) {
    var relaxed = !(options && options.relaxed === false);
    return JSON.parse(text, function (key, v) {
      if (relaxed && v !== null && typeof v === 'object' && typeof v.$numberLong === 'string'
          && Object.keys(v).length === 1 && Number.isSafeInteger(Number(v.$numberLong))) {
        return Number(v.$numberLong);
      }
      return fromEJ(key, v);
    });
  },
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

