// `npm run start:service -- <identity|competition|team|scoring|gateway>`: one process of real mode.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const child = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'services/gateway/src/service-main.ts'), ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: root },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
