import type { TFunction } from 'i18next';
import type { Phase } from './types';

export type RunLimits = NonNullable<Phase['runLimits']>;

/** A run's time limit in words: "1 h 30 min", "45 s" (competition.duration.*). */
export function durationText(seconds: number, t: TFunction): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  const parts = [
    h ? t('competition.duration.h', { count: h }) : '',
    m ? t('competition.duration.min', { count: m }) : '',
    s || (!h && !m) ? t('competition.duration.s', { count: s }) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** The limits of each container run of a phase in one line (decision 0044), as participants read them. */
export function runLimitsText(limits: RunLimits, t: TFunction): string {
  return t('competition.runLimits.summary', {
    time: durationText(limits.timeoutSeconds, t),
    memoryMb: limits.memoryMb,
    cpus: limits.cpus,
    resultMb: limits.resultMb,
    gpus:
      limits.gpus > 0
        ? t('competition.runLimits.gpus', { count: limits.gpus })
        : t('competition.runLimits.noGpu'),
  });
}
