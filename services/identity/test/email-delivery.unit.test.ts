import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logNotices } from '../src/codes/delivery.ts';

describe('email notices without SMTP_URL', () => {
  it('are written to the log as verification codes are, naming the address and the subject', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const transport = logNotices(pino(sink));
    expect(transport.description).toBe('email notices written to the log');
    await transport.send({
      to: 'ada@example.org',
      subject: '提交已评分 · 科学智能竞赛平台',
      text: '您的提交 result.csv 得分 0.9。',
      messageId: '0b3f6c1e-59a4-4b52-9a0a-0a5d5d1d1c11',
    });
    expect(lines).toEqual([
      expect.objectContaining({
        to: 'ada@example.org',
        messageId: '0b3f6c1e-59a4-4b52-9a0a-0a5d5d1d1c11',
        msg: 'email notice for ada@example.org: 提交已评分 · 科学智能竞赛平台',
      }),
    ]);
  });
});
