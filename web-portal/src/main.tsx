import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './app/i18n';
import { reloadOnStaleChunks } from '@sais/web-shared/stale-chunks';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

reloadOnStaleChunks();

await initI18n();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
