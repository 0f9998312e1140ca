// `npm run transparency:key`: prints the verifier key of the platform's checkpoint signing key (in the
// keys folder, or SAIS_TRANSPARENCY_KEY), to publish where participants and auditors can compare it: the
// deployment's own README or web page, and `--key` of `npm run transparency:mirror`. Printing never makes
// a key (another SAIS_DATA_DIR would otherwise get a new key silently, issue 35): a missing key is an
// error (exit 1). `--create` makes one explicitly, outside a platform's first start, and refuses to
// replace one that exists (exit 1): the first `npm start` makes its key by itself. Its refusals are in
// English and zh-CN, one after the other, as the platform's other start-up refusals.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { keysDirectory } from '@sais/kit/keys';
import {
  SigningKeyRefused,
  loadCheckpointSigner,
  signingKeyFile,
  transparencyDirectory,
} from '@sais/kit/transparency';
import { repositoryRoot } from '../platform.ts';

const config = { dataDir: process.env.SAIS_DATA_DIR ?? join(repositoryRoot, '.data'), env: process.env };
const create = process.argv.includes('--create');
try {
  if (create) {
    if (config.env.SAIS_TRANSPARENCY_KEY) throw new SigningKeyRefused('signingKeyFromEnvironment');
    const file = join(keysDirectory(config), signingKeyFile);
    const exists = await access(file).then(
      () => true,
      () => false,
    );
    if (exists) throw new SigningKeyRefused('signingKeyExists', file);
  }
  const signer = await loadCheckpointSigner(config, { create });
  console.log(signer.key.text);
  console.error(
    `${create ? 'made a new signing key; ' : ''}transparency logs: ${transparencyDirectory(config)}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
