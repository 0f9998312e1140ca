// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { changeLanguage, initI18n } from '../../app/i18n';
import RegisterPage from './RegisterPage';

async function renderRegister() {
  const router = createMemoryRouter([{ path: '/register', element: <RegisterPage /> }], {
    initialEntries: ['/register?redirect=%2Fuser%2FmyInfo'],
  });
  await act(async () => void render(<RouterProvider router={router} />));
}

describe('the register form', () => {
  beforeAll(() => initI18n());
  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    await changeLanguage('zh-CN');
  });

  it('shows the spec §5 messages and sends nothing while they fail', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderRegister();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '注册' })));
    for (const message of [
      '用户名为6~20位小写字母或数字',
      '密码为8~20位字母和数字',
      '邮箱格式不正确',
      '验证码格式不正确',
      '请阅读并同意服务条款',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the same messages in English once the language is switched', async () => {
    await renderRegister();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '注册' })));
    await act(() => changeLanguage('en'));
    expect(screen.getByText('Username is 6~20 characters of lowercase letters or numbers')).toBeTruthy();
    expect(screen.getByText('Password is 8~20 characters of letters and numbers')).toBeTruthy();
    expect(screen.getByText('Email format is incorrect')).toBeTruthy();
    expect(screen.getByText('Please read and agree the service terms')).toBeTruthy();
  });

  it('checks a phone number once phone is chosen', async () => {
    await renderRegister();
    fireEvent.click(screen.getByRole('button', { name: '手机号' }));
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '12345' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '注册' })));
    expect(screen.getByText('手机号格式不正确')).toBeTruthy();
  });

  it('opens the service terms with the headings of spec §1', async () => {
    await renderRegister();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '平台服务条款' })));
    for (const heading of [
      '一、账号安全',
      '二、使用规范',
      '三、知识产权',
      '四、责任限制',
      '五、不可抗力',
      '六、适用法律与争议解决',
      '七、条款更新',
      '八、终止',
    ]) {
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    }
    expect(screen.getByText(/上海/)).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '我同意' })));
    expect((screen.getByRole('checkbox', { hidden: true }) as HTMLInputElement).checked).toBe(true);
  });
});
