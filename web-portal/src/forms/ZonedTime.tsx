import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatZonedDateTime, platformTimeZone } from './dates';
import { viewerTimeZone, zoneName } from './timeZones';
import { languageOf } from './useMessages';

/**
 * A time in `timeZone` (a competition's, else the platform's) with the zone's offset written in it
 * ("2027年5月11日 23:59 GMT+8"); hovering names that zone in words and gives the viewer's own time
 * (decision 0034).
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
      {/* One line (issue 35): a date never breaks inside a table's narrow column ("2027年5月11日 / 23:59"). */}
      <time
        dateTime={iso}
        data-testid="zoned-time"
        data-zone={timeZone}
        aria-description={hover}
        style={{ whiteSpace: 'nowrap' }}
      >
        {formatZonedDateTime(iso, language, timeZone)}
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
