-- The edge-cache bench's load for wrk (scripts/bench-edge-cache.ts). Each request takes a
-- path from the file named after `--` (one path a line, a path repeated by its weight in
-- the mix); a second argument is sent as the Cookie header. done() writes one
-- `WRK_JSON {...}` line: counts, p50/p99/p99.9/max and the share of answers over 2 s
-- (microseconds).
--
-- Every request is formatted once, in init(): formatting one per request (wrk.format in
-- request()) cost the load generator, which shares the cores with what it measures, a
-- share of a core.
--
-- Statuses are counted one by one only for the connections with a cookie (few): a
-- response() callback makes wrk hand every answer's headers and body to Lua, which cut the
-- cached pages' rate by 40 % here. The others' error statuses come from wrk's own count
-- (summary.errors.status: answers with a status of 400 or more).
local threads = {}
local counter = 1

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

function init(args)
  paths = {}
  for line in io.lines(args[1]) do table.insert(paths, line) end
  statuses = {}
  math.randomseed(id * 7919)
  headers = { ["Accept-Encoding"] = "gzip" }
  if args[2] and args[2] ~= "" then
    headers["Cookie"] = args[2]
    -- Each wrk thread has a Lua state of its own: counted per thread, summed in done().
    response = function(status)
      statuses[status] = (statuses[status] or 0) + 1
    end
  end
  requests = {}
  for i, path in ipairs(paths) do requests[i] = wrk.format("GET", path, headers) end
end

function request()
  return requests[math.random(#requests)]
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    local counts = thread:get("statuses")
    for status, n in pairs(counts) do total[status] = (total[status] or 0) + n end
  end
  -- The share of answers over 2 s: the smallest percentile whose latency passes 2 s.
  local lo, hi = 0.0, 100.0
  if latency.max <= 2000000 then lo = 100.0 else
    for _ = 1, 50 do
      local mid = (lo + hi) / 2
      if latency:percentile(mid) > 2000000 then hi = mid else lo = mid end
    end
  end
  local parts = {}
  for status, n in pairs(total) do table.insert(parts, string.format('"%d":%d', status, n)) end
  io.write(string.format(
    'WRK_JSON {"requests":%d,"p50Us":%d,"p99Us":%d,"p999Us":%d,"maxUs":%d,"overShare":%.6f,"errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d},"statuses":{%s}}\n',
    summary.requests, latency:percentile(50), latency:percentile(99), latency:percentile(99.9), latency.max, 100 - lo,
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout,
    summary.errors.status, table.concat(parts, ",")))
end
