import { countryRegionField, organizationField } from '@sais/events';
import { type FieldErrors, check, errorsOf } from '../../forms/rules';
import type { UserDetail } from '../session/types';
import type { ProfileChanges } from './profileApi';

export interface ProfileValues {
  nickname: string;
  description: string;
  countryRegion: string;
  address: string;
  isStudent: boolean;
  organization: string;
  graduationDate: string;
}

export function profileValuesOf(user: UserDetail): ProfileValues {
  return {
    nickname: user.nickname ?? '',
    description: user.description ?? '',
    countryRegion: user.countryRegion ?? '',
    address: user.address ?? '',
    isStudent: user.isStudent ?? false,
    organization: user.organization ?? '',
    graduationDate: user.graduationDate ?? '',
  };
}

/** Spec §5: country/region and university/organization must be completed, with their messages. */
export function validateProfile(values: ProfileValues): FieldErrors<'countryRegion' | 'organization'> {
  return errorsOf({
    countryRegion: check(countryRegionField, values.countryRegion),
    organization: check(organizationField, values.organization),
  });
}

/** The body of /user/update: every field, the graduation date only for a student who gave one. */
export function profileChangesOf(values: ProfileValues): ProfileChanges {
  const { graduationDate, ...rest } = values;
  const trimmed = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  ) as Omit<ProfileValues, 'graduationDate'>;
  return values.isStudent && graduationDate ? { ...trimmed, graduationDate } : trimmed;
}
