import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { CodeLoginForm } from './CodeLoginForm';
import { PasswordLoginForm } from './PasswordLoginForm';

type Method = 'password' | 'code';

/** /login: password or code sign-in; afterwards back to `redirect` (spec §2). */
export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [method, setMethod] = useState<Method>('password');
  const redirect = params.get('redirect');
  const registerAddress = redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register';

  return (
    <AuthCard title={t('login.title')}>
      <Tabs value={method} onChange={(_event, next: Method) => setMethod(next)} sx={{ mb: 3 }}>
        <Tab value="password" label={t('login.withPassword')} />
        <Tab value="code" label={t('login.withCode')} />
      </Tabs>
      {method === 'password' ? <PasswordLoginForm /> : <CodeLoginForm />}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3 }}>
        <Link component={RouterLink} to={registerAddress}>
          {t('login.toRegister')}
        </Link>
        <Link component={RouterLink} to="/forget">
          {t('login.toForget')}
        </Link>
      </Box>
    </AuthCard>
  );
}
