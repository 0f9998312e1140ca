import { type ReactNode, useEffect } from 'react';
import { Layout, useTranslate } from 'react-admin';
import { ConsoleMenu } from './ConsoleMenu';

export function ConsoleLayout({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const title = translate('console.title');
  // The browser tab names the console in the current language.
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <Layout menu={ConsoleMenu}>{children}</Layout>;
}
