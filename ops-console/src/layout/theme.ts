import { type RaThemeOptions, defaultDarkTheme, defaultLightTheme } from 'react-admin';

// The portal's institute blue (react-admin paints its app bar with `secondary`), so both apps read as one product.
const institute = { primary: { main: '#0b3d91' }, secondary: { main: '#0b3d91' } };

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, ...institute },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, primary: { main: '#7fb2ff' } },
};
