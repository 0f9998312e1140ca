/** The verification statuses the identity service reports, with their message keys. */
export const statusChoices = [
  { id: 'processing', name: 'console.verifications.status.processing' },
  { id: 'approved', name: 'console.verifications.status.approved' },
  { id: 'rejected', name: 'console.verifications.status.rejected' },
];

export const certificateTypeChoices = [
  { id: 'id-card', name: 'console.verifications.certificateType.idCard' },
  { id: 'passport', name: 'console.verifications.certificateType.passport' },
];

/** Reasons a reviewer picks from (`other` = written by hand); each is a message key under `reasons`. */
export const rejectReasons = ['blurred', 'unreadable', 'faceHidden', 'nameMismatch', 'other'] as const;
export type RejectReason = (typeof rejectReasons)[number];

/** The text sent to the participant: the chosen reason in the reviewer's language, or the one written. */
export function reasonText(
  choice: RejectReason,
  written: string,
  translate: (key: string) => string,
): string {
  return choice === 'other' ? written.trim() : translate(`console.verifications.reasons.${choice}`);
}

/** The spec's photo rules (§5), each ticked before an approval; the server checks the same list. */
export const photoChecks = ['armAndUpperBodyVisible', 'faceUnobstructed', 'detailsClear'] as const;
export type PhotoCheck = (typeof photoChecks)[number];
