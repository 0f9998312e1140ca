import Avatar from '@mui/material/Avatar';
import type { UserDetail } from '../session/types';

/** The avatar picture, or the first letter of the nickname (else the account name). */
export function UserAvatar({ user, size = 36 }: { user: UserDetail; size?: number }) {
  const name = user.nickname || user.username;
  return (
    <Avatar
      src={user.avatarUrl ?? undefined}
      alt={name}
      sx={{ width: size, height: size, bgcolor: 'secondary.main' }}
    >
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
