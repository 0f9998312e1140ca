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
  witnessUnknown: {
    en: 'This witness is not one the platform lists: the operator adds its key to the witnesses file (decision 0033)',
    'zh-CN': '平台未登记该见证者：需由运维人员将其公钥加入 witnesses 文件（决策 0033）',
  },
  cosignatureInvalid: {
    en: 'This cosignature is malformed or does not verify over the checkpoint it names',
    'zh-CN': '该联署签名格式有误，或与其所指的检查点不符',
  },
  cosignatureFromFuture: {
    en: "This cosignature is dated more than 10 minutes ahead of the platform's clock",
    'zh-CN': '该联署签名的时间比平台时钟超前 10 分钟以上',
  },
  transparencyKeyMissing: {
    en: 'No checkpoint signing key at {{keyFile}} (or SAIS_TRANSPARENCY_KEY), but the {{log}} log already has a history (checkpoints in {{directory}}, or events since {{since}}): a key is made by itself only for a new platform, never to sign a history that exists. Restore the key file (SAIS_KEYS_DIR) or SAIS_TRANSPARENCY_KEY and start again; if the key is lost, run `npm run transparency:adopt -- --new-key --reason "<why>"`, which makes a new key and records the change for verifiers and mirrors (decision 0033).',
    'zh-CN':
      '在 {{keyFile}}（或 SAIS_TRANSPARENCY_KEY）中没有检查点签名密钥，但 {{log}} 日志已有历史（{{directory}} 中的检查点，或自 {{since}} 起的事件）：平台只为全新的平台自动生成密钥，绝不为已存在的历史生成新密钥来签名。请恢复密钥文件（SAIS_KEYS_DIR）或 SAIS_TRANSPARENCY_KEY 后重新启动；若密钥确已丢失，请运行 `npm run transparency:adopt -- --new-key --reason "<原因>"`，该命令会生成新密钥并记录此次变更，供验证者和镜像查看（决策 0033）。',
  },
  transparencyNewLogOverEvents: {
    en: 'The {{log}} event store holds events since {{since}}, but {{directory}} has no signed checkpoint of them: the platform does not start a new transparency log over an existing history (it would sign whatever the database holds now). Restore the transparency folder (SAIS_TRANSPARENCY_DIR; a mirror\'s copy will do) and start again; if the log is really lost, run `npm run transparency:adopt -- --reason "<why>"`, which records the new start for verifiers and mirrors (decision 0033).',
    'zh-CN':
      '{{log}} 的事件库中已有自 {{since}} 起的事件，但 {{directory}} 中没有覆盖它们的已签名检查点：平台不会在已有历史之上新建透明日志（那样会为数据库此刻的任意内容签名）。请恢复透明日志文件夹（SAIS_TRANSPARENCY_DIR；镜像的副本亦可）后重新启动；若日志确已丢失，请运行 `npm run transparency:adopt -- --reason "<原因>"`，该命令会记录此次重新开始，供验证者和镜像查看（决策 0033）。',
  },
  transparencyKeyChanged: {
    en: 'Checkpoint #{{number}} of the {{log}} log in {{directory}} is signed by {{previous}}, not by the signing key in use ({{current}}): restore that key ({{keyFile}} or SAIS_TRANSPARENCY_KEY) and start again. To rotate the key, run `npm run transparency:adopt -- --old-key <old key file> --reason "<why>"` (without --old-key only if the old key is lost), which records the change for verifiers and mirrors (decision 0033).',
    'zh-CN':
      '{{directory}} 中 {{log}} 日志的第 {{number}} 号检查点由 {{previous}} 签名，而非当前使用的签名密钥（{{current}}）：请恢复该密钥（{{keyFile}} 或 SAIS_TRANSPARENCY_KEY）后重新启动。如需轮换密钥，请运行 `npm run transparency:adopt -- --old-key <旧密钥文件> --reason "<原因>"`（仅在旧密钥丢失时省略 --old-key），该命令会记录此次变更，供验证者和镜像查看（决策 0033）。',
  },
  // `npm run transparency:key` (issue 35): printing never makes a key; `--create` never replaces one.
  signingKeyMissing: {
    en: 'No checkpoint signing key at {{keyFile}}: the platform makes it on its first start. Check SAIS_DATA_DIR / SAIS_KEYS_DIR (or SAIS_TRANSPARENCY_KEY); to make one outside a first start, run `npm run transparency:key -- --create`.',
    'zh-CN':
      '{{keyFile}} 处没有检查点签名密钥：平台在首次启动时自动生成。请检查 SAIS_DATA_DIR / SAIS_KEYS_DIR（或 SAIS_TRANSPARENCY_KEY）；如需在首次启动之外生成密钥，请运行 `npm run transparency:key -- --create`。',
  },
  signingKeyExists: {
    en: 'A signing key exists at {{keyFile}}: not replaced (checkpoints signed with it would no longer verify)',
    'zh-CN': '{{keyFile}} 处已有签名密钥：不予替换（否则用它签名的检查点将无法再验证）',
  },
  signingKeyFromEnvironment: {
    en: 'SAIS_TRANSPARENCY_KEY is set: that is the key; nothing to create',
    'zh-CN': '已设置 SAIS_TRANSPARENCY_KEY：它就是签名密钥，无需生成',
  },
  transparencyKeyBesideData: {
    en: 'The checkpoint signing key ({{keys}}) is on the same file system as the data it protects ({{data}}): whoever takes that disk, or a copy of it, holds both the history and the key that signs it, and can sign a rewrite. Keep the key apart: set SAIS_KEYS_DIR to a folder on another volume or machine (compose: the appkeys volume) and move transparency-ed25519.pem there, or give the key as SAIS_TRANSPARENCY_KEY from a secret store; then restart (decision 0033).',
    'zh-CN':
      '检查点签名密钥（{{keys}}）与其保护的数据（{{data}}）位于同一文件系统：拿到该磁盘或其副本的人同时拥有历史与为其签名的密钥，可以为篡改后的历史签名。请将密钥分开存放：把 SAIS_KEYS_DIR 设为另一卷或另一台机器上的文件夹（compose：appkeys 卷）并将 transparency-ed25519.pem 移到那里，或通过密钥管理服务以 SAIS_TRANSPARENCY_KEY 提供密钥；然后重新启动（决策 0033）。',
  },
} as const satisfies Record<string, Text>;
