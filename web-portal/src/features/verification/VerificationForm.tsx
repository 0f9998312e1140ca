import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../forms/notify';
import { useForm } from '../../forms/useForm';
import { useMessages } from '../../forms/useMessages';
import { PhotoPicker } from './PhotoPicker';
import { type VerificationValues, checkPhoto, validateVerification } from './validation';
import { type CertificateType, submitAuthentication } from './verificationApi';

const initial: VerificationValues = {
  name: '',
  certificateType: 'id-card',
  certificateNumber: '',
  front: null,
  back: null,
};
const certificateTypes: readonly CertificateType[] = ['id-card', 'passport'];

/** Name, certificate type and number, and the photos (front and back, or one passport photo). */
export function VerificationForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useTranslation();
  const { field } = useMessages();
  const form = useForm(initial, validateVerification);
  const { values, errors } = form;
  const passport = values.certificateType === 'passport';

  const pick = (side: 'front' | 'back') => (file: File | null) => {
    const problem = file ? checkPhoto(file) : undefined;
    form.set(side, problem ? null : file);
    if (problem) form.setError(side, problem);
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      data-testid="verification-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form
          .submit(async ({ name, certificateType, certificateNumber, front, back }) => {
            await submitAuthentication({ name, certificateType, certificateNumber, front: front!, back });
            notifySuccess('submitSuccess');
          })
          .then((submitted) => submitted && onSubmitted());
      }}
    >
      <TextField
        name="name"
        label={t('verification.fields.name')}
        value={values.name}
        onChange={(event) => form.set('name', event.target.value)}
        error={!!errors.name}
        helperText={field(errors.name)}
        fullWidth
      />
      <TextField
        select
        name="certificateType"
        label={t('verification.fields.certificateType')}
        value={values.certificateType}
        onChange={(event) => {
          form.set('certificateType', event.target.value as CertificateType);
          form.setError('certificateNumber', undefined);
          form.setError('back', undefined);
        }}
        fullWidth
      >
        {certificateTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`verification.certificateTypes.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        name="certificateNumber"
        label={t(passport ? 'verification.fields.passportNumber' : 'verification.fields.idCardNumber')}
        value={values.certificateNumber}
        onChange={(event) => form.set('certificateNumber', event.target.value)}
        error={!!errors.certificateNumber}
        helperText={field(errors.certificateNumber)}
        fullWidth
      />
      <Alert severity="info">{t('verification.photoRules')}</Alert>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <PhotoPicker
          name="front"
          label={t(passport ? 'verification.fields.passportPhoto' : 'verification.fields.front')}
          file={values.front}
          onPick={pick('front')}
          error={errors.front}
        />
        {passport ? null : (
          <PhotoPicker
            name="back"
            label={t('verification.fields.back')}
            file={values.back}
            onPick={pick('back')}
            error={errors.back}
          />
        )}
      </Box>
      <Button
        type="submit"
        variant="contained"
        disableElevation
        disabled={form.busy}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('common.submit')}
      </Button>
    </Stack>
  );
}
