import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CloseAccountSection } from '../account/CloseAccountSection';
import { EmailNoticesSection } from '../account/EmailNoticesSection';
import { TokensSection } from '../account/TokensSection';
import { useSignedInUser } from '../user/useSignedInUser';
import { AccountSummary } from './AccountSummary';
import { ProfileForm } from './ProfileForm';

/** /user/myInfo: the account and the editable profile. */
export default function MyInfoPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t('pages.myInfo')}
      </Typography>
      <AccountSummary user={user} />
      <ProfileForm key={user.userId} user={user} />
      <EmailNoticesSection />
      <TokensSection />
      <CloseAccountSection />
    </>
  );
}
