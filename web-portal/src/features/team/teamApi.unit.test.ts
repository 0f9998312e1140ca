import { describe, expect, it } from 'vitest';
import { envelope, useRecordingApi } from '../../../test/support/recordingApi';
import { createTeamApi } from './teamApi';

const competitionId = '7c1f0a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
const teamId = '1a2b3c4d-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
const userId = '9f8e7d6c-1d2b-4c3d-8e9f-0a1b2c3d4e5f';

describe('the team calls', () => {
  const harness = useRecordingApi(createTeamApi, 'zh-CN');
  it('sends each command as JSON to its path', async () => {
    for (const path of [
      'create',
      'rename',
      'disband',
      'apply',
      'cancelApplication',
      'handleApplication',
      'applyLeave',
      'removeMember',
      'transferOwner',
    ])
      harness.server.answer(`/api/team/${path}`, envelope(0, 'success', null));
    await harness.api.create(competitionId, 'Owls');
    await harness.api.rename(teamId, 'Larks');
    await harness.api.disband(teamId);
    await harness.api.apply(teamId);
    await harness.api.cancelApplication(userId);
    await harness.api.handleApplication(userId, false);
    await harness.api.applyLeave(teamId);
    await harness.api.removeMember(teamId, userId);
    await harness.api.transferOwner(teamId, userId);
    expect(harness.server.requests.map((r) => [r.method, r.path, JSON.parse(r.body)])).toEqual([
      ['POST', '/api/team/create', { competitionId, name: 'Owls' }],
      ['POST', '/api/team/rename', { teamId, name: 'Larks' }],
      ['POST', '/api/team/disband', { teamId }],
      ['POST', '/api/team/apply', { teamId }],
      ['POST', '/api/team/cancelApplication', { applicationId: userId }],
      ['POST', '/api/team/handleApplication', { applicationId: userId, agree: false }],
      ['POST', '/api/team/applyLeave', { teamId }],
      ['POST', '/api/team/removeMember', { teamId, userId }],
      ['POST', '/api/team/transferOwner', { teamId, userId }],
    ]);
  });

  it('reads my team and a team by ID; shows the server’s message on failure', async () => {
    harness.server.answer('/api/team/myTeam', envelope(0, 'success', { attemptsLeft: 2 }));
    await expect(harness.api.myTeam(competitionId)).resolves.toEqual({ attemptsLeft: 2 });
    expect(harness.server.requests[0]?.query.get('competitionId')).toBe(competitionId);
    harness.server.answer('/api/team/detail', { status: 404, ...envelope(40401, '该队伍不存在') });
    await expect(harness.api.detail(teamId)).rejects.toMatchObject({ message: '该队伍不存在' });
    expect(harness.shown).toEqual([{ severity: 'error', message: '该队伍不存在' }]);
  });
});
