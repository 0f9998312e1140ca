import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { prizeTiers, trackPool } from './prize';
import { Section } from './Section';

/** Spec §9: the awards of one track and their amounts. */
export function PrizeSection() {
  const { t, i18n } = useTranslation();
  const amount = (value: number) =>
    new Intl.NumberFormat(i18n.resolvedLanguage === 'en' ? 'en' : 'zh-CN').format(value);
  return (
    <Section id="prizes" title={t('home.prizesHeading')} note={t('home.prizesNote')}>
      <Table size="small" data-testid="prize-table" sx={{ maxWidth: 720 }}>
        <caption>{t('home.prizeTable.caption')}</caption>
        <TableHead>
          <TableRow>
            <TableCell>{t('home.prizeTable.award')}</TableCell>
            <TableCell align="right">{t('home.prizeTable.teams')}</TableCell>
            <TableCell align="right">{t('home.prizeTable.perTeam')}</TableCell>
            <TableCell align="right">{t('home.prizeTable.subtotal')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {prizeTiers.map((tier) => (
            <TableRow key={tier.award} data-testid="prize-tier">
              <TableCell>{t(`home.prizes.${tier.award}`)}</TableCell>
              <TableCell align="right">{tier.teams}</TableCell>
              <TableCell align="right">{amount(tier.perTeam)}</TableCell>
              <TableCell align="right">{amount(tier.teams * tier.perTeam)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>{t('home.prizeTable.total')}</TableCell>
            <TableCell align="right">{prizeTiers.reduce((sum, tier) => sum + tier.teams, 0)}</TableCell>
            <TableCell />
            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="track-pool">
              {amount(trackPool)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Section>
  );
}
