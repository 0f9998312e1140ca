import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ZonedTime } from '../../forms/ZonedTime';
import { PageFallback } from '../../layout/PageFallback';
import { fetchMyRaces } from './competitionApi';
import { StatusChip } from './StatusChip';
import { type MyRace, type Paged, localized } from './types';

const pageSize = 10;

/** /user/myRace: the competitions I signed up for. */
export default function MyRacePage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paged<MyRace> | null>(null);

  useEffect(() => {
    let live = true;
    fetchMyRaces(page, pageSize).then(
      (next) => live && setData(next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [page]);

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t('pages.myRace')}
      </Typography>
      {!data ? <PageFallback /> : null}
      {data && data.total === 0 ? <Alert severity="info">{t('myRace.empty')}</Alert> : null}
      {data && data.total > 0 ? (
        <>
          <Table data-testid="my-races">
            <TableHead>
              <TableRow>
                <TableCell>{t('myRace.competition')}</TableCell>
                <TableCell>{t('competition.facts.type')}</TableCell>
                <TableCell>{t('myRace.status')}</TableCell>
                <TableCell>{t('myRace.signedUpAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.records.map((race) => (
                <TableRow key={race.competitionId}>
                  <TableCell>
                    <Link component={RouterLink} to={`/competitionDetail/${race.competitionId}/format`}>
                      {localized(race.title, i18n.resolvedLanguage)}
                    </Link>
                  </TableCell>
                  <TableCell>{t(`competition.types.${race.type}`)}</TableCell>
                  <TableCell>
                    <StatusChip status={race.status} />
                  </TableCell>
                  <TableCell>
                    <ZonedTime iso={race.signedUpAt} timeZone={race.timeZone} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {data.total > pageSize ? (
            <Pagination
              sx={{ mt: 2 }}
              page={page}
              count={Math.ceil(data.total / pageSize)}
              onChange={(_event, next) => setPage(next)}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
