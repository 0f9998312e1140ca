// Component tests share two cores with the whole suite in CI: give Testing Library's waits (findBy*,
// waitFor) 5 s instead of 1 s, so a busy machine is not a failure. Only files with a DOM need it.
//
// The unit files share their worker's modules (`isolate: false`, decision 0051), so the i18next instance
// and the stored language outlive a file: a file that switched to English left the next one's texts in
// English. Each file starts in the portal's default language, with nothing stored.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
  localStorage.clear();
  const { default: i18next } = await import('i18next');
  const { defaultLanguage } = await import('@sais/events');
  if (i18next.isInitialized) await i18next.changeLanguage(defaultLanguage);
}
export {};
