import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { RouterProvider } from 'react-router-dom';
import { NoticeSnackbar } from '../notices/NoticeSnackbar';
import { router } from './router';
import { theme } from './theme';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
      <NoticeSnackbar />
    </ThemeProvider>
  );
}
