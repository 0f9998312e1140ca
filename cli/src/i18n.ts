/** The client's own texts in zh-CN and en; the platform's refusals arrive already in the asked language. */
export type Language = 'zh-CN' | 'en';

/** `--lang`, else SAIS_LANG, LC_ALL, LC_MESSAGES, LANG (zh… is Chinese), else English. */
export function pickLanguage(flag: string | undefined, env: NodeJS.ProcessEnv): Language {
  const chosen = flag ?? env.SAIS_LANG ?? env.LC_ALL ?? env.LC_MESSAGES ?? env.LANG ?? '';
  return chosen.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

const texts = {
  noUrl: {
    en: 'No platform address: pass --url, set SAIS_URL, or run `sais login --url <address> --token <token>`',
    'zh-CN': '未指定平台地址：请使用 --url、设置 SAIS_URL，或运行 `sais login --url <地址> --token <令牌>`',
  },
  noToken: {
    en: 'No access token: create one on your user page, then pass --token, set SAIS_TOKEN, or run `sais login --token <token>`',
    'zh-CN':
      '未提供访问令牌：请在个人页面创建令牌，然后使用 --token、设置 SAIS_TOKEN，或运行 `sais login --token <令牌>`',
  },
  badToken: {
    en: 'This does not look like a personal access token (they start with sais_pat_)',
    'zh-CN': '这不像个人访问令牌（令牌以 sais_pat_ 开头）',
  },
  loggedIn: {
    en: 'Signed in as {user}; settings saved to {path}',
    'zh-CN': '已以 {user} 身份登录；设置已保存到 {path}',
  },
  network: {
    en: 'Cannot reach the platform at {url}: {reason}',
    'zh-CN': '无法连接平台 {url}：{reason}',
  },
  rateLimited: {
    en: 'The platform asks to slow down; waiting {seconds} s, then trying once more',
    'zh-CN': '平台要求降低请求频率；等待 {seconds} 秒后重试一次',
  },
  unavailableRetry: {
    en: 'The platform is briefly unavailable ({reason}); waiting {seconds} s, then trying again (attempt {attempt} of {attempts})',
    'zh-CN': '平台暂时不可用（{reason}）；等待 {seconds} 秒后重试（第 {attempt} 次，共 {attempts} 次）',
  },
  unavailableGaveUp: {
    en: 'Gave up after {attempts} attempts: the platform is still unavailable. The refused attempts changed nothing, so running the command again later is safe.',
    'zh-CN':
      '已尝试 {attempts} 次，平台仍不可用，已放弃。被拒绝的尝试没有产生任何更改，稍后可放心重新运行该命令。',
  },
  notJson: {
    en: 'The platform answered {status} without its usual reply',
    'zh-CN': '平台返回了 {status}，但不是预期的响应格式',
  },
  noCompetitions: { en: 'No competitions', 'zh-CN': '暂无比赛' },
  competitionRequired: {
    en: 'Name a competition by its id or its slug (sais competitions list shows both)',
    'zh-CN': '请用编号或简称指定比赛（sais competitions list 会列出两者）',
  },
  signedUp: {
    en: 'Signed up for {title} ({slug}); agreements accepted: {agreements}',
    'zh-CN': '已报名 {title}（{slug}）；已同意的协议：{agreements}',
  },
  alreadySignedUp: {
    en: 'You are already signed up for {title} ({slug})',
    'zh-CN': '您已报名 {title}（{slug}）',
  },
  agreementsToAccept: {
    en: 'Signing up accepts these agreements of {title}; read them on the competition page, then run again with --accept:\n{list}',
    'zh-CN': '报名即同意 {title} 的以下协议；请在比赛页面阅读后加上 --accept 再次运行：\n{list}',
  },
  writeUpsNone: {
    en: 'No write-ups: they open after the final results are published',
    'zh-CN': '暂无方案说明：最终成绩公布后开放',
  },
  writeUpsPhase: {
    en: '{phase}: prize places 1–{places}, until {deadline}; seal {seal}',
    'zh-CN': '{phase}：获奖名次 1–{places}，截止 {deadline}；封存摘要 {seal}',
  },
  writeUpDigestMismatch: {
    en: 'The write-up’s text does not match its recorded SHA-256',
    'zh-CN': '方案说明正文与记录的 SHA-256 不一致',
  },
  writeUpBodyTooLong: {
    en: 'The write-up’s text has more than {max} characters',
    'zh-CN': '方案说明正文超过 {max} 个字符',
  },
  writeUpTooManyFiles: { en: 'At most {max} files', 'zh-CN': '最多 {max} 个文件' },
  writeUpSubmitted: {
    en: 'Write-up {id} submitted (rank {rank}); its event {event} is in the signed scoring log',
    'zh-CN': '方案说明 {id} 已提交（名次 {rank}）；其事件 {event} 已记入签名评测日志',
  },
  cancelled: {
    en: 'Submission {id} cancelled; its allowance was given back',
    'zh-CN': '提交 {id} 已取消，本次提交次数已退还',
  },
  sampleSaved: {
    en: 'Sample submission saved to {path} ({bytes} bytes)',
    'zh-CN': '提交样例已保存到 {path}（{bytes} 字节）',
  },
  noFiles: { en: 'No files', 'zh-CN': '暂无文件' },
  noSubmissions: { en: 'No submissions yet', 'zh-CN': '暂无提交' },
  noRows: { en: 'The leaderboard is empty', 'zh-CN': '排行榜暂无数据' },
  asOf: { en: 'as of {time} (names as they are today)', 'zh-CN': '截至 {time}（名称为当前名称）' },
  asOfInvalid: {
    en: 'Cannot read the time “{time}”; give one such as 2027-04-01T12:00:00+08:00',
    'zh-CN': '无法识别时间“{time}”，请按 2027-04-01T12:00:00+08:00 的格式填写',
  },
  noSuchFile: {
    en: 'No file named {name} in this competition',
    'zh-CN': '该比赛中没有名为 {name} 的文件',
  },
  notDownloadable: {
    en: 'Skipped {name}: you may not download it yet (documents after sign-up, datasets after real-name verification)',
    'zh-CN': '已跳过 {name}：您暂时不能下载（文档需报名后下载，数据集需实名认证后下载）',
  },
  downloaded: {
    en: 'Saved {path} ({size} bytes, SHA-256 checked)',
    'zh-CN': '已保存 {path}（{size} 字节，SHA-256 已校验）',
  },
  alreadyThere: {
    en: '{path} is already complete (SHA-256 checked)',
    'zh-CN': '{path} 已完整下载（SHA-256 已校验）',
  },
  resumed: { en: 'Resuming {name} from byte {from}', 'zh-CN': '从第 {from} 字节继续下载 {name}' },
  checksumMismatch: {
    en: 'The SHA-256 of {path} does not match the platform’s ({expected}); the file was kept as {path}.partial, delete it and download again',
    'zh-CN':
      '{path} 的 SHA-256 与平台给出的值（{expected}）不一致；文件保留为 {path}.partial，请删除后重新下载',
  },
  fileMissing: { en: 'Cannot read {path}: {reason}', 'zh-CN': '无法读取 {path}：{reason}' },
  tooLarge: {
    en: '{path} is larger than 100 MB, the most the platform takes',
    'zh-CN': '{path} 超过平台允许的最大 100 MB',
  },
  uploadResumed: {
    en: 'Continuing an upload of this file begun earlier',
    'zh-CN': '继续之前未完成的该文件上传',
  },
  submitted: {
    en: 'Submitted {file}: submission {id}, status {status}; {remaining} submissions left today',
    'zh-CN': '已提交 {file}：提交编号 {id}，状态 {status}；今日还可提交 {remaining} 次',
  },
  waiting: { en: 'Waiting for the score…', 'zh-CN': '正在等待评分……' },
  scored: { en: 'Completed: score {score}', 'zh-CN': '评分完成：得分 {score}' },
  scoredBlind: {
    en: 'Completed: scored (a blind phase: no public score is shown)',
    'zh-CN': '评分完成：已评分（盲评阶段，不显示公开分数）',
  },
  scoredLadder: {
    en: 'Completed: scored (the Ladder is on: your team’s score is the public leaderboard’s, `sais leaderboard`)',
    'zh-CN': '评分完成：已评分（已启用阶梯机制 Ladder：团队分数以公开排行榜为准，见 `sais leaderboard`）',
  },
  ended: { en: 'Ended {status}: {log}', 'zh-CN': '已结束（{status}）：{log}' },
  waitTimedOut: {
    en: 'Still {status} after {seconds} s; follow it with `sais submission {id}`',
    'zh-CN': '{seconds} 秒后仍为 {status}；可用 `sais submission {id}` 查看',
  },
  noSuchSubmission: {
    en: 'No submission {id} among your competitions',
    'zh-CN': '在您参加的比赛中找不到提交 {id}',
  },
  noLog: { en: '(no log)', 'zh-CN': '（无日志）' },
  quota: {
    en: '{remaining} of {limit} submissions left on {day} ({timeZone}); {used} used',
    'zh-CN': '{day}（{timeZone}）还可提交 {remaining} 次，共 {limit} 次，已用 {used} 次',
  },
  noTeam: { en: 'Not signed up for this competition', 'zh-CN': '尚未报名该比赛' },
  teamLine: {
    en: 'Team {name} ({id}){solo}; {count}/{limit} members; team-forming attempts left: {attempts}',
    'zh-CN': '团队 {name}（{id}）{solo}；成员 {count}/{limit}；剩余组队次数：{attempts}',
  },
  solo: { en: ' — competing alone', 'zh-CN': '（个人参赛）' },
  applicationLine: {
    en: 'Pending {kind} application {id} by {name}',
    'zh-CN': '待处理的{kind}申请 {id}，申请人 {name}',
  },
  myApplication: {
    en: 'Your pending {kind} application to {team} ({id})',
    'zh-CN': '您向 {team} 提交的{kind}申请待处理（{id}）',
  },
  join: { en: 'join', 'zh-CN': '加入' },
  leave: { en: 'leave', 'zh-CN': '退出' },
  done: { en: 'Done', 'zh-CN': '完成' },
  teamCreated: { en: 'Team {name} created ({id})', 'zh-CN': '已创建团队 {name}（{id}）' },
  noTeamToLeave: { en: 'You are in no team of this competition', 'zh-CN': '您在该比赛中没有加入团队' },
  finalSelected: { en: 'Final submissions chosen', 'zh-CN': '已选定最终提交' },
  usernameNeeded: {
    en: '--password-stdin needs --username',
    'zh-CN': '使用 --password-stdin 时需要同时提供 --username',
  },
  stopPrevious: {
    en: 'Stop it and run this image instead?',
    'zh-CN': '是否停止它并改为运行本次镜像？',
  },
  confirmWithYes: {
    en: '(Run the command again with --yes to stop it.)',
    'zh-CN': '（如需停止，请加上 --yes 重新运行该命令。）',
  },
  containerSubmitted: {
    en: 'Submitted image {image}: submission {id}, status {status}; {remaining} submissions left today',
    'zh-CN': '已提交镜像 {image}：提交编号 {id}，状态 {status}；今日还可提交 {remaining} 次',
  },
  smokeSubmitted: {
    en: 'Smoke run of image {image} (on the smoke split; uses none of your submissions, never ranked): submission {id}, status {status}; {remaining} smoke runs left today',
    'zh-CN':
      '已提交镜像 {image} 的试运行（使用试运行数据集；不占用提交次数，不参与排名）：提交编号 {id}，状态 {status}；今日还可试运行 {remaining} 次',
  },
  smokeQuota: {
    en: 'smoke runs: {remaining} of {limit} left today on {file} (they use none of the submissions above and are never ranked)',
    'zh-CN':
      '试运行：今日还可 {remaining} 次，共 {limit} 次，数据集 {file}（不占用上述提交次数，不参与排名）',
  },
  smokeStatus: { en: '{status} (smoke run)', 'zh-CN': '{status}（试运行）' },
  smokeNote: {
    en: 'smoke run: on the smoke split, the whole log shown, never scored or ranked',
    'zh-CN': '试运行：使用试运行数据集，显示完整日志，不评分、不参与排名',
  },
  sealOf: {
    en: 'competition {competition}, phase {phase}: {rows} rows',
    'zh-CN': '比赛 {competition}，阶段 {phase}：{rows} 行',
  },
  sealPass: {
    en: 'PASS: the published ranking is the sealed one',
    'zh-CN': '通过：公布的排名与封存的排名一致',
  },
  sealFail: {
    en: 'FAIL: the published ranking does not match the seal',
    'zh-CN': '不通过：公布的排名与封存值不一致',
  },
  proofNone: {
    en: 'No score has been recorded for this submission yet',
    'zh-CN': '该提交尚无评分记录',
  },
  keyFromPlatform: {
    en: 'Using the key the platform serves; pin the published one with --key (or SAIS_TRANSPARENCY_KEY) for an independent check',
    'zh-CN': '正在使用平台提供的公钥；如需独立核验，请用 --key（或 SAIS_TRANSPARENCY_KEY）指定公开发布的公钥',
  },
  proofVerified: {
    en: 'PASS: the score record is leaf {leaf} of the scoring log, in signed checkpoint {checkpoint} (tree size {size}); {content}',
    'zh-CN':
      '通过：评分记录是评分日志的第 {leaf} 个叶子，包含在已签名的检查点 {checkpoint}（树大小 {size}）中；{content}',
  },
  contentChecked: {
    en: 'its content (with the private score) matches',
    'zh-CN': '其内容（含私榜得分）一致',
  },
  contentLater: {
    en: 'its content is shown once the private leaderboard is published',
    'zh-CN': '其内容将在私榜公布后公开',
  },
  contentWithheld: {
    en: 'its content is not shown: it quotes the result file of a run that had hidden data mounted',
    'zh-CN': '其内容不予显示：其中引用了挂载隐藏数据运行所得的结果文件',
  },
  proofPending: {
    en: 'Not in a signed checkpoint yet (one is signed every minute); try again shortly',
    'zh-CN': '尚未包含在已签名的检查点中（每分钟签名一次），请稍后再试',
  },
  proofFailed: {
    en: 'FAIL: the proof does not hold ({reason})',
    'zh-CN': '不通过：证明不成立（{reason}）',
  },
  // sais verify-score (decision 0031)
  verifyScorePass: {
    en: 'PASS: my own recomputation gives the recorded public and private scores',
    'zh-CN': '通过：本机独立重算的公榜与私榜得分与平台记录一致',
  },
  verifyScoreFail: {
    en: 'FAIL: the check above does not hold',
    'zh-CN': '不通过：以上检查未通过',
  },
  verifyScoreNotPublished: {
    en: 'The private score is revealed once the final results of this phase are published; try again then',
    'zh-CN': '私榜得分在本阶段最终结果公布后公开，届时再核验',
  },
  verifyScoreNoScores: {
    en: 'The last record of this submission has no scores (the file was refused)',
    'zh-CN': '该提交的最新记录没有得分（文件未通过校验）',
  },
  verifyScoreRecord: {
    en: 'the record (public {public}, private {private}) is leaf {leaf} of the scoring log, in signed checkpoint {checkpoint}',
    'zh-CN':
      '评分记录（公榜 {public}，私榜 {private}）是评分日志第 {leaf} 个叶子，包含在已签名检查点 {checkpoint} 中',
  },
  verifyScoreNoCommitment: {
    en: 'No commitment of the competition matches the ground truth this submission was scored on',
    'zh-CN': '比赛的真值承诺中没有与该提交评测所用真值对应的记录',
  },
  verifyScoreReplaced: {
    en: 'This submission was scored on the ground truth set at {setAt}, replaced at {replacedAt}: only the split of the ground truth in force is revealed',
    'zh-CN': '该提交按 {setAt} 设置的真值评测，该真值已于 {replacedAt} 被替换：只有现行真值的划分会公开',
  },
  verifyScoreKeyHidden: {
    en: 'The split key is not revealed yet: it is revealed once the final results of every phase are published',
    'zh-CN': '划分密钥尚未公开：所有阶段的最终结果公布后才会公开',
  },
  verifyScoreKeyMismatch: {
    en: 'the revealed split key hashes to {digest}, but the commitment is {committed}',
    'zh-CN': '公开的划分密钥哈希为 {digest}，与承诺值 {committed} 不一致',
  },
  verifyScoreSplit: {
    en: 'the revealed split key is the one committed to at {setAt} (SHA-256 {digest}…)',
    'zh-CN': '公开的划分密钥与 {setAt} 提交的承诺一致（SHA-256 {digest}…）',
  },
  verifyScoreTruthKept: {
    en: 'The organiser did not choose to publish this ground truth: the split can be checked, the scores cannot',
    'zh-CN': '组织方未选择公开该真值文件：可以核验划分，无法重算得分',
  },
  verifyScoreTruthMismatch: {
    en: 'the published ground truth hashes to {digest}, but the commitment is {committed}',
    'zh-CN': '公开的真值文件哈希为 {digest}，与承诺值 {committed} 不一致',
  },
  verifyScoreTruth: {
    en: 'the published ground truth is the committed file (SHA-256 {digest}…)',
    'zh-CN': '公开的真值文件与承诺一致（SHA-256 {digest}…）',
  },
  verifyScoreFileDiffers: {
    en: "the platform's copy of my file differs from mine from line {line} on",
    'zh-CN': '平台保存的文件副本与本地文件从第 {line} 行起不一致',
  },
  verifyScoreRow: {
    en: '{file} line {line}: {reason}',
    'zh-CN': '{file} 第 {line} 行：{reason}',
  },
  verifyScorePublic: {
    en: 'public score: recorded {recorded}, recomputed {recomputed} ({rows} ids)',
    'zh-CN': '公榜得分：记录 {recorded}，重算 {recomputed}（{rows} 个样本）',
  },
  verifyScoreSecondaryPublic: {
    en: 'public {metric} (secondary metric): recorded {recorded}, recomputed {recomputed}',
    'zh-CN': '公榜 {metric}（次要指标）：记录 {recorded}，重算 {recomputed}',
  },
  verifyScoreSecondaryPrivate: {
    en: 'private {metric} (secondary metric): recorded {recorded}, recomputed {recomputed}',
    'zh-CN': '私榜 {metric}（次要指标）：记录 {recorded}，重算 {recomputed}',
  },
  verifyScorePrivate: {
    en: 'private score: recorded {recorded}, recomputed {recomputed} ({rows} ids)',
    'zh-CN': '私榜得分：记录 {recorded}，重算 {recomputed}（{rows} 个样本）',
  },
  runLimitsLine: {
    en: '{seconds} s, {memoryMb} MB memory, {cpus} CPU, {resultMb} MB result, {gpus} GPU',
    'zh-CN': '{seconds} 秒，内存 {memoryMb} MB，{cpus} 个 CPU，结果 {resultMb} MB，{gpus} 个 GPU',
  },
  queueRunning: { en: 'being evaluated', 'zh-CN': '正在评测' },
  queuePlace: { en: 'place {place} ({ahead} ahead)', 'zh-CN': '第 {place} 位（前面还有 {ahead} 个）' },
  queueEstimate: {
    en: 'estimated start {start}, finish {finish} (from the last {basedOn})',
    'zh-CN': '预计 {start} 开始，{finish} 完成（依据最近 {basedOn} 次）',
  },
  queueFinish: { en: 'estimated finish {finish}', 'zh-CN': '预计 {finish} 完成' },
  queueNoEstimate: { en: 'no estimate yet', 'zh-CN': '暂无预计时间' },
} as const;

export type TextKey = keyof typeof texts;

/** Column headers and field names of the human output (`--json` keeps the platform's field names). */
const fields = {
  id: { en: 'id', 'zh-CN': '编号' },
  status: { en: 'status', 'zh-CN': '状态' },
  type: { en: 'type', 'zh-CN': '类型' },
  phase: { en: 'phase', 'zh-CN': '阶段' },
  runLimits: { en: 'run limits', 'zh-CN': '运行限制' },
  bonus: { en: 'bonus', 'zh-CN': '奖金' },
  title: { en: 'title', 'zh-CN': '名称' },
  season: { en: 'season', 'zh-CN': '赛季' },
  teamSize: { en: 'team size', 'zh-CN': '团队人数' },
  dailyLimit: { en: 'daily limit', 'zh-CN': '每日提交' },
  submissions: { en: 'submissions', 'zh-CN': '提交方式' },
  signedUp: { en: 'signed up', 'zh-CN': '已报名' },
  kind: { en: 'kind', 'zh-CN': '类别' },
  smoke: { en: 'smoke run', 'zh-CN': '试运行' },
  size: { en: 'size', 'zh-CN': '大小' },
  downloadable: { en: 'downloadable', 'zh-CN': '可下载' },
  sha256: { en: 'sha256', 'zh-CN': 'sha256' },
  name: { en: 'name', 'zh-CN': '文件名' },
  submitted: { en: 'submitted', 'zh-CN': '提交时间' },
  score: { en: 'score', 'zh-CN': '得分' },
  privateScore: { en: 'private score', 'zh-CN': '私榜得分' },
  slug: { en: 'slug', 'zh-CN': '简称' },
  file: { en: 'file', 'zh-CN': '文件' },
  message: { en: 'message', 'zh-CN': '说明' },
  competition: { en: 'competition', 'zh-CN': '比赛' },
  log: { en: 'log', 'zh-CN': '日志' },
  queue: { en: 'queue', 'zh-CN': '排队' },
  rank: { en: 'rank', 'zh-CN': '排名' },
  team: { en: 'team', 'zh-CN': '团队' },
  participants: { en: 'participants', 'zh-CN': '参赛者' },
  entries: { en: 'entries', 'zh-CN': '提交次数' },
  lastEntry: { en: 'last entry', 'zh-CN': '最近提交' },
  yes: { en: 'yes', 'zh-CN': '是' },
  no: { en: 'no', 'zh-CN': '否' },
} as const;

export type FieldKey = keyof typeof fields;

export const field = (language: Language, key: FieldKey) => fields[key][language];

export function text(language: Language, key: TextKey, values: Record<string, string | number> = {}): string {
  return texts[key][language].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
