import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';

export const competitionTabs = [
  'format',
  'competitionData',
  'team',
  'leaderboard',
  'mySubmissions',
  'codeSubmissions',
  'myScore',
  'writeUps',
] as const;

/** The children of /competitionDetail/{competitionId} (spec §2). */
export function CompetitionTabs({ competitionId }: { competitionId: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const base = `/competitionDetail/${competitionId}/`;
  const current = competitionTabs.find((tab) => pathname.startsWith(`${base}${tab}`)) ?? false;
  return (
    <Tabs value={current} variant="scrollable" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      {competitionTabs.map((tab) => (
        <Tab key={tab} value={tab} label={t(`pages.${tab}`)} component={Link} to={`${base}${tab}`} />
      ))}
    </Tabs>
  );
}
