import { type RaThemeOptions, defaultDarkTheme, defaultLightTheme } from 'react-admin';

// The portal's institute blue (react-admin paints its app bar with `secondary`), so both apps read as one product.
const institute = { primary: { main: '#0b3d91' }, secondary: { main: '#0b3d91' } };

/**
 * Words as written (issue 35): a button naming a user keeps the username's own case ("取消 w27enuser1
 * 资格", not W27ENUSER1); a column heading never breaks between its characters (名/次 at 1366 px).
 */
function asWritten(components: RaThemeOptions['components']): RaThemeOptions['components'] {
  return {
    ...components,
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiTableCell: {
      ...components?.MuiTableCell,
      styleOverrides: {
        ...components?.MuiTableCell?.styleOverrides,
        head: { whiteSpace: 'nowrap' },
      },
    },
  };
}

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, ...institute },
  // Every component that reads the button typography (buttons, tabs, toggles, menus' actions) as written.
  typography: { ...defaultLightTheme.typography, button: { textTransform: 'none' } },
  components: asWritten(defaultLightTheme.components),
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, primary: { main: '#7fb2ff' } },
  typography: { ...defaultDarkTheme.typography, button: { textTransform: 'none' } },
  components: asWritten(defaultDarkTheme.components),
};
