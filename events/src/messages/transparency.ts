import type { Text } from './text.ts';

/** Messages of the transparency logs (signed checkpoints of every service's events; 50xxx). */
export const transparencyMessages = {
  checkpointNotFound: {
    en: 'There is no signed checkpoint of this size',
    'zh-CN': '没有该大小的已签名检查点',
  },
  beyondCheckpoint: {
    en: 'This part of the log is not covered by a signed checkpoint yet',
    'zh-CN': '该部分日志尚未被已签名的检查点覆盖',
  },
  eventNotInLog: {
    en: 'This event is not in this log',
    'zh-CN': '该事件不在此日志中',
  },
} as const satisfies Record<string, Text>;
