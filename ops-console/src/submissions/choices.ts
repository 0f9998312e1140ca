/** A submission's states (scoring's SubmissionStatus). */
export const statusChoices = ['Waiting', 'Evaluating', 'Completed', 'Invalid', 'Failed', 'Cancelled'].map(
  (id) => ({
    id,
    name: `console.submissions.status.${id}`,
  }),
);
