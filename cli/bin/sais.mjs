#!/usr/bin/env node
// The `sais` command: its TypeScript runs through tsx (the workspace's own toolchain), so a clone
// needs no build step: `npx sais …`, or `npm install -g ./cli`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv);
