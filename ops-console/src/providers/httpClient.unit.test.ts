import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordingServer, startRecordingServer } from '../../../infra/test/recording-server.ts';
import { createHttpClient } from './httpClient';

/** Errors speak (issue 19): never the browser's "Failed to fetch" nor a proxy's status line. */
describe('the console http client’s failures', () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(() => server.close());

  const failure = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (error: Error & { status?: number }) => ({ message: error.message, status: error.status }),
    );

  it('shows the platform’s own message, in the language it was asked in', async () => {
    server.answer('/api/admin/thing', {
      status: 403,
      body: JSON.stringify({ code: 403, message: '您没有权限执行此操作', data: null }),
    });
    const http = createHttpClient(() => 'zh-CN');
    await expect(failure(http(`${server.origin}/api/admin/thing`))).resolves.toEqual({
      message: '您没有权限执行此操作',
      status: 403,
    });
  });

  it('says the platform could not be reached instead of "Failed to fetch"', async () => {
    const http = createHttpClient(() => 'en');
    await expect(failure(http('http://127.0.0.1:9/api/user/detail'))).resolves.toEqual({
      message: 'The platform could not be reached; check the connection and try again',
      status: 0,
    });
    const zh = createHttpClient(() => 'zh-CN');
    await expect(failure(zh('http://127.0.0.1:9/api/user/detail'))).resolves.toMatchObject({
      message: '无法连接到平台，请检查网络后重试',
    });
  });

  it('replaces a proxy’s bare 502 with words', async () => {
    server.answer('/api/admin/proxy', { status: 502, body: '<html>Bad Gateway</html>' });
    const http = createHttpClient(() => 'en');
    await expect(failure(http(`${server.origin}/api/admin/proxy`))).resolves.toEqual({
      message: 'The platform is not answering properly right now; please try again in a moment',
      status: 502,
    });
  });
});
