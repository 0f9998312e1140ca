import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { CertificatePhoto } from './CertificatePhoto';

/** The certificate photos of a verification: front and back of an ID card, or a passport's photo page. */
export function CertificatePhotos(_props: { label?: string }) {
  const record = useRecordContext<{ id: string; photoCount?: number; certificateType?: string }>();
  const translate = useTranslate();
  if (!record) return null;
  const count = record.photoCount ?? 0;
  if (count === 0) return <Typography>{translate('console.verifications.photos.none')}</Typography>;
  const captionOf = (index: number) =>
    translate(
      record.certificateType === 'passport'
        ? 'console.verifications.photos.passport'
        : index === 0
          ? 'console.verifications.photos.front'
          : 'console.verifications.photos.back',
    );
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {Array.from({ length: count }, (_, index) => (
        <CertificatePhoto
          key={index}
          verificationId={String(record.id)}
          index={index}
          caption={captionOf(index)}
        />
      ))}
    </Stack>
  );
}
