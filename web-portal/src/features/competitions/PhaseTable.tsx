import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatZonedDateTime } from '../../forms/dates';
import { zoneName } from '../../forms/timeZones';
import { languageOf } from '../../forms/useMessages';
import { ZonedTime } from '../../forms/ZonedTime';
import { runLimitsText } from './runLimits';
import { type Competition, type Phase, phaseNames } from './types';

/** A phase's real start: when an operator opened it, if that came before its scheduled start. */
export function realStart(phase: Phase): { at: string; early: boolean } {
  if (phase.openedAt && Date.parse(phase.openedAt) < Date.parse(phase.startsAt))
    return { at: phase.openedAt, early: true };
  return { at: phase.startsAt, early: false };
}

/** The phases with their dates in the competition's zone (named in words); the current one is marked. */
export function PhaseTable({ competition }: { competition: Competition }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  const scheduled = phaseNames.filter((name) => competition.phases[name]);
  // Container runs' limits per phase (decision 0044), where the competition takes images.
  const runs = competition.submissionKinds.includes('container-image');
  if (scheduled.length === 0) return null;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="phases-zone">
        {t('time.zoneNote', { zone: zoneName(competition.timeZone, language) })}
      </Typography>
      <Table size="small" data-testid="phases">
        <TableHead>
          <TableRow>
            <TableCell>{t('competition.phase')}</TableCell>
            <TableCell>{t('competition.startsAt')}</TableCell>
            <TableCell>{t('competition.endsAt')}</TableCell>
            {runs ? <TableCell>{t('competition.runLimits.heading')}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {scheduled.map((name) => {
            const phase = competition.phases[name]!;
            const current = competition.currentPhase === name;
            const start = realStart(phase);
            return (
              <TableRow key={name} selected={current} data-testid={`phase-${name}`}>
                <TableCell sx={{ fontWeight: current ? 700 : 400 }}>
                  {t(`competition.phases.${name}`)}
                </TableCell>
                <TableCell>
                  <ZonedTime iso={start.at} timeZone={competition.timeZone} />
                  {start.early ? (
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="div"
                      data-testid="opened-early"
                    >
                      {t('competition.openedEarly', {
                        scheduled: formatZonedDateTime(phase.startsAt, language, competition.timeZone),
                      })}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <ZonedTime iso={phase.endsAt} timeZone={competition.timeZone} />
                </TableCell>
                {runs ? (
                  <TableCell data-testid={`run-limits-${name}`}>
                    {phase.runLimits ? runLimitsText(phase.runLimits, t) : null}
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </>
  );
}
