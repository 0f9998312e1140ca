import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The gateway serves the build under /console/ next to the portal, with the API under /api on the
// same origin; in development the API calls are forwarded to a locally running gateway.
const gateway = process.env.SAIS_GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/console/',
  plugins: [
    react(),
    // Brotli and gzip copies beside each file over 1 KiB, served as they are by the gateway (@fastify/static
    // preCompressed): compressed once at build, never per request (issue 35).
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 }),
  ],
  server: { port: 5174, proxy: { '/api': gateway } },
  build: {
    rolldownOptions: {
      // Libraries change less often than the console: separate chunks stay cached across releases. Each
      // page is a chunk of its own (`lazyPage`), loaded when first shown.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/ },
            // Only the competition editing page shows Markdown (content, write-ups): the parser and what it
            // imports load with that page, not with the libraries every page needs (~40 KiB br less).
            { name: 'markdown', test: /node_modules[\\/](react-markdown|remark-gfm)[\\/]/ },
            { name: 'libraries', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
