import { type MessageKey, idCardField, passportField, realNameField } from '@sais/events';
import { type FieldErrors, check, errorsOf } from '../../forms/rules';
import type { CertificateType } from './verificationApi';

/** Spec §5/§9: certificate photos are jpg, png or bmp of at most 3 MB. */
export const maxPhotoBytes = 3 * 1024 * 1024;
const photoTypes = new Set(['image/jpeg', 'image/png', 'image/bmp', 'image/x-ms-bmp']);
const photoExtensions = /\.(jpe?g|png|bmp)$/i;
export const photoAccept = '.jpg,.jpeg,.png,.bmp,image/jpeg,image/png,image/bmp';

/** Checked before upload: the type (by MIME type and name) and the size. */
export function checkPhoto(file: { name: string; type: string; size: number }): MessageKey | undefined {
  const typeOk = file.type ? photoTypes.has(file.type) : photoExtensions.test(file.name);
  if (!typeOk) return 'fileFormatError';
  if (file.size > maxPhotoBytes) return 'certificatePhotoTooLarge';
  if (file.size === 0) return 'certificatePhotoInvalid';
  return undefined;
}

export interface VerificationValues {
  name: string;
  certificateType: CertificateType;
  certificateNumber: string;
  front: File | null;
  back: File | null;
}

export type VerificationField = 'name' | 'certificateNumber' | 'front' | 'back';

export function validateVerification(values: VerificationValues): FieldErrors<VerificationField> {
  const photo = (file: File | null) => (file ? checkPhoto(file) : 'certificatePhotoInvalid');
  return errorsOf({
    name: check(realNameField, values.name),
    certificateNumber: check(
      values.certificateType === 'id-card' ? idCardField : passportField,
      values.certificateNumber,
    ),
    front: photo(values.front),
    back: values.certificateType === 'id-card' ? photo(values.back) : undefined,
  });
}
