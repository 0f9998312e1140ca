/**
 * `node bench/profile-summary.ts <file.cpuprofile> [top=30]`: a V8 CPU profile's self time summed by
 * function (name, file and line), largest first, in % of the profile's samples and of its busy samples
 * (idle, program and GC apart). For the figures in docs/benchmarks.md.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, topArg = '30'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[] };
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const counts = new Map<number, number>();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
const bySelf = new Map<string, number>();
for (const [id, count] of counts) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const where = url
    ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(services|bench)\//, '$1/')}:${lineNumber + 1}`
    : '';
  const key = `${functionName || '(anonymous)'} ${where}`.trim();
  bySelf.set(key, (bySelf.get(key) ?? 0) + count);
}
const total = profile.samples.length;
const idle = [...bySelf].filter(([key]) => /^\((idle|program|garbage collector)\)/.test(key));
const busy = total - idle.reduce((sum, [, count]) => sum + count, 0);
console.log(`${total} samples, ${busy} busy (${((100 * busy) / total).toFixed(1)} %)`);
for (const [key, count] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg)))
  console.log(`${((100 * count) / total).toFixed(1).padStart(5)} %  ${key}`);
