/**
 * The write journal's one script (state/write-journal-redis.ts): a write's record, the replica's heartbeat and the
 * settlements waiting since the last call, in one round trip. Entry keys are built from the prefix inside it, as
 * the store's other scripts do (on a cluster every key shares the prefix's hash slot).
 */
import { LuaScript } from './redis-scripts.js';

/**
 * KEYS: pending zset, settled list, owner heartbeat. ARGV: prefix, heartbeat ttl ms, pending ttl ms, settled ttl
 * ms, settled ids kept, entry id ('' for none), entry JSON, queuedAt, then pairs of (id, settlement JSON). A
 * settlement applies only to a pending entry; it drops the entry's payload and keeps it for the settled ttl.
 */
export const writeScript = new LuaScript(`
redis.call('SET', KEYS[3], '1', 'PX', ARGV[2])
if ARGV[6] ~= '' then
  redis.call('SET', ARGV[1] .. 'outbox:w:' .. ARGV[6], ARGV[7], 'PX', ARGV[3])
  redis.call('ZADD', KEYS[1], ARGV[8], ARGV[6])
end
local settled = 0
for i = 9, #ARGV, 2 do
  local key = ARGV[1] .. 'outbox:w:' .. ARGV[i]
  local current = redis.call('GET', key)
  if current then
    local entry = cjson.decode(current)
    if entry.state == 'pending' then
      local change = cjson.decode(ARGV[i + 1])
      entry.payload = nil
      for field, value in pairs(change) do entry[field] = value end
      redis.call('SET', key, cjson.encode(entry), 'PX', ARGV[4])
      redis.call('LPUSH', KEYS[2], ARGV[i])
      settled = settled + 1
    end
  end
  redis.call('ZREM', KEYS[1], ARGV[i])
end
if settled > 0 then redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[5]) - 1) end
return settled
`);
