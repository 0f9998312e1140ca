/**
 * Load generator of `npm run bench -- leaderboard`, in its own process so it does not share the
 * server's event loop: `connections` keep-alive HTTP/1.1 connections over raw sockets (like autocannon),
 * each sending the next GET as soon as the previous response is complete, for `seconds`. Prints JSON:
 * requests, answers of another status than the expected one (200, or 304 with an `If-None-Match`;
 * a 200 not in br when br was asked for),
 * bytes, and latency percentiles in ms.
 *
 *   node bench/scoring-load.ts <port> <path> <connections> <seconds> [cookie] [if-none-match] [accept-encoding]
 *
 * An empty argument sends no such header. Without `accept-encoding` the request asks for no coding
 * (as the first load generators did); with `br, gzip` it is what browsers and Node's fetch send.
 */
import { connect } from 'node:net';

const [port, path, connections = '50', seconds = '10', cookie, ifNoneMatch, acceptEncoding] =
  process.argv.slice(2);
const request = Buffer.from(
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json\r\nAccept-Language: en\r\n` +
    `${cookie ? `Cookie: ${cookie}\r\n` : ''}${ifNoneMatch ? `If-None-Match: ${ifNoneMatch}\r\n` : ''}` +
    `${acceptEncoding ? `Accept-Encoding: ${acceptEncoding}\r\n` : ''}` +
    'Connection: keep-alive\r\n\r\n',
);
const expected = ifNoneMatch ? 'HTTP/1.1 304' : 'HTTP/1.1 200';
const brExpected = /\bbr\b/.test(acceptEncoding ?? '');
const latencies: number[] = [];
let requests = 0;
let failures = 0;
let bytes = 0;
const deadline = performance.now() + Number(seconds) * 1000;

function run(): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    socket.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    let sentAt = 0;
    const send = () => {
      if (performance.now() >= deadline) {
        socket.end();
        resolve();
        return;
      }
      sentAt = performance.now();
      socket.write(request);
    };
    socket.on('connect', send);
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      for (;;) {
        const headerEnd = buffer.indexOf('\r\n\r\n');
        if (headerEnd < 0) return;
        const head = buffer.subarray(0, headerEnd).toString('latin1');
        // A 304 has no body, whatever its headers say.
        const length = head.startsWith('HTTP/1.1 304')
          ? 0
          : Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
        if (!Number.isFinite(length)) {
          reject(new Error(`no content-length in response: ${head}`));
          socket.destroy();
          return;
        }
        const total = headerEnd + 4 + length;
        if (buffer.length < total) return;
        latencies.push(performance.now() - sentAt);
        requests += 1;
        bytes += total;
        // Asked for br (and the page is large enough to be compressed): a 200 must come in br.
        if (
          !head.startsWith(expected) ||
          (brExpected && !head.startsWith('HTTP/1.1 304') && !/\r\ncontent-encoding: br\r\n/i.test(head))
        )
          failures += 1;
        buffer = buffer.subarray(total);
        send();
      }
    });
  });
}

const started = performance.now();
await Promise.all(Array.from({ length: Number(connections) }, run));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN;
console.log(
  JSON.stringify({
    requests,
    failures,
    seconds: elapsed,
    perSecond: requests / elapsed,
    bytesPerResponse: requests ? bytes / requests : 0,
    p50: at(50),
    p90: at(90),
    p99: at(99),
    max: latencies.at(-1) ?? NaN,
  }),
);
