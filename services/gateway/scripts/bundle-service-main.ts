/** `npm run build -w @sais/gateway`: writes dist/service-main.mjs (service-bundle.ts). */
import { bundleServiceMain } from './service-bundle.ts';

console.log(`wrote ${await bundleServiceMain()}`);
