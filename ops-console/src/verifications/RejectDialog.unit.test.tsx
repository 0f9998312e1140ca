// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../providers/i18nProvider';
import { RejectDialog } from './RejectDialog';

function renderDialog(language: 'en' | 'zh-CN') {
  const onConfirm = vi.fn();
  render(
    <I18nContextProvider value={createI18nProvider(language)}>
      <RejectDialog open onClose={() => undefined} onConfirm={onConfirm} />
    </I18nContextProvider>,
  );
  return onConfirm;
}

describe('the rejection dialog', () => {
  afterEach(cleanup);

  it('sends a listed reason in the reviewer’s language', () => {
    const onConfirm = renderDialog('zh-CN');
    fireEvent.click(screen.getByRole('radio', { name: '姓名与证件不符' }));
    fireEvent.click(screen.getByRole('button', { name: '驳回' }));
    expect(onConfirm).toHaveBeenCalledWith('姓名与证件不符');
  });

  it('offers the listed reasons with none chosen: the reviewer must pick one', () => {
    const onConfirm = renderDialog('en');
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'The photo is blurred',
      'The certificate details are not readable',
      'The face is not visible',
      'The name does not match the certificate',
      'Another reason…',
    ]);
    expect(radios.some((radio) => radio.checked)).toBe(false);
    const confirm = screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'The photo is blurred' }));
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith('The photo is blurred');
  });

  it('needs a written reason when none from the list fits, and sends it trimmed', () => {
    const onConfirm = renderDialog('en');
    fireEvent.click(screen.getByRole('radio', { name: 'Another reason…' }));
    const confirm = screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '   ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '  The back is missing ' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith('The back is missing');
  });
});
