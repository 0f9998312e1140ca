import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * How much more memory the server may hold, at its peak, while a 20 MB file of 10 million columns on
 * one line is uploaded to it: 64 MB. Refused at its 65th column, the file is read one stream chunk
 * (64 KB) at a time and dropped; socket and parser buffers take a few MB. Keeping the file would cost
 * its 20 MB at least twice over (the Buffer, its copy to the database), and the attack measured +705 MB.
 */
const boundMb = 64;

/** This process's resident memory now and at its peak (since the last reset), in MB, from /proc. */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

describe('a 10-million-column upload to the embedded default (finding 3)', () => {
  let server: ChildProcess;
  let ready: { origin: string; cookie: string; competitionId: string };

  beforeAll(async () => {
    // A server process of its own: its memory is measured, not the test runner's (which builds the file).
    server = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./fixtures/upload-server.ts', import.meta.url))],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    ready = await new Promise((resolve, reject) => {
      let out = '';
      server.once('exit', (code) => reject(new Error(`the server exited early (${code})`)));
      server.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n').find((candidate) => candidate.startsWith('ready {'));
        if (line) resolve(JSON.parse(line.slice('ready '.length)));
      });
    });
  }, 120_000);
  afterAll(() => {
    server?.kill('SIGKILL');
  });

  it(`refuses it while reading, and the server's memory stays within ${boundMb} MB of where it was`, async () => {
    const columns = 10_000_000;
    const file = Buffer.alloc(9 + columns * 2, '1,');
    file.write('id,yield\n', 0);
    expect(file.length).toBeLessThanOrEqual(20 * 1024 * 1024);
    const form = new FormData();
    form.append('competitionId', ready.competitionId);
    form.append('file', new Blob([file], { type: 'text/csv' }), 'wide.csv');

    // Settled after start-up; then the peak is reset (writing 5 to clear_refs), so it is the upload's.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = memoryOf(server.pid!);
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    const response = await fetch(`${ready.origin}/api/submission/upload`, {
      method: 'POST',
      body: form,
      headers: { cookie: ready.cookie, 'accept-language': 'en' },
    });
    const answer = await response.json();
    const during = memoryOf(server.pid!);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = memoryOf(server.pid!);
    console.log(
      `server RSS ${before.rss.toFixed(0)} MB before, peak ${during.peak.toFixed(0)} MB during, ${after.rss.toFixed(0)} MB after`,
    );
    expect(response.status).toBe(400);
    expect(answer).toMatchObject({ code: 40017, data: { line: 2, maxColumns: 64 } });
    expect(during.peak - before.rss).toBeLessThan(boundMb);
    expect(after.rss - before.rss).toBeLessThan(boundMb);
  }, 60_000);

  /**
   * The same attack through a resumable (tus) upload, which takes files up to 100 MB: 90 MB, one line of
   * 45 million columns after the header. The bytes go to disk as they arrive; on the last one the file
   * is streamed from disk through the same line guard and refused at its 65th column (the same 40017 as
   * multipart), so the peak stays within the same 64 MB. Reading the file whole first (as before) would
   * cost its 90 MB at once.
   */
  it(`refuses it through a resumable upload too, within ${boundMb} MB, without reading the file whole`, async () => {
    const size = 90 * 1024 * 1024;
    const file = Buffer.alloc(size, '1,');
    file.write('id,yield\n', 0);
    const headers = { cookie: ready.cookie, 'accept-language': 'en', 'Tus-Resumable': '1.0.0' };
    const created = await fetch(`${ready.origin}/api/submission/tus`, {
      method: 'POST',
      headers: {
        ...headers,
        'Upload-Length': String(size),
        'Upload-Metadata': `competitionId ${btoa(ready.competitionId)},filename ${btoa('wide.csv')}`,
      },
    });
    expect(created.status).toBe(201);

    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = memoryOf(server.pid!);
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    const response = await fetch(new URL(created.headers.get('location')!, ready.origin), {
      method: 'PATCH',
      body: file,
      headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    });
    const answer = await response.json();
    const during = memoryOf(server.pid!);
    console.log(
      `tus: server RSS ${before.rss.toFixed(0)} MB before, peak ${during.peak.toFixed(0)} MB during a ${size >> 20} MB upload`,
    );
    expect(response.status).toBe(400);
    expect(answer).toMatchObject({ code: 40017, data: { line: 2, maxColumns: 64 } });
    expect(during.peak - before.rss).toBeLessThan(boundMb);
  }, 60_000);
});
