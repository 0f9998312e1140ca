import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../forms/notify';
import { languageOf } from '../../forms/useMessages';
import {
  type EmailNoticeChoice,
  type EmailNotices,
  fetchEmailNotices,
  saveEmailNotices,
} from './emailNoticesApi';

const kinds = ['scoring', 'teams', 'verification'] as const;

/**
 * /user/myInfo: optional email notices (decision 0023). Off until turned on; each kind of inbox message
 * (scoring results, team notices, verification decisions) can also come by email, in the language chosen
 * here (the portal's language at first), to the account's email address, a few an hour at most.
 */
export function EmailNoticesSection() {
  const { t, i18n } = useTranslation();
  const [saved, setSaved] = useState<EmailNotices | null>(null);
  const [choice, setChoice] = useState<EmailNoticeChoice | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchEmailNotices().then(
      (found) => {
        setSaved(found);
        // Never saved (all off): the portal's language is offered.
        const fresh = !found.scoring && !found.teams && !found.verification;
        setChoice({
          scoring: found.scoring,
          teams: found.teams,
          verification: found.verification,
          language: fresh ? languageOf(i18n.resolvedLanguage) : found.language,
        });
      },
      () => undefined,
    );
    // Read once; the language offered follows the portal's only until the person chooses.
  }, [i18n]);

  if (!saved || !choice) return null;
  const save = async () => {
    setBusy(true);
    try {
      setSaved(await saveEmailNotices(choice));
      notifySuccess('modifySuccess');
    } catch {
      // The server's message was shown as a notice.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="section"
      sx={{ mt: 6, pt: 3, borderTop: 1, borderColor: 'divider' }}
      data-testid="email-notices"
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('emailNotices.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('emailNotices.intro', { perHour: saved.perHour })}
      </Typography>
      {saved.email ? (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="email-notices-address">
          {t('emailNotices.address', { email: saved.email })}
        </Typography>
      ) : (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('emailNotices.noAddress')}
        </Alert>
      )}
      <FormGroup>
        {kinds.map((kind) => (
          <FormControlLabel
            key={kind}
            control={
              <Switch
                checked={choice[kind]}
                onChange={(event) => setChoice({ ...choice, [kind]: event.target.checked })}
              />
            }
            label={t(`emailNotices.kinds.${kind}`)}
          />
        ))}
      </FormGroup>
      <TextField
        select
        size="small"
        label={t('emailNotices.language')}
        value={choice.language}
        onChange={(event) =>
          setChoice({ ...choice, language: event.target.value as EmailNoticeChoice['language'] })
        }
        sx={{ mt: 2, minWidth: 200 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'email-notices-language' } as object } }}
      >
        <MenuItem value="zh-CN">简体中文</MenuItem>
        <MenuItem value="en">English</MenuItem>
      </TextField>
      <Box sx={{ mt: 2 }}>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>
          {t('emailNotices.save')}
        </Button>
      </Box>
    </Box>
  );
}
