#!/usr/bin/env python3
"""Writes this folder's mongoexport files (relaxed Extended JSON, one document per line).

A MongoDB 7.0.14 cluster of three shards; shop.orders sharded on { customerId: 1 } on
2024-05-14 at 09:00 UTC and worked on for a day: a DBA's splits, the balancer's migrations
(one of them aborted), a zone EU on [600000, 700000) for shard03 whose bounds the balancer
splits at, the auto-merger joining chunks on one shard, and a later split of the hot top range.
config.system.sessions has its one chunk. Document shapes and where they come from are listed
in README.md. Run it again after changing the story: python3 generate.py
"""
import base64, json, uuid, os
from datetime import datetime, timezone, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
NS = "shop.orders"
FIELD = "customerId"
UUID_ORDERS = "3b9e2f4c-7d1a-4e6b-9c0f-2a5d8e7b1c43"
UUID_SESSIONS = "9f1c0b7e-4a2d-4c8e-b6f3-5e7a9d2c0b18"
EPOCH_ORDERS = "66432a10c2f1a9b3d4e5f601"
EPOCH_SESSIONS = "6641f3a0c2f1a9b3d4e5f5a0"
T0 = datetime(2024, 5, 14, 9, 0, 0, tzinfo=timezone.utc)
TS0 = int(T0.timestamp())
CONFIG = "cfg01.example.net:27019"
PRIMARY = {"shard01": "sh01-a.example.net:27018", "shard02": "sh02-a.example.net:27018",
           "shard03": "sh03-a.example.net:27018"}
MIN, MAX = "MinKey", "MaxKey"


def bound(v):
    if v == MIN:
        return {FIELD: {"$minKey": 1}}
    if v == MAX:
        return {FIELD: {"$maxKey": 1}}
    return {FIELD: v}


def sort_key(v):
    return -1 if v == MIN else (10 ** 12 if v == MAX else v)


def ts(t, i):
    return {"$timestamp": {"t": t, "i": i}}


def date(dt):
    return {"$date": dt.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (dt.microsecond // 1000)}


def uuid_json(u):
    return {"$binary": {"base64": base64.b64encode(uuid.UUID(u).bytes).decode(), "subType": "04"}}


def placement(v):
    # ChunkVersion::serialize, 7.0 (chunk_version.idl): {e: epoch, t: timestamp, v: Timestamp(major, minor)}
    return {"e": {"$oid": EPOCH_ORDERS}, "t": ts(TS0, 13), "v": ts(v[0], v[1])}


class Cluster:
    def __init__(self):
        # chunks: min -> {max, shard, v, history[(secs, shard)]}
        self.chunks = {MIN: {"max": MAX, "shard": "shard01", "v": (1, 0), "history": [(TS0, "shard01")]}}
        self.log = []
        self.seq = 0

    def coll_version(self):
        return max(c["v"] for c in self.chunks.values())

    def shard_version(self, shard):
        return max(c["v"] for c in self.chunks.values() if c["shard"] == shard)

    def entry(self, when, what, details, server=CONFIG, shard="config"):
        self.seq += 1
        stamp = when.strftime("%Y-%m-%dT%H:%M:%S.") + "%03d+00:00" % (when.microsecond // 1000)
        # ShardingLogging: _id is "<server>-<time>-<ObjectId>"; clientAddr is the caller's address
        oid = "%08x" % int(when.timestamp()) + "5f3c9a0e1b" + "%06x" % self.seq
        client = "10.0.0.10:41022" if shard != "config" else "10.0.1.11:53418"
        self.log.append({"_id": f"{server}-{stamp}-{oid}", "server": server, "shard": shard,
                         "clientAddr": client, "time": date(when), "what": what, "ns": NS, "details": details})

    def split(self, when, lo, points):
        c = self.chunks[lo]
        hi, before = c["max"], c["v"]
        major, minor = self.coll_version()
        bounds = [lo] + points + [hi]
        pieces = []
        for i in range(len(bounds) - 1):
            minor += 1
            pieces.append((bounds[i], bounds[i + 1], (major, minor)))
        for a, b, v in pieces:
            self.chunks[a] = {"max": b, "shard": c["shard"], "v": v, "history": list(c["history"])}
        short = lambda a, b, v: {"min": bound(a), "max": bound(b), "lastmod": placement(v)}
        if len(pieces) == 2:
            # ShardingCatalogManager::commitChunkSplit, one split point: what "split"
            self.entry(when, "split", {"before": short(lo, hi, before), "left": short(*pieces[0]),
                                       "right": short(*pieces[1]), "owningShard": c["shard"]})
        else:
            for n, p in enumerate(pieces):
                self.entry(when, "multi-split", {"before": short(lo, hi, before), "number": n + 1,
                                                 "of": len(pieces), "chunk": short(*p),
                                                 "owningShard": c["shard"]})

    def move(self, when, lo, to, docs, abort=None):
        c = self.chunks[lo]
        frm, hi = c["shard"], c["max"]
        rng = {"min": bound(lo), "max": bound(hi), "from": frm, "to": to}
        donor, recipient = PRIMARY[frm], PRIMARY[to]
        # MigrationSourceManager::startClone
        self.entry(when, "moveChunk.start", dict(rng), donor, frm)
        steps_to = [2, 1, 3, 40 + docs // 50, 6, 4, 0, 11]
        steps_from = [0, 7, 3, 60 + docs // 40, 28, 19]
        if abort:
            # MigrationSourceManager::_cleanupOnError, then the donor's MoveTimingHelper with note "aborted"
            t = when + timedelta(seconds=4)
            self.entry(t, "moveChunk.error", dict(rng), donor, frm)
            timing = {f"step {i + 1} of 6": ms for i, ms in enumerate(steps_from[:3])}
            timing.update({"min": bound(lo), "max": bound(hi), "to": to, "from": frm, "note": "aborted",
                           "errmsg": abort})
            self.entry(t + timedelta(milliseconds=9), "moveChunk.from", timing, donor, frm)
            return
        major, _ = self.coll_version()
        c["shard"], c["v"] = to, (major + 1, 0)
        c["history"] = [(int((when + timedelta(seconds=2)).timestamp()), to)] + c["history"]
        rest = sorted((k for k, d in self.chunks.items() if d["shard"] == frm), key=sort_key)
        if rest:
            # commitChunkMigration bumps one chunk left on the donor ("control chunk")
            self.chunks[rest[0]]["v"] = (major + 1, 1)
        t = when + timedelta(seconds=2, milliseconds=300)
        # MigrationDestinationManager::_migrateDriver's MoveTimingHelper, 8 steps
        to_timing = {f"step {i + 1} of 8": ms for i, ms in enumerate(steps_to)}
        to_timing.update({"min": bound(lo), "max": bound(hi), "to": to, "from": frm, "note": "success"})
        # commitChunkMetadataOnConfig: counts are the recipient's {cloned, clonedBytes, catchup, steady}
        commit = dict(rng)
        commit["counts"] = {"cloned": docs, "clonedBytes": docs * 412, "catchup": 0, "steady": 0}
        self.entry(t, "moveChunk.commit", commit, donor, frm)
        # the recipient logs once it has left its critical section, after the commit
        self.entry(t + timedelta(milliseconds=40), "moveChunk.to", to_timing, recipient, to)
        from_timing = {f"step {i + 1} of 6": ms for i, ms in enumerate(steps_from)}
        from_timing.update({"min": bound(lo), "max": bound(hi), "to": to, "from": frm, "note": "success"})
        self.entry(t + timedelta(milliseconds=260), "moveChunk.from", from_timing, donor, frm)

    def merge(self, when, lo, hi):
        keys = sorted((k for k in self.chunks if sort_key(lo) <= sort_key(k) < sort_key(hi)), key=sort_key)
        shard = self.chunks[keys[0]]["shard"]
        prev = self.shard_version(shard)
        major, minor = self.coll_version()
        merged = (major, minor + 1)
        history = self.chunks[keys[0]]["history"]
        for k in keys:
            del self.chunks[k]
        self.chunks[lo] = {"max": hi, "shard": shard, "v": merged, "history": history}
        # commitMergeAllChunksOnShard / commitChunksMerge, 7.0: the range, the count and the versions
        self.entry(when, "merge", {"prevPlacementVersion": placement(prev), "mergedVersion": placement(merged),
                                   "owningShard": shard, "min": bound(lo), "max": bound(hi),
                                   "numChunks": len(keys)})


def at(h, m, s=0):
    return T0 + timedelta(hours=h, minutes=m, seconds=s)


c = Cluster()
# A DBA pre-splits the empty collection (sh.splitAt / splitChunk with several points).
c.split(at(0, 2), MIN, [500000])
c.split(at(0, 3), MIN, [125000, 250000, 375000])
c.split(at(0, 4), 500000, [625000, 750000, 875000])
# The balancer spreads them.
c.move(at(0, 10), 125000, "shard02", 0)
c.move(at(0, 10, 30), 250000, "shard03", 0)
c.move(at(0, 11), 375000, "shard02", 0)
c.move(at(0, 11, 30), 500000, "shard02", 0)
c.move(at(0, 12), 625000, "shard03", 0)
# Zone EU [600000, 700000) on shard03: the balancer splits chunks at the zone's bounds, then moves.
c.split(at(2, 0), 500000, [600000])
c.split(at(2, 0, 1), 625000, [700000])
c.move(at(2, 1), 600000, "shard03", 18210)
c.move(at(2, 3), 750000, "shard03", 51207, abort="Data transfer error: ExceededTimeLimit: "
       "Failed to delete orphaned shop.orders range [{ customerId: 750000 }, { customerId: 875000 }) :: caused by "
       ":: operation exceeded time limit")
c.move(at(2, 9), 750000, "shard03", 51207)
# The auto-merger joins contiguous chunks of one shard.
c.merge(at(3, 0), 600000, 700000)
# The top range gets the new customers' writes: the DBA splits it and the balancer moves pieces.
c.split(at(6, 30), 875000, [900000, 925000, 950000, 975000])
c.move(at(6, 40), 900000, "shard02", 20414)
c.move(at(6, 41), 925000, "shard03", 19876)
c.move(at(6, 42), 975000, "shard02", 8123)
c.split(at(9, 15), MIN, [60000])
c.move(at(9, 20), 60000, "shard03", 31008)


def write(name, docs):
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        for d in docs:
            f.write(json.dumps(d, separators=(",", ":")) + "\n")


def chunk_docs():
    out = []
    for n, lo in enumerate(sorted(c.chunks, key=sort_key)):
        d = c.chunks[lo]
        out.append({"_id": {"$oid": "66432a%02x%016x" % (n, n + 1)}, "uuid": uuid_json(UUID_ORDERS),
                    "min": bound(lo), "max": bound(d["max"]), "shard": d["shard"], "lastmod": ts(*d["v"]),
                    "onCurrentShardSince": ts(d["history"][0][0], 1),
                    "history": [{"validAfter": ts(t, 1), "shard": s} for t, s in d["history"]]})
    out.append({"_id": {"$oid": "6641f3a0c2f1a9b3d4e5f5a1"}, "uuid": uuid_json(UUID_SESSIONS),
                "min": {"_id": {"$minKey": 1}}, "max": {"_id": {"$maxKey": 1}}, "shard": "shard01",
                "lastmod": ts(1, 0), "onCurrentShardSince": ts(TS0 - 86400, 4),
                "history": [{"validAfter": ts(TS0 - 86400, 4), "shard": "shard01"}]})
    return out


write("shards", [{"_id": s, "host": f"{s}/{PRIMARY[s]},{PRIMARY[s].replace('-a.', '-b.')},"
                  f"{PRIMARY[s].replace('-a.', '-c.')}", "state": 1, "topologyTime": ts(TS0 - 86400 - 600, 2),
                  **({"tags": ["EU"]} if s == "shard03" else {})} for s in PRIMARY])
write("databases", [{"_id": "shop", "primary": "shard01", "partitioned": False,
                     "version": {"uuid": uuid_json("c2d8a1f0-5b3e-4f7a-8d6c-1e9b0a4f2d57"),
                                 "timestamp": ts(TS0 - 120, 1), "lastMod": 1}}])
write("collections", [
    {"_id": "config.system.sessions", "lastmodEpoch": {"$oid": EPOCH_SESSIONS},
     "lastmod": date(T0 - timedelta(days=1)), "timestamp": ts(TS0 - 86400, 3), "uuid": uuid_json(UUID_SESSIONS),
     "key": {"_id": 1}, "unique": False, "noBalance": False},
    {"_id": NS, "lastmodEpoch": {"$oid": EPOCH_ORDERS}, "lastmod": date(T0), "timestamp": ts(TS0, 13),
     "uuid": uuid_json(UUID_ORDERS), "key": {FIELD: 1}, "unique": False, "noBalance": False}])
write("chunks", chunk_docs())
write("tags", [{"_id": {"ns": NS, "min": bound(600000)}, "ns": NS, "min": bound(600000), "max": bound(700000),
                "tag": "EU"}])
write("settings", [{"_id": "balancer", "mode": "full", "stopped": False}])
write("mongos", [{"_id": "app01.example.net:27017", "advisoryHostFQDNs": ["app01.example.net"],
                  "created": date(T0 - timedelta(days=1)), "mongoVersion": "7.0.14",
                  "ping": date(T0 + timedelta(hours=12)), "up": 129600, "waiting": True}])
write("changelog", c.log)
for lo in sorted(c.chunks, key=sort_key):
    d = c.chunks[lo]
    print(lo, d["max"], d["shard"], d["v"])
print(len(c.log), "entries")
