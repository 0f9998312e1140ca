// The `verifications` resource: the reviewers' queue (`/review` leads here) and one verification.
export { default as icon } from '@mui/icons-material/FactCheck';
export { VerificationList as list } from './VerificationList';
export { VerificationShow as show } from './VerificationShow';
export const recordRepresentation = 'name';
