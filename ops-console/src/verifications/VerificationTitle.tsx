import { useRecordContext, useTranslate } from 'react-admin';

export function VerificationTitle() {
  const record = useRecordContext<{ name?: string }>();
  const translate = useTranslate();
  return <>{translate('console.verifications.show.title', { name: record?.name ?? '' })}</>;
}
