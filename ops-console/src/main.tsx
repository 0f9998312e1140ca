import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { reloadOnStaleChunks } from '@sais/web-shared/stale-chunks';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

reloadOnStaleChunks();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
