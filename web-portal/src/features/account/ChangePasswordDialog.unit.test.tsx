// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import type { ChangePasswordValues } from '../auth/validation';
import { ChangePasswordDialog } from './ChangePasswordDialog';

function Harness({
  open,
  save,
  onClose = () => undefined,
  onSaved = () => undefined,
}: {
  open: boolean;
  save: (values: ChangePasswordValues) => Promise<void>;
  onClose?: () => void;
  onSaved?: () => void;
}) {
  return <ChangePasswordDialog open={open} onClose={onClose} save={save} onSaved={onSaved} />;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const ok = () => screen.getByRole('button', { name: '确定' }) as HTMLButtonElement;

function fillValid() {
  type('当前密码', 'oldpass123');
  type('新密码', 'newpass123');
  type('再次输入新密码', 'newpass123');
}

describe('the Change Password modal (spec §4)', () => {
  beforeAll(() => initI18n());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the rules and sends nothing while they fail', async () => {
    const save = vi.fn(async () => undefined);
    render(<Harness open save={save} />);
    type('新密码', 'abcdefgh');
    type('再次输入新密码', 'abcdefgx');
    await act(async () => void fireEvent.click(ok()));
    expect(screen.getByText('此项为必填项')).toBeTruthy();
    expect(screen.getByText('密码为8~20位字母和数字')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('disables OK while submitting, then reports success', async () => {
    let finish: () => void = () => undefined;
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onSaved = vi.fn();
    render(<Harness open save={save} onSaved={onSaved} />);
    fillValid();
    await act(async () => void fireEvent.click(ok()));
    expect(save).toHaveBeenCalledWith({
      oldPassword: 'oldpass123',
      newPassword: 'newpass123',
      newPassword2: 'newpass123',
    });
    expect(ok().disabled).toBe(true);
    await act(async () => finish());
    expect(onSaved).toHaveBeenCalledOnce();
    expect(ok().disabled).toBe(false);
  });

  it('only logs a failure to the console and stays open', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onSaved = vi.fn();
    const onClose = vi.fn();
    render(
      <Harness
        open
        save={() => Promise.reject(new Error('wrong old password'))}
        onSaved={onSaved}
        onClose={onClose}
      />,
    );
    fillValid();
    await act(async () => void fireEvent.click(ok()));
    expect(logged).toHaveBeenCalledWith('change password failed', expect.any(Error));
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(field('当前密码').value).toBe('oldpass123');
    expect(ok().disabled).toBe(false);
  });

  it('clears the fields when it closes', async () => {
    const onClose = vi.fn();
    const { rerender } = render(<Harness open save={vi.fn()} onClose={onClose} />);
    fillValid();
    await act(async () => void fireEvent.click(ok().previousElementSibling!));
    expect(onClose).toHaveBeenCalledOnce();
    rerender(<Harness open={false} save={vi.fn()} onClose={onClose} />);
    rerender(<Harness open save={vi.fn()} onClose={onClose} />);
    expect(field('当前密码').value).toBe('');
    expect(field('新密码').value).toBe('');
    expect(field('再次输入新密码').value).toBe('');
  });
});
