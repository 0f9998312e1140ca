// Component tests share two cores with the whole suite in CI: give Testing Library's waits (findBy*,
// waitFor) 5 s instead of 1 s, so a busy machine is not a failure. Only files with a DOM need it.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}
export {};
