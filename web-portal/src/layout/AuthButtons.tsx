import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { loginAddress } from '../api/client';

/** Both buttons carry the current address so the visitor comes back here afterwards (spec §2). */
export function AuthButtons() {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const here = `${pathname}${search}${hash}`;
  return (
    <>
      <Button component={Link} to={loginAddress(here)} variant="outlined">
        {t('topBar.login')}
      </Button>
      <Button
        component={Link}
        to={`/register?redirect=${encodeURIComponent(here)}`}
        variant="contained"
        disableElevation
      >
        {t('topBar.register')}
      </Button>
    </>
  );
}
