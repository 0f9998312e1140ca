// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { BuildTeamPanel } from './BuildTeamPanel';
import { JoinTeamPanel } from './JoinTeamPanel';
import { type MyTeamHandlers, MyTeamPanel } from './MyTeamPanel';
import { teamNameProblem } from './teamName';
import type { Member, MyTeam } from './types';

const person = (userId: string, name: string, isAdmin: boolean): Member => ({
  userId,
  name,
  username: name,
  email: `${name}@example.org`,
  organization: null,
  authStatus: 'Verified',
  deleted: false,
  isAdmin,
});
const teamId = '1a2b3c4d-1d2b-4c3d-8e9f-0a1b2c3d4e5f';

const myTeam = (overrides: Partial<MyTeam> = {}): MyTeam => ({
  competitionId: 'c-1',
  signedUp: true,
  teamSizeLimit: 5,
  attemptsTotal: 3,
  attemptsLeft: 2,
  teamMergeDeadline: null,
  changesOpen: true,
  myApplication: null,
  team: {
    teamId,
    competitionId: 'c-1',
    name: 'Owls',
    solo: false,
    disbanded: false,
    ownerId: 'u-owner',
    members: [person('u-owner', 'ada', true), person('u-member', 'bob', false)],
    applications: [
      {
        applicationId: 'a-1',
        kind: 'join',
        requestedAt: '2026-11-22T06:03:00.000Z',
        userId: 'u-3',
        name: 'cyd',
        username: 'cyd',
        email: null,
        organization: null,
        authStatus: 'Processing',
        deleted: false,
      },
    ],
  },
  ...overrides,
});

const handlers = (): MyTeamHandlers => ({
  rename: vi.fn(),
  disband: vi.fn(),
  leave: vi.fn(),
  remove: vi.fn(),
  transfer: vi.fn(),
  handle: vi.fn(),
  cancel: vi.fn(),
});

describe('the team views', () => {
  beforeAll(() => initI18n());
  afterEach(cleanup);

  it('checks team names as the server does', () => {
    expect(teamNameProblem('  ', 'teamNameRequired')).toBe('teamNameRequired');
    expect(teamNameProblem('', 'newTeamNameRequired')).toBe('newTeamNameRequired');
    expect(teamNameProblem('x'.repeat(31), 'teamNameRequired')).toBe('teamNameTooLong');
    expect(teamNameProblem(' Owls ', 'teamNameRequired')).toBeUndefined();
  });

  it('builds a team with a name, after the spec message for an empty one', () => {
    const onCreate = vi.fn();
    render(<BuildTeamPanel myTeam={myTeam({ team: null })} busy={false} onCreate={onCreate} />);
    fireEvent.click(screen.getByRole('button', { name: '创建队伍' }));
    expect(screen.getByText('请输入队伍名称')).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('队伍名称'), { target: { value: ' Owls ' } });
    fireEvent.click(screen.getByRole('button', { name: '创建队伍' }));
    expect(onCreate).toHaveBeenCalledWith('Owls');
  });

  it('shows the owner members, applications and the owner’s actions', () => {
    const on = handlers();
    render(<MyTeamPanel myTeam={myTeam()} myId="u-owner" busy={false} handlers={on} />);
    const rows = screen.getAllByTestId('team-member');
    expect(rows[0]?.textContent).toContain('ada@example.org');
    expect(rows[0]?.textContent).toContain('已认证');
    expect(rows[0]?.textContent).toContain('队长');
    expect(screen.getByTestId('team-id').textContent).toBe(teamId);
    fireEvent.click(screen.getByRole('button', { name: '同意' }));
    expect(on.handle).toHaveBeenCalledWith(expect.objectContaining({ applicationId: 'a-1' }), true);
    fireEvent.click(screen.getByRole('button', { name: '移除' }));
    expect(on.remove).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ userId: 'u-member' }),
    );
    fireEvent.click(screen.getByRole('button', { name: '转让队长' }));
    expect(on.transfer).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: '修改名称' }));
    expect(screen.getByText('请输入新的队伍名称')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('新的队伍名称'), { target: { value: 'Larks' } });
    fireEvent.click(screen.getByRole('button', { name: '修改名称' }));
    expect(on.rename).toHaveBeenCalledWith(expect.objectContaining({ teamId }), 'Larks');
    fireEvent.click(screen.getByRole('button', { name: '解散队伍' }));
    expect(on.disband).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: '申请离队' })).toBeNull();
  });

  it('lets a member only ask to leave', () => {
    const on = handlers();
    render(<MyTeamPanel myTeam={myTeam()} myId="u-member" busy={false} handlers={on} />);
    expect(screen.queryByRole('button', { name: '移除' })).toBeNull();
    expect(screen.queryByTestId('team-applications')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '申请离队' }));
    expect(on.leave).toHaveBeenCalledOnce();
  });

  it('finds a team by ID or by name and applies; shows a pending application to withdraw', async () => {
    const onApply = vi.fn();
    const onCancel = vi.fn();
    const lookUp = vi.fn(async () => ({
      teamId,
      competitionId: 'c-1',
      name: 'Owls',
      ownerName: 'ada',
      memberCount: 2,
      teamSizeLimit: 5,
      disbanded: false,
    }));
    const search = vi.fn(async (q: string, page: number, pageSize: number) => ({
      total: 1,
      page,
      pageSize,
      records: [
        { teamId, name: `Owls ${q}`, ownerName: 'ada', memberCount: 5, teamSizeLimit: 5, full: true },
      ],
    }));
    const calls = { lookUp, search, invitation: vi.fn() };
    const panel = (team: Parameters<typeof myTeam>[0]) => (
      <JoinTeamPanel
        myTeam={myTeam(team)}
        busy={false}
        calls={calls}
        inviteCode={null}
        onApply={onApply}
        onCancel={onCancel}
        onJoin={vi.fn()}
      />
    );
    render(panel({ team: null }));
    const field = () => screen.getByLabelText('队伍 ID 或名称');
    fireEvent.change(field(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '查找' }));
    expect(screen.getByText('请输入队伍名称（1～30 个字符）或队伍 ID。')).toBeTruthy();
    fireEvent.change(field(), { target: { value: ` ${teamId} ` } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '查找' })));
    expect(lookUp).toHaveBeenCalledWith(teamId);
    expect(screen.getByTestId('found-team').textContent).toContain('队长 ada · 成员 2 / 5');
    fireEvent.click(screen.getByRole('button', { name: '申请加入' }));
    expect(onApply).toHaveBeenCalledWith(teamId);
    // A name: the search, its count, a full team that cannot be applied to.
    fireEvent.change(field(), { target: { value: 'ow' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '查找' })));
    expect(search).toHaveBeenCalledWith('ow', 1, 10);
    expect(screen.getByTestId('team-search-results').textContent).toContain('名称包含“ow”的队伍共 1 支');
    expect(screen.getByText('已满员')).toBeTruthy();
    expect((screen.getByRole('button', { name: '申请加入' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    render(
      panel({
        team: null,
        myApplication: { applicationId: 'a-9', kind: 'join', teamId, teamName: 'Owls', requestedAt: '' },
      }),
    );
    expect(screen.getByTestId('my-application').textContent).toContain('您申请加入“Owls”');
    fireEvent.click(screen.getByRole('button', { name: '撤回申请' }));
    expect(onCancel).toHaveBeenCalledWith('a-9');
  });
});
