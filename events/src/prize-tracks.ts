import type { Text } from './messages/text.ts';

/**
 * The five tracks of the third world AI-for-science prize: one source for the seeded competitions'
 * titles and the portal's home page, so a track has one name everywhere.
 */
export interface PrizeTrack {
  /** The seed's dataset key. */
  slug: string;
  /** The home page's short key. */
  key: 'physical' | 'social' | 'logic' | 'life' | 'geo';
  field: Text;
  title: Text;
  type: 'Algorithm' | 'Academic Research';
}

export const prizeTracks: readonly PrizeTrack[] = [
  {
    slug: 'reaction-yield',
    key: 'physical',
    field: { en: 'Physical science', 'zh-CN': '物质科学' },
    title: { en: 'Catalytic reaction yield prediction', 'zh-CN': '催化反应产率预测' },
    type: 'Algorithm',
  },
  {
    slug: 'power-price',
    key: 'social',
    field: { en: 'Social science', 'zh-CN': '社会科学' },
    title: { en: 'Power-market price forecasting', 'zh-CN': '电力市场价格预测' },
    type: 'Algorithm',
  },
  {
    slug: 'llm-reasoning',
    key: 'logic',
    field: { en: 'Logical reasoning', 'zh-CN': '逻辑推理' },
    title: { en: 'Complex reasoning evaluation of language models', 'zh-CN': '大语言模型复杂推理能力评估' },
    type: 'Academic Research',
  },
  {
    slug: 'sirna-efficacy',
    key: 'life',
    field: { en: 'Life science', 'zh-CN': '生命科学' },
    title: { en: 'siRNA drug efficacy prediction', 'zh-CN': 'siRNA 药物药效预测' },
    type: 'Algorithm',
  },
  {
    slug: 'extreme-precipitation',
    key: 'geo',
    field: { en: 'Geoscience', 'zh-CN': '地球科学' },
    title: {
      en: 'Extreme precipitation forecasting over the next three days',
      'zh-CN': '未来三天极端降水预报',
    },
    type: 'Algorithm',
  },
];

/** A track's competition title, "field: task" ("物质科学：催化反应产率预测"). */
export function prizeTrackTitle(track: PrizeTrack): Text {
  return {
    en: `${track.field.en}: ${track.title.en}`,
    'zh-CN': `${track.field['zh-CN']}：${track.title['zh-CN']}`,
  };
}

/** The prize track a competition is, by its title (either language); undefined for other competitions. */
export function prizeTrackOf(title: Partial<Text>): PrizeTrack | undefined {
  return prizeTracks.find((track) => {
    const composed = prizeTrackTitle(track);
    return composed.en === title.en || composed['zh-CN'] === title['zh-CN'];
  });
}
