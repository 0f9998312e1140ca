// `npm run transparency:key`: prints the verifier key of the platform's checkpoint signing key (made on
// first use in the keys folder, or SAIS_TRANSPARENCY_KEY), to publish where participants and auditors
// can compare it: the deployment's own README or web page, and `--key` of `npm run transparency:mirror`.
import { join } from 'node:path';
import { loadCheckpointSigner, transparencyDirectory } from '@sais/kit';
import { repositoryRoot } from '../platform.ts';

const config = { dataDir: process.env.SAIS_DATA_DIR ?? join(repositoryRoot, '.data'), env: process.env };
const signer = await loadCheckpointSigner(config);
console.log(signer.key.text);
console.error(`transparency logs: ${transparencyDirectory(config)}`);
