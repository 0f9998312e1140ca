// `npm run transparency:mirror -- --url <platform> [--dir <dir>] [--key <name+id+base64>] [--log <name>]…
//   [--witness <witness key>]… [--witnesses N]`
// Keeps a copy of the platform's transparency logs (one per service): new checkpoints are checked against
// the pinned key and by consistency proofs from the copy's latest, their leaves against the signed roots.
// Run it regularly (cron); `npm run events:verify -- --checkpoints <dir>` then checks a database against it.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { transparency } from '@sais/events';
import { mirrorLogs } from '@sais/kit/transparency';
import { allServices } from '../services.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    dir: { type: 'string', default: 'transparency-mirror' },
    key: { type: 'string', multiple: true },
    log: { type: 'string', multiple: true },
    witness: { type: 'string', multiple: true },
    witnesses: { type: 'string' },
  },
});
if (!args.url) {
  process.stderr.write(
    'usage: npm run transparency:mirror -- --url <platform> [--dir <dir>] [--key <key>] [--log <name>]\n',
  );
  process.exit(2);
}
const directory = resolve(args.dir);
const result = await mirrorLogs({
  url: args.url,
  directory,
  logs: args.log ?? allServices.map((service) => service.name),
  keys: await Promise.all((args.key ?? []).map((key) => transparency.parseVerifierKey(key))),
  // Witness keys (decision 0033): served cosignatures are checked and copied; --witnesses N requires N.
  witnesses: await Promise.all((args.witness ?? []).map((key) => transparency.parseWitnessKey(key))),
  quorum: Number(args.witnesses ?? 0),
});
console.log(`copy: ${directory}`);
for (const line of result.lines) console.log(line);
process.exit(result.ok ? 0 : 1);
