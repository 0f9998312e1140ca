import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { CompetitionList } from '../competitions/CompetitionList';
import { CommitteeSection, OrganisationsSection, RulesSection } from './AboutSections';
import { HomeHero } from './HomeHero';
import { PrizeSection } from './PrizeSection';
import { tracks } from './prize';
import { RankingList } from './RankingList';
import { ScheduleSection } from './ScheduleSection';
import { Section } from './Section';
import { TrackCard } from './TrackCard';

/** The landing page of the third world AI-for-science prize (spec §1, §4, §9). */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <HomeHero />
      <Section id="tracks" title={t('home.tracksHeading')}>
        <Box
          component="ol"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 2, p: 0, m: 0 }}
        >
          {tracks.map((track) => (
            <TrackCard key={track} track={track} />
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
