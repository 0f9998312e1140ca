// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NoticeSnackbar } from './NoticeSnackbar';
import { createNoticeBus } from './notices';

describe('the notice Snackbar', () => {
  afterEach(cleanup);

  it('shows what is sent through the bus, the newest on top', async () => {
    const bus = createNoticeBus();
    render(<NoticeSnackbar bus={bus} />);
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => bus.notify({ severity: 'error', message: '邮箱格式不正确' }));
    expect((await screen.findByRole('alert')).textContent).toContain('邮箱格式不正确');

    act(() => bus.notify({ severity: 'success', message: 'Modify success' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Modify success');
  });
});
