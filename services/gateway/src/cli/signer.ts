// `npm run transparency:signer -- --key <file> --state <dir> [--listen 127.0.0.1:7400] [--name sais-platform]
//   [--create-key] [--print-key] [--forget <origin> --reason "…"]`
// The signing agent (decision 0048): holds the checkpoint key on a machine apart from the platform's data
// and signs only checkpoints that extend what it signed before (a rollback, a fork or a log started anew
// is refused). The platform uses it with SAIS_TRANSPARENCY_SIGNER=http://<agent>:7400 and the same
// SAIS_TRANSPARENCY_SIGNER_SECRET as the agent's. `--forget` drops what it holds of one log (for a log an
// operator starts anew on purpose), logged with its reason in the state folder.
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SigningAgent, signerOf, signingAgentServer } from '@sais/kit/transparency';

const { values: args } = parseArgs({
  options: {
    key: { type: 'string' },
    state: { type: 'string', default: 'transparency-signer' },
    listen: { type: 'string', default: '127.0.0.1:7400' },
    name: { type: 'string', default: process.env.SAIS_TRANSPARENCY_NAME || 'sais-platform' },
    'create-key': { type: 'boolean' },
    'print-key': { type: 'boolean' },
    forget: { type: 'string' },
    reason: { type: 'string' },
  },
});
if (!args.key) {
  process.stderr.write(
    'usage: npm run transparency:signer -- --key <key file> --state <dir> [--listen host:port] [--name <key name>] ' +
      '[--create-key] [--print-key] [--forget <origin> --reason "…"]\n' +
      'The secret the platform sends is SAIS_TRANSPARENCY_SIGNER_SECRET (at least 16 characters).\n',
  );
  process.exit(2);
}
const keyFile = resolve(args.key);
let pem = await readFile(keyFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
  if (error.code === 'ENOENT' && args['create-key']) return null;
  if (error.code === 'ENOENT') {
    process.stderr.write(`no key at ${keyFile}: run once with --create-key to make it\n`);
    process.exit(2);
  }
  throw error;
});
if (pem === null) {
  pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  await writeFile(keyFile, pem, { mode: 0o600, flag: 'wx' });
}
const signer = await signerOf(createPrivateKey(pem), args.name);
if (args['print-key']) {
  console.log(signer.key.text);
  process.exit(0);
}
const agent = await SigningAgent.open(signer, resolve(args.state));
if (args.forget) {
  const forgotten = await agent.forget(args.forget, args.reason ?? '', `${userInfo().username}`);
  console.log(
    forgotten ? `forgot what the agent held of ${args.forget}` : `the agent holds nothing of ${args.forget}`,
  );
  process.exit(0);
}
const secret = process.env.SAIS_TRANSPARENCY_SIGNER_SECRET ?? '';
const server = signingAgentServer(agent, secret);
const [host, port] = [
  args.listen.slice(0, args.listen.lastIndexOf(':')),
  Number(args.listen.split(':').pop()),
];
server.listen(port, host, () => {
  const address = server.address();
  const at = typeof address === 'object' && address ? `${address.address}:${address.port}` : args.listen;
  console.log(`signing agent for ${signer.key.text} listening on ${at}, state ${resolve(args.state)}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => server.close(() => process.exit(0)));
