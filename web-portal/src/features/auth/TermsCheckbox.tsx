import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import type { FieldMessage } from '../../forms/rules';
import { useMessages } from '../../forms/useMessages';
import { TermsDialog } from './TermsDialog';

interface TermsCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: FieldMessage | undefined;
}

/** "I have read and agree to the service terms", the terms opening in a dialog. */
export function TermsCheckbox({ checked, onChange, error }: TermsCheckboxProps) {
  const { field } = useMessages();
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Checkbox
          id="agree-terms"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          slotProps={{ input: { 'aria-describedby': 'agree-terms-label' } }}
          sx={{ pl: 0 }}
        />
        <Box component="label" htmlFor="agree-terms" id="agree-terms-label" sx={{ fontSize: 14 }}>
          <Trans
            i18nKey="register.agree"
            components={{
              terms: (
                <Link
                  component="button"
                  type="button"
                  onClick={() => setOpen(true)}
                  sx={{ verticalAlign: 'baseline' }}
                />
              ),
            }}
          />
        </Box>
      </Box>
      {error ? <FormHelperText error>{field(error)}</FormHelperText> : null}
      <TermsDialog
        open={open}
        onClose={() => setOpen(false)}
        onAgree={() => {
          onChange(true);
          setOpen(false);
        }}
      />
    </Box>
  );
}
