import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { ZonedTime } from '../../forms/ZonedTime';
import type { MessageSummary } from './messagesApi';

export function MessageList({
  messages,
  onOpen,
}: {
  messages: MessageSummary[];
  onOpen: (notifyId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <List disablePadding data-testid="message-list">
      {messages.map((message) => (
        <ListItemButton key={message.notifyId} divider onClick={() => onOpen(message.notifyId)}>
          <Box
            component="span"
            aria-label={message.read ? undefined : t('messages.unread')}
            sx={{
              width: 8,
              height: 8,
              borderRadius: '50%',
              mr: 2,
              bgcolor: message.read ? 'transparent' : 'error.main',
            }}
          />
          <ListItemText
            primary={message.title}
            secondary={
              <>
                {message.sender} · <ZonedTime iso={message.sendTime} />
              </>
            }
            slotProps={{ primary: { sx: { fontWeight: message.read ? 400 : 700 } } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}
