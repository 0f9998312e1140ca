import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientErrorEnvelope } from '../src/http/client-errors.ts';

function failure(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(code), { code });
}

describe('answers to requests whose headers could not be read (issue 35)', () => {
  it('names the limit or the timeout in zh-CN with the English text beside it', () => {
    expect(clientErrorEnvelope(failure('HPE_HEADER_OVERFLOW'))).toMatchObject({
      status: 431,
      body: { code: 431 },
    });
    for (const code of ['ERR_HTTP_REQUEST_TIMEOUT', 'ERR_HTTP_HEADERS_TIMEOUT']) {
      const { status, body } = clientErrorEnvelope(failure(code));
      expect(status).toBe(408);
      expect(body).toEqual({
        code: 408,
        message:
          '请求发送超时，连接已关闭，请重新发送 / The request took too long to arrive and was closed; please send it again',
        data: {
          messages: {
            'zh-CN': '请求发送超时，连接已关闭，请重新发送',
            en: 'The request took too long to arrive and was closed; please send it again',
          },
        },
      });
    }
  });

  it('for any parser failure answers an envelope whose message holds both texts', () => {
    fc.assert(
      fc.property(fc.string(), (code) => {
        const { status, body } = clientErrorEnvelope(failure(code));
        expect([400, 408, 431]).toContain(status);
        expect(body.code).toBe(status);
        expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message']);
        expect(body.message).toBe(`${body.data.messages['zh-CN']} / ${body.data.messages.en}`);
      }),
    );
  });
});
