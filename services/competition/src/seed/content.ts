import { type Language, type PrizeTrack, competition } from '@sais/events';
import type { TrackData } from './datasets.ts';

type Text = Record<Language, string>;
type Sections = Record<competition.ContentSection, competition.SectionText>;

/** What each seeded track asks for, and what its columns hold (the generated datasets' columns). */
interface TrackStory {
  background: Text;
  task: Text;
  columns: [name: string, meaning: Text][];
  /** A note on the submission format beyond `id,<target>`. */
  format: Text;
}

const idColumn: [string, Text] = ['id', { en: 'the row’s identifier', 'zh-CN': '样本编号' }];

const stories: Record<string, TrackStory> = {
  'reaction-yield': {
    background: {
      en: 'Cross-coupling reactions are the workhorse of drug and materials synthesis, and every failed reaction costs a chemist days. A model that predicts the yield of a reaction from its conditions lets a lab try the promising conditions first.',
      'zh-CN':
        '偶联反应是药物和材料合成中最常用的反应之一，一次失败的反应往往要耗费化学家数天时间。若能根据反应条件预测产率，实验室就能优先尝试最有希望的条件。',
    },
    task: {
      en: 'Predict the yield (in %, 0–100) of each reaction in the test set from its catalyst, solvent, temperature and reagent equivalents.',
      'zh-CN': '根据催化剂、溶剂、反应温度和试剂当量，预测测试集中每个反应的产率（百分比，0–100）。',
    },
    columns: [
      idColumn,
      [
        'catalyst',
        {
          en: 'the catalyst (one of four palladium, nickel or copper salts)',
          'zh-CN': '催化剂（四种钯、镍或铜盐之一）',
        },
      ],
      ['solvent', { en: 'the solvent', 'zh-CN': '溶剂' }],
      ['temperature_c', { en: 'reaction temperature, °C', 'zh-CN': '反应温度（摄氏度）' }],
      ['equivalents', { en: 'equivalents of the coupling partner', 'zh-CN': '偶联试剂的当量' }],
      [
        'yield',
        {
          en: 'the yield in % (training set only): the target',
          'zh-CN': '产率百分比（仅训练集提供），即预测目标',
        },
      ],
    ],
    format: { en: 'Yields are numbers; decimals are fine.', 'zh-CN': '产率为数值，可带小数。' },
  },
  'power-price': {
    background: {
      en: 'With more wind and solar power on the grid, electricity prices swing from hour to hour. Grid operators and traders need forecasts of the market price to schedule storage and bids.',
      'zh-CN':
        '随着风电和光伏大量并网，电价在一天内剧烈波动。电网调度和交易方需要准确的电价预测来安排储能和报价。',
    },
    task: {
      en: 'Predict the market clearing price of each hour in the test set from the hour of day, the load and the wind and solar output.',
      'zh-CN': '根据时段、负荷以及风电、光伏出力，预测测试集中每个小时的市场出清电价。',
    },
    columns: [
      idColumn,
      ['hour', { en: 'hour of the day (0–23)', 'zh-CN': '一天中的小时（0–23）' }],
      ['load_mw', { en: 'system load, MW', 'zh-CN': '系统负荷（兆瓦）' }],
      ['wind_mw', { en: 'wind output, MW', 'zh-CN': '风电出力（兆瓦）' }],
      ['solar_mw', { en: 'solar output, MW', 'zh-CN': '光伏出力（兆瓦）' }],
      [
        'price',
        {
          en: 'the clearing price, yuan/MWh (training set only): the target',
          'zh-CN': '出清电价（元/兆瓦时，仅训练集提供），即预测目标',
        },
      ],
    ],
    format: { en: 'Prices are numbers; decimals are fine.', 'zh-CN': '电价为数值，可带小数。' },
  },
  'llm-reasoning': {
    background: {
      en: 'Language models answer fluently, but do they reason? This track measures multi-step arithmetic reasoning on word problems whose answers can be checked exactly.',
      'zh-CN':
        '大语言模型回答流畅，但它们真的会推理吗？本赛道用答案可精确核对的应用题，考察模型的多步推理能力。',
    },
    task: {
      en: 'Answer each question of the test set. Submit a result file with your answers, or a container image that produces it (see the rules).',
      'zh-CN': '回答测试集中的每道题。可以直接提交答案文件，也可以提交能生成答案文件的容器镜像（见规则）。',
    },
    columns: [
      idColumn,
      ['question', { en: 'the question, in English, quoted', 'zh-CN': '题目（英文，带引号）' }],
      [
        'answer',
        { en: 'the answer (training set only): the target', 'zh-CN': '答案（仅训练集提供），即预测目标' },
      ],
    ],
    format: {
      en: 'Answers are compared as text: write the number only ("42", not "42.0" or "42 bottles").',
      'zh-CN': '答案按文本比较：只写数字（如“42”，不要写“42.0”或带单位）。',
    },
  },
  'sirna-efficacy': {
    background: {
      en: 'Small interfering RNAs (siRNAs) silence a target gene by degrading its messenger RNA. Predicting how well a candidate sequence silences its target saves rounds of wet-lab screening.',
      'zh-CN':
        '小干扰核糖核酸（siRNA）通过降解靶基因的信使核糖核酸使其沉默。预测候选序列的沉默效果，可以减少多轮湿实验筛选。',
    },
    task: {
      en: 'Predict, for each siRNA and concentration in the test set, the percentage of the target mRNA that remains after treatment (lower means more effective).',
      'zh-CN': '预测测试集中每条 siRNA 在给定浓度下处理后靶标信使核糖核酸的残留百分比（越低表示效果越好）。',
    },
    columns: [
      idColumn,
      [
        'sirna',
        {
          en: 'the 21-nucleotide guide sequence (A, C, G, U)',
          'zh-CN': '21 个核苷酸的引导链序列（由 A、C、G、U 组成）',
        },
      ],
      ['concentration_nm', { en: 'concentration, nM', 'zh-CN': '浓度（纳摩尔每升）' }],
      [
        'mrna_remaining_pct',
        {
          en: 'mRNA remaining, % (training set only): the target',
          'zh-CN': '信使核糖核酸残留百分比（仅训练集提供），即预测目标',
        },
      ],
    ],
    format: { en: 'Values are percentages from 0 to 100.', 'zh-CN': '数值为 0 到 100 之间的百分比。' },
  },
  'extreme-precipitation': {
    background: {
      en: 'Extreme rain causes floods and landslides within hours. Forecasting where heavy rain will fall over the next three days gives cities time to prepare.',
      'zh-CN':
        '极端降水可在数小时内引发洪涝和山体滑坡。提前预报未来三天强降水的落区，能为城市争取宝贵的准备时间。',
    },
    task: {
      en: 'Predict the precipitation (mm) over the next 72 hours at each station of the test set from its position and the current atmosphere.',
      'zh-CN': '根据站点位置和当前大气状况，预测测试集中每个站点未来 72 小时的累计降水量（毫米）。',
    },
    columns: [
      idColumn,
      ['lat', { en: 'latitude, degrees north', 'zh-CN': '纬度（北纬，度）' }],
      ['lon', { en: 'longitude, degrees east', 'zh-CN': '经度（东经，度）' }],
      ['humidity', { en: 'relative humidity, %', 'zh-CN': '相对湿度（百分比）' }],
      ['pressure_hpa', { en: 'surface pressure, hPa', 'zh-CN': '地面气压（百帕）' }],
      ['cape', { en: 'convective available potential energy, J/kg', 'zh-CN': '对流有效位能（焦每千克）' }],
      [
        'precip_72h_mm',
        {
          en: 'precipitation over the next 72 hours, mm (training set only): the target',
          'zh-CN': '未来 72 小时累计降水量（毫米，仅训练集提供），即预测目标',
        },
      ],
    ],
    format: { en: 'Values are millimetres, 0 or more.', 'zh-CN': '数值单位为毫米，不小于 0。' },
  },
};

const rows = (csv: string) => csv.trim().split('\n').length - 1;

function overview(track: PrizeTrack, story: TrackStory): competition.SectionText {
  return {
    en: `## Background\n\n${story.background.en}\n\n## Task\n\n${story.task.en}\n\n## How to take part\n\n1. Complete real-name authentication and sign up (accept the competition rules).\n2. Form a team of up to five, or compete alone.\n3. Download the data, train your model, and upload a result file on **My submissions**.\n4. Follow your rank on the public leaderboard; choose your final submissions before the phase ends.\n\nThis is the ${track.field.en.toLowerCase()} track of the Third World AI for Science Prize.`,
    'zh-CN': `## 背景\n\n${story.background['zh-CN']}\n\n## 任务\n\n${story.task['zh-CN']}\n\n## 参赛步骤\n\n1. 完成实名认证并报名（同意比赛规则）。\n2. 组建最多五人的队伍，或以个人身份参赛。\n3. 下载数据、训练模型，在“我的提交”页面上传结果文件。\n4. 在公榜上查看排名，并在阶段结束前选择最终提交。\n\n本赛道为第三届世界科学智能大赛${track.field['zh-CN']}赛道。`,
  };
}

function data(story: TrackStory, built: TrackData): competition.SectionText {
  const table = (language: Language) =>
    [
      language === 'en' ? '| Column | Meaning |' : '| 列名 | 含义 |',
      '|---|---|',
      ...story.columns.map(([name, meaning]) => `| \`${name}\` | ${meaning[language]} |`),
    ].join('\n');
  const train = rows(built.train);
  const test = rows(built.test);
  return {
    en: `## Files\n\n- \`train.csv\`: ${train} rows with the target \`${built.target}\`.\n- \`test.csv\`: ${test} rows, the same columns without the target.\n- \`sample_submission.csv\`: the format of a result file, one line per test id.\n- \`README.md\`: a short description.\n\n## Columns\n\n${table('en')}\n\nThe data are generated for this platform’s demonstration and may be used only for this competition.`,
    'zh-CN': `## 文件\n\n- \`train.csv\`：训练集，${train} 行，含预测目标 \`${built.target}\`。\n- \`test.csv\`：测试集，${test} 行，列与训练集相同但不含预测目标。\n- \`sample_submission.csv\`：结果文件样例，每个测试 id 一行。\n- \`README.md\`：简要说明。\n\n## 字段说明\n\n${table('zh-CN')}\n\n数据为本平台演示而生成，仅可用于本次比赛。`,
  };
}

function evaluation(story: TrackStory, built: TrackData): competition.SectionText {
  const header = `id,${built.target}`;
  return {
    en: `## Result file\n\nA CSV file whose first line is exactly \`${header}\`, then one line per test id, each id once. ${story.format.en} A file with a wrong header or missing ids is refused or scored Invalid; it does not use an attempt (see the rules).\n\n## Leaderboards\n\nThe public leaderboard shows your best public score during the competition. Final rankings come from the private leaderboard, published with the final results after the organisers check them.`,
    'zh-CN': `## 结果文件\n\n结果文件为 CSV 格式，第一行必须正好是 \`${header}\`，之后每个测试 id 一行，每个 id 只出现一次。${story.format['zh-CN']}表头错误或缺少 id 的文件会被拒收或判为无效，不占用提交次数（见规则）。\n\n## 排行榜\n\n比赛期间公榜显示各队最好的公榜成绩。最终排名以私榜为准，私榜在主办方审核后随最终成绩公布。`,
  };
}

function rules(track: PrizeTrack): competition.SectionText {
  const containers =
    track.slug === 'llm-reasoning'
      ? {
          en: '\n- This track also takes container images: the image runs its script in `/app`, reads the test data from `/saisdata` and writes its result file to `/saisresult`, without network access.',
          'zh-CN':
            '\n- 本赛道也接受容器镜像提交：镜像在 `/app` 中运行脚本，从 `/saisdata` 读取测试数据，将结果文件写入 `/saisresult`，运行时不能访问网络。',
        }
      : { en: '', 'zh-CN': '' };
  return {
    en: `## Fair play\n\n- One account per person; a person belongs to one team of a competition at a time.\n- Submissions are the team’s own work. Sharing code or predictions between teams is not allowed; teams that do are disqualified.\n- Labelling the test data by hand, or using its true values from any source, is not allowed.\n- Public external data and pre-trained models may be used if they are named in the final report.${containers.en}\n\n## Verification\n\nTeams in the prize ranks submit their code and a short report within 7 days of the final results; the organisers reproduce the score. A result that cannot be reproduced is disqualified, and the next team moves up.`,
    'zh-CN': `## 公平竞赛\n\n- 每人仅可使用一个账号；同一比赛中每人同时只能属于一支队伍。\n- 提交须为本队原创成果，禁止队伍之间共享代码或预测结果，违者取消资格。\n- 禁止人工标注测试数据，或以任何途径获取并使用测试集真实值。\n- 可使用公开的外部数据和预训练模型，但须在最终报告中注明来源。${containers['zh-CN']}\n\n## 结果审核\n\n进入获奖名次的队伍须在最终成绩公布后 7 天内提交代码和简要报告，由主办方复现成绩。无法复现的成绩取消资格，名次由后续队伍依次递补。`,
  };
}

const prizes: competition.SectionText = {
  en: '## Prizes of this track\n\n| Award | Teams | Prize per team |\n|---|---|---|\n| Champion | 1 | 100,000 RMB |\n| Runner-up | 2 | 30,000 RMB |\n| Third place | 3 | 10,000 RMB |\n| Honourable mention | 4 | 2,500 RMB |\n\nEach track awards 200,000 RMB; the prize pool of the five tracks is 1,000,000 RMB. Prizes are paid before tax, after the results are verified (see the rules), and are shared within a team as its members agree.',
  'zh-CN':
    '## 本赛道奖项\n\n| 奖项 | 队伍数 | 每队奖金 |\n|---|---|---|\n| 冠军 | 1 | 100,000 元 |\n| 亚军 | 2 | 30,000 元 |\n| 季军 | 3 | 10,000 元 |\n| 优胜奖 | 4 | 2,500 元 |\n\n每个赛道奖金共 200,000 元，五个赛道奖金池共 1,000,000 元。奖金为税前金额，在成绩审核通过后发放（见规则），由队伍成员协商分配。',
};

/** The seeded tracks' page sections, both languages, from the track and its generated data. */
export function trackContent(track: PrizeTrack, built: TrackData): Sections {
  const story = stories[track.slug]!;
  return {
    overview: overview(track, story),
    evaluation: evaluation(story, built),
    data: data(story, built),
    rules: rules(track),
    prizes,
  };
}
