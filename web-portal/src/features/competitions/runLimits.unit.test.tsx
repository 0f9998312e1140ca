// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../app/i18n';
import { ContainerForm } from '../scoring/ContainerForm';
import { PhaseTable } from './PhaseTable';
import { durationText, runLimitsText } from './runLimits';
import type { Competition } from './types';

const limits = { timeoutSeconds: 5400, memoryMb: 4096, cpus: 2, resultMb: 64, gpus: 0 };

describe('the run limits participants read before submitting (decision 0044)', () => {
  beforeAll(async () => {
    await initI18n();
  });
  afterEach(async () => {
    cleanup();
    await changeLanguage('en');
  });

  it('writes a phase’s limits in one line, in both languages', async () => {
    await changeLanguage('en');
    const t = i18next.t.bind(i18next);
    expect(durationText(5400, t)).toBe('1 h 30 min');
    expect(durationText(45, t)).toBe('45 s');
    expect(runLimitsText(limits, t)).toBe('1 h 30 min · 4096 MB memory · 2 CPU · 64 MB result · no GPU');
    await changeLanguage('zh-CN');
    expect(runLimitsText(limits, i18next.t.bind(i18next))).toBe(
      '1 小时 30 分钟 · 内存 4096 MB · 2 个 CPU · 结果 64 MB · 无 GPU',
    );
  });

  it('shows them among the rules of the image form, and in the phase table of a competition taking images', async () => {
    await changeLanguage('en');
    render(<ContainerForm remaining={null} limits={limits} busy={false} onSubmit={async () => undefined} />);
    expect(
      screen.getByText(
        'Each run in this phase is stopped at its limits: 1 h 30 min · 4096 MB memory · 2 CPU · 64 MB result · no GPU.',
      ),
    ).toBeTruthy();
    cleanup();
    const competition = {
      timeZone: 'Asia/Shanghai',
      currentPhase: 'preliminary',
      submissionKinds: ['container-image'],
      phases: {
        preliminary: {
          startsAt: '2027-03-01T00:00:00Z',
          endsAt: '2027-04-01T00:00:00Z',
          override: null,
          runLimits: limits,
        },
      },
    } as unknown as Competition;
    render(<PhaseTable competition={competition} />);
    expect(screen.getByTestId('run-limits-preliminary').textContent).toBe(
      '1 h 30 min · 4096 MB memory · 2 CPU · 64 MB result · no GPU',
    );
    cleanup();
    render(<PhaseTable competition={{ ...competition, submissionKinds: ['result-file'] }} />);
    expect(screen.queryByTestId('run-limits-preliminary')).toBeNull();
  });
});
