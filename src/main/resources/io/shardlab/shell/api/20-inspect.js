// ---- mongosh's inspect layout (Node's util.inspect, compact 3, depth 6) ----------------------------
// breakLength: the terminal's width in the REPL. With its output piped, mongosh 2.12.0 lays out what
// printjson prints with 0 (every non-empty object and array over lines), and print's arguments and an
// --eval's value with 80 (observed): host.breakLength and host.resultBreakLength.
var IDENT = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
function quote(s) {
  var q = "'";
  if (s.indexOf("'") >= 0) { q = s.indexOf('"') < 0 ? '"' : (s.indexOf('`') < 0 ? '`' : "'"); }
  var out = s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
  if (q === "'") out = out.replace(/'/g, "\\'");
  return q + out + q;
}
// depth: nesting levels shown before an object prints as [Object] (cli-repl format-output.js inspect: 6; a
// cursor's documents and explain output at full depth, fullDepthInspectOptions)
function inspect(v, width, maxDepth) {
  var breakLength = width === undefined ? host.breakLength : width;
  return formatValue({ indentationLvl: 0, currentDepth: 0, seen: [], breakLength: breakLength,
    depth: maxDepth === undefined ? 6 : maxDepth }, v, 0);
}
function formatValue(ctx, v, depth) {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (typeof v === 'string') return quote(v);
  if (typeof v === 'number') return (v === 0 && 1 / v < 0) ? '-0' : String(v);
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'bigint') return String(v) + 'n';
  if (typeof v === 'symbol') return String(v);
  if (typeof v === 'function') {
    var source = Function.prototype.toString.call(v);
    if (/^class[\s{]/.test(source)) return '[class ' + (v.name || '(anonymous)') + ']';
    var kind = v.constructor && /^(Async)?(Generator)?Function$/.test(v.constructor.name) ? v.constructor.name : 'Function';
    return v.name ? '[' + kind + ': ' + v.name + ']' : '[' + kind + ' (anonymous)]';
  }
  if (typeof v.__inspect === 'function') return v.__inspect();
  if (v instanceof Date) return isNaN(v.getTime()) ? 'Invalid Date' : "ISODate('" + v.toISOString() + "')";
  if (v instanceof RegExp) return String(v);
  if (v instanceof Error) return errorText(v);
  if (v.__oneLine === true && ctx.breakLength > 0 && ctx.breakLength !== Infinity) {
    var width = ctx.breakLength;
    ctx.breakLength = Infinity;
    try { return formatValue(ctx, v, depth); } finally { ctx.breakLength = width; }
  }
  if (ctx.seen.indexOf(v) >= 0) return '[Circular *1]';
  if (depth > ctx.depth) return Array.isArray(v) ? '[Array]' : '[Object]';
  ctx.seen.push(v);
  ctx.currentDepth = depth;
  var output = [], braces, isArray = Array.isArray(v);
  ctx.indentationLvl += 2;
  if (isArray) {
    braces = ['[', ']'];
    for (var k = 0; k < v.length; k++) output.push(formatValue(ctx, v[k], depth + 1));
  } else if (v instanceof Map) {
    braces = ['Map(' + v.size + ') {', '}'];
    v.forEach(function (value, key) {
      output.push(formatValue(ctx, key, depth + 1) + ' => ' + formatValue(ctx, value, depth + 1));
    });
  } else if (v instanceof Set) {
    braces = ['Set(' + v.size + ') {', '}'];
    v.forEach(function (value) { output.push(formatValue(ctx, value, depth + 1)); });
  } else {
    // Node prints a class instance with its class's name: A { x: 1 }
    var proto = Object.getPrototypeOf(v);
    var className = proto !== null && proto !== Object.prototype && proto.constructor && proto.constructor.name;
    braces = [className && className !== 'Object' ? className + ' {' : '{', '}'];
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
  if (v !== null && typeof v === 'object' && typeof v.__shellResult === 'function' && !(v instanceof BaseCursor)) {
    return v.__shellResult(host.resultBreakLength);
  }
  return inspect(v, host.resultBreakLength);
}

