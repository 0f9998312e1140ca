import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { prizeTracks } from '@sais/events';
import { useTranslation } from 'react-i18next';
import { CompetitionList } from '../competitions/CompetitionList';
import { CommitteeSection, OrganisationsSection, RulesSection } from './AboutSections';
import { HomeHero } from './HomeHero';
import { PrizeSection } from './PrizeSection';
import { RankingList } from './RankingList';
import { ScheduleSection } from './ScheduleSection';
import { Section } from './Section';
import { TrackCard } from './TrackCard';
import { usePrizeCompetitions } from './usePrizeCompetitions';

/** The landing page of the third world AI-for-science prize (spec §1, §4, §9). */
export default function HomePage() {
  const { t } = useTranslation();
  const competitionIds = usePrizeCompetitions();
  return (
    <>
      <HomeHero />
      <Section id="tracks" title={t('home.tracksHeading')}>
        <Box
          component="ol"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 2, p: 0, m: 0 }}
        >
          {prizeTracks.map((track) => (
            <TrackCard key={track.key} track={track} competitionId={competitionIds[track.key]} />
          ))}
        </Box>
      </Section>
      <ScheduleSection />
      <PrizeSection />
      <RulesSection />
      <CommitteeSection />
      <OrganisationsSection />
      <RankingList />
      <Container maxWidth="lg" sx={{ pb: 8 }}>
        <CompetitionList />
      </Container>
    </>
  );
}
