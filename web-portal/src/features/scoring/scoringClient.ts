import { api } from '../../app/api';
import { createScoringApi } from './scoringApi';

export const scoringApi = createScoringApi(api);
