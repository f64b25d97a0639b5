// The load generator, run as a child process of bench/run.mjs so that its event loop never shares
// a thread with a server under test. It reads one case from stdin as JSON —
//   { url, connections, seconds, warmupSeconds, requests: [{ method, path, headers?, body? }] }
// — drives autocannon with it, and writes one line of JSON with the figures to stdout.
//
// Every connection takes the next request of the pool (a shared cursor: the pool is shuffled by
// the caller, so consecutive requests differ), and every reply is checked: a reply counts as good
// only with a 2xx status and an envelope whose `code` is 0. Anything else is an error, and so are
// connection errors and timeouts. Throughput is good replies per second.
import autocannon from 'autocannon';

/** A success envelope as the server writes it (`{"code":0,...`), else parsed to be sure. */
function isSuccessEnvelope(body) {
  if (body.startsWith('{"code":0,') || body.startsWith('{"code":0}')) return true;
  try {
    return JSON.parse(body)?.code === 0;
  } catch {
    return false;
  }
}

/**
 * Run autocannon over the pool for `length.seconds`, or until `length.amount` requests are sent;
 * the counters start from zero on each call.
 */
async function measure(spec, length) {
  const pool = spec.requests;
  let cursor = 0;
  const counts = { good: 0, badStatus: 0, badCode: 0, sample: null };
  const started = performance.now();
  const run = autocannon({
    url: spec.url,
    connections: spec.connections,
    ...(length.amount ? { amount: length.amount } : { duration: length.seconds }),
    // One request definition whose content changes on every send: the pool's next entry.
    requests: [
      {
        setupRequest: (request) => {
          const next = pool[cursor];
          cursor = (cursor + 1) % pool.length;
          return { ...request, method: next.method, path: next.path, headers: next.headers ?? {}, body: next.body ?? '' };
        },
        onResponse: (status, body) => {
          if (status < 200 || status > 299) counts.badStatus++;
          else if (!isSuccessEnvelope(body)) counts.badCode++;
          else {
            counts.good++;
            return;
          }
          counts.sample ??= `${status} ${String(body).slice(0, 160)}`;
        },
      },
    ],
  });
  run.on('reqError', (error) => {
    counts.sample ??= `connection error: ${error.code ?? error.message}`;
  });
  const result = await run;
  // autocannon's own duration is in whole seconds: a short run (the first pass) is timed here.
  return { result, counts, seconds: (performance.now() - started) / 1000 };
}

const input = await new Promise((resolve, reject) => {
  let text = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => (text += chunk));
  process.stdin.on('end', () => resolve(text));
  process.stdin.on('error', reject);
});
const spec = JSON.parse(input);

// The first pass: every request of the pool once, as the first callers after a start or a catalogue
// write find the read cache (empty); reported on its own. Then a warm-up: the same pool for a short
// while, not counted (JIT, connections). Then the measured run: the steady state between writes.
// (autocannon wants at least one request per connection.)
const first = await measure(spec, { amount: Math.max(spec.requests.length, spec.connections) });
if (spec.warmupSeconds > 0) await measure(spec, { seconds: spec.warmupSeconds });
const { result, counts } = await measure(spec, { seconds: spec.seconds });
const firstErrors = first.counts.badStatus + first.counts.badCode + first.result.errors;

const errors = counts.badStatus + counts.badCode + result.errors;
// No reply at all (a server that answered nothing in time): no latency to speak of, not 0 ms.
const replied = counts.good + counts.badStatus + counts.badCode > 0;
process.stdout.write(
  JSON.stringify({
    rps: counts.good / result.duration,
    p50: replied ? result.latency.p50 : null,
    p99: replied ? result.latency.p99 : null,
    max: replied ? result.latency.max : null,
    replied,
    first: {
      requests: Math.max(spec.requests.length, spec.connections),
      rps: first.counts.good / first.seconds,
      p99: first.result.latency.p99,
      errors: firstErrors,
    },
    good: counts.good,
    errors,
    badStatus: counts.badStatus,
    badCode: counts.badCode,
    connectionErrors: result.errors,
    timeouts: result.timeouts,
    sample: counts.sample ?? first.counts.sample,
    seconds: result.duration,
  }) + '\n',
);
