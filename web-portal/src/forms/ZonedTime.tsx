import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime, platformTimeZone } from './dates';
import { viewerTimeZone, zoneName } from './timeZones';
import { languageOf } from './useMessages';

/**
 * A time in `timeZone` (a competition's, else the platform's); hovering names that zone in words and
 * gives the viewer's own time (issue 21's one time policy).
 */
export function ZonedTime({
  iso,
  timeZone = platformTimeZone,
}: {
  iso: string;
  timeZone?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  const viewer = viewerTimeZone();
  const hover = t('time.hover', {
    zone: zoneName(timeZone, language),
    time: formatDateTime(iso, language, viewer),
    viewerZone: zoneName(viewer, language),
  });
  return (
    <Tooltip title={hover}>
      <time dateTime={iso} data-testid="zoned-time" data-zone={timeZone} aria-description={hover}>
        {formatDateTime(iso, language, timeZone)}
      </time>
    </Tooltip>
  );
}

/** "Times in Beijing time; hover a time for yours." above a list of times in `timeZone`. */
export function ZoneNote({ timeZone = platformTimeZone }: { timeZone?: string | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" data-testid="zone-note">
      {t('time.zoneNote', { zone: zoneName(timeZone, languageOf(i18n.resolvedLanguage)) })}
    </Typography>
  );
}
