-- wrk script for the soak: cycles through a list of real requests and counts the answers by status.
--
-- Usage: wrk … -s Benchmarks/soak/mixed.lua URL -- REQUESTS_FILE
-- REQUESTS_FILE has one request per line: a kind (for the report), the path, then optional
-- "Name: value" headers, all separated by tabs (Benchmarks/soak/soak.py writes it from the running
-- server's own answers). Each thread starts at a different place in the list, so the threads do not
-- ask for the same thing at the same moment.
--
-- done() prints one line, "SOAK-RESULT {json}", with wrk's counters, the latency percentiles
-- (microseconds), the answers by status and the first few answers that were neither 2xx nor 3xx.

local threads = {}

function setup(thread)
  thread:set("thread_index", #threads)
  table.insert(threads, thread)
end

function init(args)
  local file = args[1]
  if not file then error("usage: wrk … -s mixed.lua URL -- REQUESTS_FILE") end
  requests = {}
  for line in io.lines(file) do
    local fields = {}
    for field in string.gmatch(line, "[^\t]+") do table.insert(fields, field) end
    if #fields >= 2 then
      local headers = {}
      for i = 3, #fields do
        local name, value = string.match(fields[i], "^([^:]+):%s*(.*)$")
        if name then headers[name] = value end
      end
      table.insert(requests, wrk.format("GET", fields[2], headers))
    end
  end
  if #requests == 0 then error("no requests in " .. file) end
  -- Spread the threads' starting points over the list.
  position = math.floor(thread_index * #requests / 7) % #requests
  statuses = {}
  failures = {}
  failure_count = 0
end

function request()
  position = position % #requests + 1
  return requests[position]
end

function response(status, headers, body)
  local key = tostring(status)
  statuses[key] = (statuses[key] or 0) + 1
  if (status < 200 or status >= 400) and failure_count < 5 then
    failure_count = failure_count + 1
    local text = string.gsub(string.sub(body or "", 1, 160), "[^%w%p ]", "?")
    failures[failure_count] = key .. " " .. (headers["Content-Type"] or headers["content-type"] or "") .. " " .. text
  end
end

local function quote(s)
  return '"' .. string.gsub(s, '[%c"\\]', function(c) return string.format("\\u%04x", string.byte(c)) end) .. '"'
end

function done(summary, latency, requests_stats)
  local merged, samples = {}, {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses") or {}) do
      merged[status] = (merged[status] or 0) + count
    end
    for _, text in ipairs(thread:get("failures") or {}) do table.insert(samples, quote(text)) end
  end
  local by_status = {}
  for status, count in pairs(merged) do table.insert(by_status, string.format('"%s":%d', status, count)) end
  local e = summary.errors
  local percentiles = {}
  for _, p in ipairs({ 50, 90, 99, 99.9 }) do
    table.insert(percentiles, string.format('"%s":%d', tostring(p), latency:percentile(p)))
  end
  io.write(string.format(
    'SOAK-RESULT {"duration_us":%d,"requests":%d,"bytes":%d,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latency_us":{%s,"mean":%d,"max":%d},"statuses":{%s},"failures":[%s]}\n',
    summary.duration, summary.requests, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    table.concat(percentiles, ","), latency.mean, latency.max,
    table.concat(by_status, ","), table.concat(samples, ",")))
end
