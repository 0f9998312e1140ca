// The `submissions` resource: operators list, inspect, rescore and disqualify submissions.
export { default as icon } from '@mui/icons-material/UploadFile';
export { SubmissionList as list } from './SubmissionList';
export { SubmissionShow as show } from './SubmissionShow';
export const recordRepresentation = 'fileName';
