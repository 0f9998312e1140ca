import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The gateway serves the build at the site root and the API under /api on the same origin;
// in development the API calls are forwarded to a locally running gateway.
const gateway = process.env.SAIS_GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': gateway } },
});
