export const statusChoices = ['active', 'disbanded', 'dissolved'].map((id) => ({
  id,
  name: `console.teams.status.${id}`,
}));
