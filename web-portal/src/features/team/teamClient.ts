import { api } from '../../app/api';
import { createTeamApi } from './teamApi';

export const teamApi = createTeamApi(api);
