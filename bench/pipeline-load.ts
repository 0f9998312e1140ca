/**
 * Load generator of `npm run bench -- pipeline`, in its own process: posts small result files
 * (multipart, as the portal does) at a fixed rate, open loop (request i is due at start + i / rate,
 * whatever earlier answers do), round-robin over the given session cookies. Prints JSON: for every
 * accepted upload its submission id and the epoch time (ms, sub-ms precision) its answer arrived,
 * plus the refused and failed counts and when each refusal or failure (no answer) happened.
 *
 *   node bench/pipeline-load.ts <port> <competitionId> <rate> <seconds>   (cookies in SAIS_BENCH_COOKIES, comma-separated)
 */
import { Agent, request } from 'node:http';

const [port, competitionId, rate = '200', seconds = '60'] = process.argv.slice(2);
const cookies = (process.env.SAIS_BENCH_COOKIES ?? '').split(',').filter(Boolean);
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const now = () => performance.timeOrigin + performance.now();
const boundary = 'saisbenchboundary';

/** A 20-row file close to the ground truth, varied so that scores and ranks move. */
function body(i: number): Buffer {
  const rows = Array.from({ length: 20 }, (_, r) => `r${r},${r * 5 + ((i * 7 + r) % 11) / 10}`).join('\n');
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="competitionId"\r\n\r\n${competitionId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="result.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\nid,yield\n${rows}\n\r\n--${boundary}--\r\n`,
  );
}

const accepted: { submissionId: string; acceptedAt: number }[] = [];
let refused = 0;
let failed = 0;
const refusals: Record<string, number> = {};
const refusedAt: number[] = [];
const failedAt: number[] = [];

function post(i: number): Promise<void> {
  const payload = body(i);
  return new Promise((done) => {
    // A process killed mid-answer (npm run bench -- faults) ends a request with an error after its
    // response began: whichever comes first counts, once.
    let settled = false;
    const resolve = () => {
      settled = true;
      done();
    };
    const fail = () => {
      if (settled) return;
      failed += 1;
      failedAt.push(now());
      resolve();
    };
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port: Number(port),
        method: 'POST',
        path: '/api/submission/upload',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': payload.length,
          'accept-language': 'en',
          cookie: cookies[i % cookies.length]!,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          if (settled) return;
          const at = now();
          let answer: { code: number; data?: { submissionId: string } };
          try {
            answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof answer;
          } catch {
            answer = { code: res.statusCode ?? 0 };
          }
          if (answer.code === 0 && answer.data)
            accepted.push({ submissionId: answer.data.submissionId, acceptedAt: at });
          else {
            refused += 1;
            refusedAt.push(at);
            refusals[answer.code] = (refusals[answer.code] ?? 0) + 1;
          }
          resolve();
        });
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

const total = Number(rate) * Number(seconds);
const start = now();
const inFlight: Promise<void>[] = [];
for (let i = 0; i < total; i++) {
  const due = start + (i * 1000) / Number(rate);
  const wait = due - now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  inFlight.push(post(i));
}
await Promise.all(inFlight);
agent.destroy();
process.stdout.write(
  JSON.stringify({
    sent: total,
    seconds: (now() - start) / 1000,
    accepted,
    refused,
    failed,
    refusals,
    refusedAt,
    failedAt,
  }),
);
