import { createTheme } from '@mui/material/styles';

export const topBarHeight = 64;
export const topBarMinWidth = 1360;

/** A sober academic palette: deep institute blue with a teal accent. */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b3d91' },
    secondary: { main: '#00838f' },
    background: { default: '#f5f7fb' },
  },
  shape: { borderRadius: 8 },
  // A column heading never breaks between its characters (日/志 at 1366 px, issue 35); small tables'
  // cells are 8 px apart on each side, not 16, so a board of eleven columns with two one-line times fits
  // the page at 1366 px.
  components: {
    MuiTableCell: {
      styleOverrides: { head: { whiteSpace: 'nowrap' }, sizeSmall: { paddingLeft: 8, paddingRight: 8 } },
    },
  },
  typography: {
    // Words as written (issue 35): a button keeps the case its text was typed in ("Download train.csv",
    // a team's or user's own name), not MUI's default upper case. Buttons, tabs and toggles all read it.
    button: { textTransform: 'none' },
    fontFamily: [
      '"PingFang SC"',
      '"Microsoft YaHei"',
      '"Noto Sans SC"',
      'Roboto',
      'Helvetica',
      'Arial',
      'sans-serif',
    ].join(','),
  },
});
