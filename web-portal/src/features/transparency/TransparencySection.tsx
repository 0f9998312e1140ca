import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { transparency } from '@sais/events';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatDateTime } from '../../forms/dates';
import { eventLogs, type LogCheckpoints } from './transparencyApi';
import { transparencyApi } from './transparencyClient';

/**
 * How many of the listed witnesses cosigned a log's latest checkpoint, each cosignature checked here
 * with WebCrypto (c2sp.org/tlog-cosignature; decision 0033). Null when the answer has no checkpoint.
 */
async function witnessCount(answer: LogCheckpoints): Promise<{ count: number; total: number } | null> {
  if (!answer.latest) return null;
  const keys = await Promise.all((answer.witnesses ?? []).map((key) => transparency.parseWitnessKey(key)));
  const body = transparency.splitNote(answer.latest.note)?.body;
  if (!body) return { count: 0, total: keys.length };
  const { witnesses } = await transparency.cosignedBy(body, answer.latest.cosignatures ?? [], keys);
  return { count: witnesses.length, total: keys.length };
}

/** The platform's checkpoint key and each event log's latest signed checkpoint (on the About page). */
export function TransparencySection() {
  const { t, i18n } = useTranslation();
  const [logs, setLogs] = useState<LogCheckpoints[] | null>(null);
  const [seen, setSeen] = useState<({ count: number; total: number } | null)[]>([]);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    Promise.all(eventLogs.map((log) => transparencyApi.checkpoints(log)))
      .then(async (answers) => {
        if (!current) return;
        setLogs(answers);
        const counts = await Promise.all(answers.map(witnessCount));
        if (current) setSeen(counts);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, []);

  return (
    <Box component="section" id="transparency" sx={{ mt: 5 }} data-testid="transparency">
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t('intro.transparency.title')}
      </Typography>
      <Typography sx={{ mb: 2, lineHeight: 1.8 }}>{t('intro.transparency.text')}</Typography>
      {/* What a participant checks in the portal itself; the mirror tools belong in the docs (issue 35). */}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('intro.transparency.checksTitle')}
      </Typography>
      <Box component="ul" sx={{ mt: 1, mb: 2, lineHeight: 1.8 }} data-testid="transparency-checks">
        {(['record', 'seal', 'recompute'] as const).map((check) => (
          <li key={check}>{t(`intro.transparency.checks.${check}`)}</li>
        ))}
      </Box>
      <Typography sx={{ mb: 2, lineHeight: 1.8 }} data-testid="transparency-docs">
        <Trans
          i18nKey="intro.transparency.docs"
          components={[<Link key="docs" href="/api/docs" target="_blank" rel="noopener" />]}
        />
      </Typography>
      {failed ? <Typography color="error">{t('intro.transparency.failed')}</Typography> : null}
      {logs ? (
        <>
          <Typography variant="subtitle2">{t('intro.transparency.key')}</Typography>
          <Typography
            component="code"
            data-testid="transparency-key"
            sx={{ display: 'block', fontFamily: 'monospace', wordBreak: 'break-all', mb: 2 }}
          >
            {logs[0]?.publicKey}
          </Typography>
          {eventLogs.map((log, i) => {
            const latest = logs[i]?.latest;
            const name = t(`intro.transparency.logs.${log}`);
            const witnessed = seen[i];
            return (
              <Typography key={log} variant="body2" color="text.secondary" data-testid="transparency-log">
                {latest
                  ? t('intro.transparency.latest', {
                      log: name,
                      number: latest.number,
                      size: latest.treeSize,
                      time: formatDateTime(latest.time, i18n.resolvedLanguage),
                    })
                  : t('intro.transparency.none', { log: name })}
                {witnessed ? (
                  <Box component="span" data-testid="transparency-witnesses" sx={{ display: 'block', ml: 2 }}>
                    {witnessed.total > 0
                      ? t('intro.transparency.witnesses', { seen: witnessed.count, total: witnessed.total })
                      : t('intro.transparency.noWitnesses')}
                  </Box>
                ) : null}
              </Typography>
            );
          })}
        </>
      ) : null}
    </Box>
  );
}
