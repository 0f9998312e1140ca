import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import type { FieldErrors, FieldMessage } from '../../forms/rules';
import { useMessages } from '../../forms/useMessages';
import type { Channel, CodeMode } from './authApi';
import { CodeButton } from './CodeButton';
import type { ContactField, ContactValues } from './validation';

interface ContactFieldsProps {
  values: ContactValues;
  onChange: (values: ContactValues) => void;
  errors: FieldErrors<ContactField>;
  onError: (field: ContactField, message: FieldMessage | undefined) => void;
  mode: CodeMode;
}

const channels: readonly Channel[] = ['email', 'phone'];

/** Email or phone (contact type), the address, and the code with its send button. */
export function ContactFields({ values, onChange, errors, onError, mode }: ContactFieldsProps) {
  const { t } = useTranslation();
  const { field } = useMessages();
  const change = (next: Partial<ContactValues>, cleared: ContactField[]) => {
    onChange({ ...values, ...next });
    for (const name of cleared) onError(name, undefined);
  };
  return (
    <>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        value={values.channel}
        onChange={(_event, channel: Channel | null) =>
          channel && change({ channel, address: '' }, ['address'])
        }
        aria-label={t('contact.type')}
      >
        {channels.map((channel) => (
          <ToggleButton key={channel} value={channel}>
            {t(`contact.${channel}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        label={t(`contact.${values.channel}`)}
        value={values.address}
        onChange={(event) => change({ address: event.target.value }, ['address'])}
        error={!!errors.address}
        helperText={field(errors.address)}
        type={values.channel === 'email' ? 'email' : 'tel'}
        autoComplete={values.channel === 'email' ? 'email' : 'tel'}
        fullWidth
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label={t('contact.code')}
          value={values.code}
          onChange={(event) => change({ code: event.target.value.trim() }, ['code'])}
          error={!!errors.code}
          helperText={field(errors.code)}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          sx={{ flex: 1 }}
        />
        <CodeButton
          contact={{ channel: values.channel, address: values.address }}
          mode={mode}
          onInvalid={(message) => onError('address', message)}
        />
      </Box>
    </>
  );
}
