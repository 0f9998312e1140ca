// `npm run transparency:witness -- --url <platform> --state <dir> --key <file> --name <witness name>
//   [--create-key] [--print-key] [--platform-key <name+id+base64>] [--log <name>]…`
// A witness (decision 0033, c2sp.org/tlog-cosignature): keeps the latest checkpoint of each log it
// cosigned in --state, checks the platform's new latest checkpoint against the pinned platform key and by
// a consistency proof from the held one, refuses a rollback or a fork, and sends its cosignature. Run it
// regularly (cron) on a machine the platform's operators do not control. `--print-key` prints the witness
// key the platform's operator adds to `<transparency>/witnesses` (or SAIS_WITNESS_KEYS).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { transparency } from '@sais/events';
import { loadWitnessSigner, witnessLogs } from '@sais/kit/transparency';
import { allServices } from '../services.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    platform: { type: 'string' },
    state: { type: 'string', default: 'transparency-witness' },
    key: { type: 'string' },
    name: { type: 'string' },
    'create-key': { type: 'boolean' },
    'print-key': { type: 'boolean' },
    'platform-key': { type: 'string', multiple: true },
    log: { type: 'string', multiple: true },
  },
});
const url = args.url ?? args.platform;
if (!args.key || !args.name || (!url && !args['print-key'])) {
  process.stderr.write(
    'usage: npm run transparency:witness -- --url <platform> --state <dir> --key <key file> --name <witness name> ' +
      '[--create-key] [--print-key] [--platform-key <key>] [--log <name>]\n',
  );
  process.exit(2);
}
const signer = await loadWitnessSigner(resolve(args.key), args.name, args['create-key']);
if (args['print-key']) {
  console.log(signer.key.text);
  if (!url) process.exit(0);
}
const state = resolve(args.state);
const result = await witnessLogs({
  url: url!,
  state,
  signer,
  logs: args.log ?? allServices.map((service) => service.name),
  keys: await Promise.all((args['platform-key'] ?? []).map((key) => transparency.parseVerifierKey(key))),
});
console.log(`witness ${signer.key.text}, state: ${state}`);
for (const line of result.lines) console.log(line);
process.exit(result.ok ? 0 : 1);
