import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The competition page's sections, in reading order; `data` is the data tab (files and the data section). */
export const pageSections = ['overview', 'evaluation', 'data', 'rules', 'prizes', 'timeline'] as const;

/** The list beside the sections: anchors on this page, the data tab for data. */
export function SectionNav({ competitionId }: { competitionId: string }) {
  const { t } = useTranslation();
  return (
    <List
      component="nav"
      dense
      aria-label={t('competition.content.navLabel')}
      data-testid="section-nav"
      sx={{ position: 'sticky', top: 80, alignSelf: 'start' }}
    >
      {pageSections.map((section) =>
        section === 'data' ? (
          <ListItemButton
            key={section}
            component={Link}
            to={`/competitionDetail/${competitionId}/competitionData`}
          >
            <ListItemText primary={t('competition.content.sections.data')} />
          </ListItemButton>
        ) : (
          <ListItemButton key={section} component="a" href={`#${section}`}>
            <ListItemText primary={t(`competition.content.sections.${section}`)} />
          </ListItemButton>
        ),
      )}
    </List>
  );
}
