import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notices } from '../../notices/notices';
import {
  type AccessToken,
  type TokenScope,
  createToken,
  listTokens,
  revokeToken,
  tokenScopes,
} from './tokensApi';

const lifetimes = [30, 90, 180, 365] as const;
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/**
 * /user/myInfo: personal access tokens for scripts and the `sais` command (decision 0019): made with a
 * name, scopes and a lifetime up to a year, the secret shown once, listed with their last use, revoked.
 */
export function TokensSection() {
  const { t } = useTranslation();
  const [tokens, setTokens] = useState<AccessToken[]>([]);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [days, setDays] = useState<number>(90);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const secretField = useRef<HTMLInputElement>(null);
  const reload = useCallback(async () => setTokens(await listTokens()), []);
  useEffect(() => {
    void reload().catch(() => undefined);
  }, [reload]);

  const create = async () => {
    setBusy(true);
    try {
      const made = await createToken({ name, scopes, expiresInDays: days });
      setSecret(made.token);
      setCopied(null);
      setName('');
      await reload();
    } catch {
      // The server's message was shown as a notice.
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (token: AccessToken) => {
    await revokeToken(token.tokenId);
    notices.notify({ severity: 'success', message: t('tokens.revoked', { name: token.name }) });
    await reload();
  };
  /**
   * The secret is shown once, so copying is one click (issue 35): the Clipboard API where the page is a
   * secure context, else the selected field and the browser's copy command; when neither works the
   * field stays selected and the reader is told to copy it by hand.
   */
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
      return;
    } catch {
      // No Clipboard API here (plain http) or no permission: the older way below.
    }
    secretField.current?.focus();
    secretField.current?.select();
    setCopied(document.execCommand('copy') ? 'yes' : 'failed');
  };
  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  return (
    <Box sx={{ mt: 6, pt: 3, borderTop: 1, borderColor: 'divider' }} data-testid="access-tokens">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('tokens.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('tokens.intro')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <TextField
          size="small"
          label={t('tokens.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <FormGroup row aria-label={t('tokens.scopes')}>
          {tokenScopes.map((scope) => (
            <FormControlLabel
              key={scope}
              control={
                <Checkbox
                  checked={scopes.includes(scope)}
                  onChange={(event) => toggle(scope, event.target.checked)}
                />
              }
              label={t(`tokens.scope.${scope}`)}
            />
          ))}
        </FormGroup>
        <TextField
          select
          size="small"
          label={t('tokens.lifetime')}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          sx={{ minWidth: 140 }}
        >
          {lifetimes.map((value) => (
            <MenuItem key={value} value={value}>
              {t('tokens.days', { count: value })}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={create} disabled={busy || !name.trim() || scopes.length === 0}>
          {t('tokens.create')}
        </Button>
      </Stack>
      {tokens.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('tokens.none')}
        </Typography>
      ) : (
        <Table size="small" aria-label={t('tokens.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('tokens.name')}</TableCell>
              <TableCell>{t('tokens.scopes')}</TableCell>
              <TableCell>{t('tokens.created')}</TableCell>
              <TableCell>{t('tokens.expires')}</TableCell>
              <TableCell>{t('tokens.lastUsed')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {tokens.map((token) => (
              <TableRow key={token.tokenId} data-testid="access-token-row">
                <TableCell>{token.name}</TableCell>
                <TableCell>
                  {token.scopes.map((scope) => t(`tokens.scope.${scope}`)).join(t('tokens.separator'))}
                </TableCell>
                <TableCell>{day(token.createdAt)}</TableCell>
                <TableCell>{day(token.expiresAt)}</TableCell>
                <TableCell>
                  {token.lastUsedAt
                    ? `${token.lastUsedAt.slice(0, 16).replace('T', ' ')} (${token.lastUsedIp})`
                    : '—'}
                </TableCell>
                <TableCell align="right">
                  {token.revokedAt ? (
                    t('tokens.isRevoked')
                  ) : (
                    <Button size="small" color="error" onClick={() => void revoke(token)}>
                      {t('tokens.revoke')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Dialog
        open={secret !== null}
        onClose={() => setSecret(null)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="token-made"
      >
        <DialogTitle id="token-made">{t('tokens.madeTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="warning">{t('tokens.once')}</Alert>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label={t('tokens.secret')}
                value={secret ?? ''}
                fullWidth
                inputRef={secretField}
                slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'token-secret' } }}
                onFocus={(event) => event.target.select()}
              />
              <Button
                variant="contained"
                startIcon={<ContentCopy />}
                onClick={() => void copy()}
                sx={{ flexShrink: 0 }}
                data-testid="copy-token"
              >
                {t('tokens.copy')}
              </Button>
            </Stack>
            {copied ? (
              <Alert severity={copied === 'yes' ? 'success' : 'error'} data-testid="token-copied">
                {t(copied === 'yes' ? 'tokens.copyDone' : 'tokens.copyFailed')}
              </Alert>
            ) : null}
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              sais login --token {secret}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSecret(null)}>{t('tokens.copied')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
