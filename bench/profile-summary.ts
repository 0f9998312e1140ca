/**
 * `node bench/profile-summary.ts <file.cpuprofile> [top=30]`: a V8 CPU profile's self time summed by
 * function (name, file and line), largest first, in % of the profile's samples and of its busy samples
 * (idle, program and GC apart). For the figures in docs/benchmarks.md.
 *
 * `node bench/profile-summary.ts <file.cpuprofile> --parts [requests]`: the busy samples by part of an
 * HTTP request's path (each hook of the kit, the route, Fastify, Node's HTTP, the socket write), each
 * sample counted once, for the innermost frame on its stack that names a part; with the number of
 * requests of the profiled load, also in µs of the main thread per request (the sampling interval
 * of bench/lib/profile.ts, 100 µs, times the samples, over the requests).
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, topArg = '30', requestsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.ts <file.cpuprofile> [top | --parts [requests]]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[] };
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const counts = new Map<number, number>();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
const keyOf = ({ functionName, url, lineNumber }: Node['callFrame']) => {
  const where = url
    ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(services|bench)\//, '$1/')}:${lineNumber + 1}`
    : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};
const idleKey = /^\((idle|program|garbage collector)\)/;
const total = profile.samples.length;

/** The parts of a request's path, the first whose pattern a frame's key matches naming it. */
const parts: [RegExp, string][] = [
  [/http\/security\.ts/, 'kit: security headers (onRequest)'],
  [/request-trace\.ts|logger-factory|pino\//, 'kit: request ids and request logger'],
  [/fastifyCookieOnSendHandler/, '@fastify/cookie (onSend)'],
  [/@fastify\/cookie|cookie\/dist/, '@fastify/cookie parse (onRequest)'],
  [/write-limits\.ts/, 'kit: token write limit (onRequest)'],
  [/disk-space\.ts/, 'kit: disk guard (onRequest)'],
  [/nul\.ts|remembered-query\.ts|fastify\/lib\/validation\.js|zod|type-provider/, 'query validation'],
  [/http-metrics\.ts|prom-client/, 'kit: metrics histogram (onResponse)'],
  [/shutdown\.ts/, 'kit: shutdown (onSend)'],
  [/http\/app\.ts|envelope\.ts/, 'kit: preSerialization'],
  [/leaderboards\.ts|boards\/live\.ts/, 'route: page cache'],
  [/public-pages\.ts|boards\/routes\.ts/, 'route: handler and send'],
  [
    /^(writev|writevGeneric|writeUtf8String|writeLatin1String|writeBuffer|Socket\._writev|Socket\._writeGeneric|createWriteWrap|afterWriteDispatched)( |$)/,
    'socket write (the kernel)',
  ],
  [
    /^(writeHead|_storeHeader|processHeader|storeHeader|checkInvalidHeaderChar|checkIsHttpToken|safeWriteHead)( |$)/,
    'response headers (Node, writeHead)',
  ],
  [/^Reply\.header( |$)/, 'Reply.header (Fastify)'],
  [/find-my-way|querystring/, 'routing and query string'],
  [/fastify\//, 'Fastify'],
  [/^node:|node:_http|node:internal|node:net|node:events/, 'Node HTTP and streams'],
];

if (topArg === '--parts') {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byPart = new Map<string, number>();
  let busy = 0;
  for (const [id, count] of counts) {
    if (idleKey.test(keyOf(byId.get(id)!.callFrame))) continue;
    busy += count;
    let part = 'other';
    search: for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = keyOf(byId.get(at)!.callFrame);
      for (const [pattern, name] of parts)
        if (pattern.test(key)) {
          part = name;
          break search;
        }
    }
    byPart.set(part, (byPart.get(part) ?? 0) + count);
  }
  const requests = Number(requestsArg ?? 0);
  console.log(`${total} samples, ${busy} busy${requests ? `, ${requests} requests` : ''}`);
  for (const [part, count] of [...byPart].sort((a, b) => b[1] - a[1]))
    console.log(
      `${((100 * count) / busy).toFixed(1).padStart(5)} % of busy` +
        `${requests ? `  ${((100 * count) / requests).toFixed(2).padStart(6)} µs/request` : ''}  ${part}`,
    );
} else {
  const bySelf = new Map<string, number>();
  for (const [id, count] of counts) {
    const key = keyOf(byId.get(id)!.callFrame);
    bySelf.set(key, (bySelf.get(key) ?? 0) + count);
  }
  const idle = [...bySelf].filter(([key]) => idleKey.test(key));
  const busy = total - idle.reduce((sum, [, count]) => sum + count, 0);
  console.log(`${total} samples, ${busy} busy (${((100 * busy) / total).toFixed(1)} %)`);
  for (const [key, count] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg)))
    console.log(`${((100 * count) / total).toFixed(1).padStart(5)} %  ${key}`);
}
