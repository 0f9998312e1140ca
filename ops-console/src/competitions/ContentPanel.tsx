import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Language, competition } from '@sais/events';
import { useEffect, useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useConsoleApi } from '../shared/useConsoleApi';
import { Markdown } from '@sais/web-shared';
import { Panel } from './Panel';
import { useAction } from './useAction';

type Section = competition.ContentSection;
type Sections = Record<Section, Record<Language, string>>;
const max = competition.sectionTextMaxLength;

/**
 * The portal's competition page, section by section (issue 21): Markdown in both languages, each beside
 * its preview rendered as the portal renders it (Markdown.tsx), each section saved on its own (`PUT /admin/competitions/:id/content/:section`; the server checks the
 * operator role and the length).
 */
export function ContentPanel() {
  const record = useRecordContext();
  const translate = useTranslate();
  const api = useConsoleApi();
  const { act, pending } = useAction();
  const [section, setSection] = useState<Section>('overview');
  const [saved, setSaved] = useState<Sections | null>(null);
  const [draft, setDraft] = useState<Sections | null>(null);
  const id = record?.id as string | undefined;

  useEffect(() => {
    if (!id) return;
    let live = true;
    api
      .get<{ sections: Sections }>('/race/content', {
        competitionId: id,
      } satisfies competition.requests.CompetitionQuery)
      .then(
        ({ sections }) => live && (setSaved(sections), setDraft(sections)),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [api, id]);

  if (!id || !draft || !saved) return null;
  const text = draft[section];
  const changed = text['zh-CN'] !== saved[section]['zh-CN'] || text.en !== saved[section].en;
  const edit = (language: Language, value: string) =>
    setDraft({ ...draft, [section]: { ...text, [language]: value } });
  const save = async () => {
    const answer = await act(
      () =>
        api.put<{ sections: Sections }>(
          `/admin/competitions/${id}/content/${section}`,
          text satisfies competition.requests.SectionBody,
        ),
      'console.competitions.notifications.contentSaved',
    );
    if (answer) setSaved(answer.sections);
  };
  return (
    <Panel title="console.competitions.panels.content" testId="content-panel">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('console.competitions.content.intro')}
      </Typography>
      <Tabs value={section} onChange={(_, next: Section) => setSection(next)} sx={{ mb: 2 }}>
        {competition.contentSections.map((name) => (
          <Tab
            key={name}
            value={name}
            label={translate(`console.competitions.content.sections.${name}`)}
            data-testid={`content-tab-${name}`}
          />
        ))}
      </Tabs>
      <Stack spacing={2}>
        {(['zh-CN', 'en'] as const).map((language) => (
          <Stack key={language} direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              label={translate(`console.competitions.content.${language === 'en' ? 'en' : 'zh'}`)}
              value={text[language]}
              onChange={(event) => edit(language, event.target.value)}
              multiline
              minRows={6}
              maxRows={24}
              error={text[language].length > max}
              helperText={translate('console.competitions.content.length', {
                length: text[language].length.toLocaleString(),
                max: max.toLocaleString(),
              })}
              slotProps={{ htmlInput: { 'data-testid': `content-${language}` } }}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <Paper
              variant="outlined"
              sx={{ flex: 1, minWidth: 0, p: 2, maxHeight: 560, overflowY: 'auto' }}
              aria-label={translate('console.competitions.content.preview')}
              component="section"
            >
              <Typography variant="caption" color="text.secondary" component="h3" sx={{ mb: 1 }}>
                {translate('console.competitions.content.preview')} ·{' '}
                {translate(`console.competitions.content.${language === 'en' ? 'en' : 'zh'}`)}
              </Typography>
              {text[language].trim() ? (
                <Markdown testId={`content-preview-${language}`}>{text[language]}</Markdown>
              ) : (
                <Box sx={{ color: 'text.secondary' }} data-testid={`content-preview-${language}`}>
                  {translate('console.competitions.content.empty')}
                </Box>
              )}
            </Paper>
          </Stack>
        ))}
        <Button
          variant="contained"
          disabled={pending || !changed}
          onClick={() => void save()}
          data-testid="content-save"
          sx={{ alignSelf: 'flex-start' }}
        >
          {translate('console.competitions.content.save')}
        </Button>
      </Stack>
    </Panel>
  );
}
