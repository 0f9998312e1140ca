import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../layout/PageFallback';
import { CompetitionFiles } from './CompetitionFiles';
import { OperatorText } from './content/OperatorText';
import { useContent } from './content/useContent';
import { FormatSection } from './FormatSection';
import { SampleSubmission } from './SampleSubmission';
import { useCompetition } from './useCompetition';

/** /competitionDetail/{id}/competitionData: the data section — the operators' text, each file with its size, the sample submission. */
export default function CompetitionDataPage() {
  const { t } = useTranslation();
  const { competition } = useCompetition();
  const content = useContent(competition?.competitionId ?? '');
  if (!competition || content.status === 'loading') return <PageFallback />;
  const text = content.status === 'ready' ? content.value.sections.data : undefined;
  return (
    <Box sx={{ pt: 3 }}>
      {text && (text['zh-CN'].trim() || text.en.trim()) ? (
        <FormatSection id="data" title={t('competition.content.sections.data')}>
          <OperatorText text={text} testId="content-data" />
        </FormatSection>
      ) : null}
      <CompetitionFiles competition={competition} />
      <SampleSubmission competition={competition} />
    </Box>
  );
}
