// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AuthFormMode } from '@sais/events';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { type Notice, notices } from '../../notices/notices';
import { CodeButton } from './CodeButton';

const envelope = (status: number, code: number, message: string, data: unknown) =>
  new Response(JSON.stringify({ code, message, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

describe('the send-code button', () => {
  let shown: Notice[] = [];
  beforeAll(async () => {
    await initI18n();
    notices.subscribe((notice) => shown.push(notice));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    shown = [];
  });

  const button = () => screen.getByTestId('send-code');

  it('checks the address first and sends nothing when it is wrong', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const onInvalid = vi.fn();
    render(
      <CodeButton
        contact={{ channel: 'email', address: 'nope' }}
        mode={AuthFormMode.REGISTER}
        onInvalid={onInvalid}
      />,
    );
    fireEvent.click(button());
    expect(onInvalid).toHaveBeenCalledWith('emailFormat');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends the code with the mode, says so, and counts down from resendAfterSeconds', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(envelope(200, 0, 'Verify code send success', { resendAfterSeconds: 60 }));
    render(
      <CodeButton
        contact={{ channel: 'email', address: ' ada@example.org ' }}
        mode={AuthFormMode.REGISTER}
        onInvalid={vi.fn()}
      />,
    );
    expect(button().textContent).toBe('获取验证码');
    await act(async () => void fireEvent.click(button()));
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/code/sendEmailCode');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.org', mode: 1 });
    expect(button().textContent).toBe('60 秒后重新获取');
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    expect(shown).toEqual([{ severity: 'success', message: '验证码发送成功' }]);
  });

  it('counts down from secondsLeft when the server says it is too soon (429)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      envelope(429, 10013, '请稍后再获取验证码', { secondsLeft: 42 }),
    );
    render(
      <CodeButton
        contact={{ channel: 'phone', address: '13812345678' }}
        mode={AuthFormMode.LOGIN}
        onInvalid={vi.fn()}
      />,
    );
    await act(async () => void fireEvent.click(button()));
    expect(button().textContent).toBe('42 秒后重新获取');
    expect(shown).toEqual([{ severity: 'error', message: '请稍后再获取验证码' }]);
  });
});
