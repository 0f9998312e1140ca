// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nContextProvider, RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../providers/i18nProvider';
import { SubmissionLogField } from './fields';

function renderLog(language: 'en' | 'zh-CN', record: Record<string, unknown>) {
  render(
    <I18nContextProvider value={createI18nProvider(language)}>
      <RecordContextProvider value={{ id: 's1', ...record }}>
        <SubmissionLogField source="log" />
      </RecordContextProvider>
    </I18nContextProvider>,
  );
  return screen.getByTestId('submission-log').textContent;
}

describe('a submission’s log in the console', () => {
  afterEach(cleanup);
  const refusal = { key: 'extraId', params: { line: 22, id: 'zz' } };

  it('renders the scorer’s refusal in the operator’s language', () => {
    expect(renderLog('zh-CN', { log: null, refusal })).toBe(
      '第 22 行 id 列：“zz”不是测试集的 id（多余的 id）。',
    );
    cleanup();
    expect(renderLog('en', { log: null, refusal })).toBe(
      'Line 22, column id: "zz" is not a test id (extra id).',
    );
  });

  it('shows a run’s output before the refusal, an older English log as it is, and a dash for none', () => {
    expect(renderLog('en', { log: 'epoch 1/3\n', refusal })).toBe(
      'epoch 1/3\n\nLine 22, column id: "zz" is not a test id (extra id).',
    );
    cleanup();
    expect(renderLog('zh-CN', { log: 'The file is empty.', refusal: null })).toBe('The file is empty.');
    cleanup();
    expect(renderLog('zh-CN', { log: null, refusal: null })).toBe('—');
  });

  it('renders a container run’s own verdict in the operator’s language, after the run’s output', () => {
    const verdict = { key: 'runOutOfMemory', params: { limit: 48 } };
    expect(renderLog('zh-CN', { log: 'allocating\nKilled\n', refusal: verdict })).toBe(
      'allocating\nKilled\n\n运行被停止：内存不足（上限 48 MB）。',
    );
    cleanup();
    expect(renderLog('en', { log: null, refusal: verdict })).toBe(
      'The run was stopped: out of memory (limit 48 MB).',
    );
  });
});
