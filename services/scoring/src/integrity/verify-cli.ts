// `npm run seal:verify -- <competitionId> [phase] [--url http://127.0.0.1:8080]`: recomputes the digest of a
// published private leaderboard from the public API and compares it with the seal recorded before the reveal.
import { type PublishedPage, recomputePublishedSeal } from '@sais/events';

const args = process.argv.slice(2);
const urlAt = args.indexOf('--url');
const base = urlAt >= 0 ? args[urlAt + 1] : (process.env.SAIS_URL ?? 'http://127.0.0.1:8080');
const [competitionId, phase] = args.filter((_, i) => i !== urlAt && i !== urlAt + 1);
if (!competitionId || !base) {
  console.error('usage: npm run seal:verify -- <competitionId> [phase] [--url http://host:port]');
  process.exit(2);
}

async function page(n: number): Promise<PublishedPage> {
  const url = new URL('/api/leaderboard/private', base);
  url.search = new URLSearchParams({
    competitionId: competitionId!,
    page: String(n),
    pageSize: '100',
    ...(phase ? { phase } : {}),
  }).toString();
  const response = await fetch(url, { headers: { 'accept-language': 'en' } });
  const body = (await response.json()) as { code: number; message: string; data: PublishedPage };
  if (body.code !== 0) throw new Error(`${url.pathname}: ${body.message} (code ${body.code})`);
  return body.data;
}

try {
  const check = await recomputePublishedSeal(competitionId, page);
  console.log(`competition ${competitionId}, phase ${check.phase ?? '-'}: ${check.rows} rows`);
  console.log(
    `sealed     ${check.seal ? `${check.seal.digest} (${check.seal.algorithm}, form ${check.seal.form}, ${check.seal.sealedAt})` : 'no seal'}`,
  );
  console.log(`recomputed ${check.digest ?? '-'}`);
  console.log(
    check.match
      ? 'PASS: the published ranking is the sealed one'
      : 'FAIL: the published ranking does not match the seal',
  );
  process.exit(check.match ? 0 : 1);
} catch (error) {
  console.error(`FAIL: ${(error as Error).message}`);
  process.exit(1);
}
