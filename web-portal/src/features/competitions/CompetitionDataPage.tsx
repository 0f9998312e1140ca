import { PageFallback } from '../../layout/PageFallback';
import { CompetitionFiles } from './CompetitionFiles';
import { useCompetition } from './useCompetition';

/** /competitionDetail/{id}/competitionData: the competition's documentation and datasets. */
export default function CompetitionDataPage() {
  const { competition } = useCompetition();
  return competition ? <CompetitionFiles competition={competition} /> : <PageFallback />;
}
