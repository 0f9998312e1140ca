import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type RecordingServer, startRecordingServer } from '../../../infra/test/recording-server.ts';
import { type ApiClient, createApiClient } from '../../src/api/client';
import type { Notice } from '../../src/notices/notices';

/** A `{code, message, data}` envelope as a canned response body. */
export const envelope = (code: number, message: string, data: unknown = null) => ({
  body: JSON.stringify({ code, message, data }),
});

export interface RecordingApi<T> {
  server: RecordingServer;
  /** Notices the client showed since the test started. */
  shown: Notice[];
  api: T;
}

/**
 * Registers the vitest hooks that start a recording server, build the feature's API over a real
 * API client pointed at it, and clear requests and notices before every test.
 */
export function useRecordingApi<T>(make: (client: ApiClient) => T, language = 'en'): RecordingApi<T> {
  const handle = { shown: [] as Notice[] } as RecordingApi<T>;
  beforeAll(async () => {
    handle.server = await startRecordingServer();
    handle.api = make(
      createApiClient({
        baseUrl: `${handle.server.origin}/api`,
        language: () => language,
        notifier: { notify: (notice) => handle.shown.push(notice) },
        currentAddress: () => '/',
        navigate: () => undefined,
        translate: (key) => key,
      }),
    );
  });
  afterAll(() => handle.server.close());
  beforeEach(() => {
    handle.shown.length = 0;
    handle.server.requests.length = 0;
  });
  return handle;
}
