import { useTranslate } from 'react-admin';

/** The default page title (pages without a `<Title>` of their own, error pages). */
export function ConsoleTitle() {
  const translate = useTranslate();
  return <>{translate('console.title')}</>;
}
