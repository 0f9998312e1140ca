import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import type { FieldMessage } from '../../forms/rules';
import { useMessages } from '../../forms/useMessages';
import { photoAccept } from './validation';

interface PhotoPickerProps {
  name: string;
  label: string;
  file: File | null;
  onPick: (file: File | null) => void;
  error: FieldMessage | undefined;
}

/** Picks one certificate photo and previews it. */
export function PhotoPicker({ name, label, file, onPick, error }: PhotoPickerProps) {
  const { field } = useMessages();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <Box>
      <ButtonBase
        component="label"
        sx={{
          width: 220,
          height: 150,
          border: 1,
          borderStyle: 'dashed',
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 2,
          overflow: 'hidden',
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          color: 'text.secondary',
        }}
      >
        {preview ? (
          <Box
            component="img"
            src={preview}
            alt={label}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <>
            <AddPhotoAlternateIcon />
            <Typography variant="body2">{label}</Typography>
          </>
        )}
        <input
          hidden
          type="file"
          name={name}
          accept={photoAccept}
          aria-label={label}
          onChange={(event) => {
            onPick(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
        />
      </ButtonBase>
      {error ? <FormHelperText error>{field(error)}</FormHelperText> : null}
    </Box>
  );
}
